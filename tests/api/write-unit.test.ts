import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { discoverApiRoutes } from '../helpers/routes';
import { aCategory, aProduct } from '../helpers/factories';
import { imageForm, noisyJpeg } from '../helpers/media';
import type { ContentChange } from '../../src/server/content/changes';
import { contentType, type ContentTypeName } from '../../src/server/content/types';
import { rebuildSearchIndex } from '../../src/server/content/effects/search-index';
import { rebuildMediaUsages } from '../../src/server/content/effects/media-usages';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';
import type { Db } from '../../src/server/db/database';

/** Write routes that are not content writes: sign-in and account, previews, the newsletter's subscribers, Buy Now reports. */
const NOT_CONTENT = [
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/verify',
  'PUT /api/auth/password',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/2fa/disable',
  'POST /api/auth/sessions/revoke-others',
  'DELETE /api/auth/sessions/:id',
  'POST /api/preview',
  'POST /api/newsletter/subscribe',
  'DELETE /api/newsletter/subscribers',
  'DELETE /api/newsletter/subscribers/:id',
  'POST /api/analytics/buy/:productSlug',
  'POST /api/forms/:pageId/:blockId/submissions',
  'DELETE /api/form-submissions/:id',
  // Webhook endpoints: the site's integrations, not its content (decision 065).
  'POST /api/webhooks',
  'PUT /api/webhooks/:id',
  'DELETE /api/webhooks/:id',
  'POST /api/webhooks/:id/rotate',
  'POST /api/webhooks/:id/test',
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
];

/** The webhook event each committed write sends (decision 065): none for reorders, media edits and redirect changes after creation. */
const EVENT_OF: Record<string, string | null> = {
  'POST /api/upload/image': 'media.created',
  'POST /api/homepage/upload': 'media.created',
  'POST /api/categories': 'category.created',
  'POST /api/tags': 'tag.created',
  'POST /api/products': 'product.created',
  'PUT /api/products/:id': 'product.updated',
  'PUT /api/products/:id/position': null,
  'PUT /api/products/reorder/bulk': null,
  'POST /api/products/:id/revisions/:revisionId/restore': 'product.updated',
  'PUT /api/categories/:id': 'category.updated',
  'PUT /api/categories/reorder/bulk': null,
  'POST /api/categories/:id/revisions/:revisionId/restore': 'category.updated',
  'PUT /api/tags/:id': 'tag.updated',
  'PUT /api/homepage': 'site.updated',
  'POST /api/homepage/revisions/:revisionId/restore': 'site.updated',
  'PUT /api/about': 'site.updated',
  'POST /api/about/revisions/:revisionId/restore': 'site.updated',
  'PUT /api/theme': 'site.updated',
  'POST /api/theme/revisions/:revisionId/restore': 'site.updated',
  'PUT /api/site-settings': 'site.updated',
  'PATCH /api/media/:id': null,
  'POST /api/redirects': 'redirect.created',
  'PUT /api/redirects/:id': null,
  'DELETE /api/redirects/:id': null,
  'DELETE /api/media/:id': 'media.deleted',
  'DELETE /api/tags/:id': 'tag.deleted',
  'DELETE /api/products/:id': 'product.deleted',
  'DELETE /api/categories/:id': 'category.deleted',
  'POST /api/import': 'product.created',
  'POST /api/pages': 'page.created',
  'PUT /api/pages/:id': 'page.updated',
  'POST /api/pages/:id/revisions/:revisionId/restore': 'page.updated',
  'DELETE /api/pages/:id': 'page.deleted',
  'PUT /api/navigation': 'site.updated',
  'POST /api/attributes': 'attribute.created',
  'PUT /api/attributes/:id': 'attribute.updated',
  'DELETE /api/attributes/:id': 'attribute.deleted',
};

/** What a content write may touch, row by row: compared whole before and after a refused or failing write. */
const TABLES = ['products', 'categories', 'tags', 'product_tags', 'product_categories', 'media', 'redirects', 'revisions', 'audit_log', 'media_usages', 'pages', 'attributes', 'product_attributes'] as const;

async function rowsOf(db: Db, table: string): Promise<string[]> {
  const rows = await db.selectFrom(table as 'products').selectAll().execute();
  return rows.map((row) => JSON.stringify(row)).sort();
}

/** Every row a content write could leave, the settings' content values and the search index included. */
async function everything(db: Db): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = {};
  for (const table of TABLES) state[table] = await rowsOf(db, table);
  state.settings = (await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['homepage', 'about', 'theme', 'site']).execute())
    .map((row) => JSON.stringify(row))
    .sort();
  state.search = await searchRows(db);
  // Which events were queued for which endpoint (their delivery state moves on its own, so it is left out).
  state.webhooks = (await db.selectFrom('webhook_deliveries').select(['id', 'endpoint_id', 'event']).execute()).map((row) => JSON.stringify(row)).sort();
  return state;
}

const searchRows = async (db: Db) =>
  (await db.selectFrom('search_index').select(['product_id', 'title', 'info', 'tags', 'categories', 'body']).execute()).map((row) => JSON.stringify(row)).sort();

/** A Showcase CSV of the rows given (issue 31). */
function importFile(rows: string): FormData {
  const form = new FormData();
  const header = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';
  form.append('file', new Blob([header + rows], { type: 'text/csv' }), 'products.csv');
  return form;
}

const ROLLBACK = new Error('rolled back on purpose');

/** The search index and the media-usage index as a rebuild from the content would make them, in a transaction then rolled back. */
async function rebuilt(db: Db): Promise<{ search: string[]; usages: string[] }> {
  let result: { search: string[]; usages: string[] } | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await rebuildSearchIndex(trx);
      await rebuildMediaUsages(trx);
      result = { search: await searchRows(trx), usages: await rowsOf(trx, 'media_usages') };
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return result!;
}

type Step = {
  route: string;
  type: ContentTypeName;
  action: ContentChange['action'];
  /** The committed write; answers 2xx. */
  write: () => Promise<LightMyRequestResponse>;
  /** The same route refused (400, 404 or 409): it must leave nothing. */
  refuse: () => Promise<LightMyRequestResponse>;
};

/**
 * The write unit's promise (decision 056), over every content write route:
 * each committed write leaves exactly one announcement and one audit entry,
 * one revision where the type keeps them, a search index and a media-usage
 * index equal to a rebuild from the content; a refused write and a write
 * whose audit entry cannot be written leave no row and no announcement.
 */
describe(`the write unit over every write route (${testDatabaseKind})`, () => {
  let t: TestApp;
  const seen: ContentChange[] = [];
  const f = { attribute: '', category: '', image: '', imageUrl: '', page: '', product: '', redirect: '', spare: '', tag: '' };
  /** Two endpoints: one wants every event, one a few; each committed write queues one row for each endpoint that wants its event. */
  const endpoints: { id: string; events: string[] }[] = [];
  const json = (response: LightMyRequestResponse) => response.json().data;
  const as = (options: InjectOptions) => t.asAdmin(options);
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  const latestRevision = async (entity: string, itemId: string) =>
    (await t.app.ctx.db.selectFrom('revisions').select('id').where('entity', '=', entity).where('item_id', '=', itemId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    t.app.ctx.contentEvents.on('change', (change) => seen.push(change));
    // Signed in before the walk: the sign-in's own audit entry is not a write's.
    await t.token();
    const every = (await t.asAdmin({ url: '/api/webhooks/events' })).json().data.events as string[];
    for (const events of [every, ['product.created', 'product.updated', 'product.deleted', 'site.updated']]) {
      const made = await t.asAdmin({ method: 'POST', url: '/api/webhooks', payload: { url: 'http://127.0.0.1:9/unit-hook', events } });
      endpoints.push({ id: made.json().data.id, events });
    }
    await t.app.ctx.audit.flush();
  });
  afterAll(() => t.close());

  const upload = async (url: string, field: string) => as({ method: 'POST', url, payload: imageForm(field, await noisyJpeg(40, 30), 'photo.jpg') });
  const restore = (prefix: string, entity: string, itemId: string) => async () => as({ method: 'POST', url: `${prefix}/revisions/${await latestRevision(entity, itemId)}/restore` });

  const steps: Step[] = [
    {
      route: 'POST /api/upload/image', type: 'media', action: 'create',
      write: async () => { const r = await upload('/api/upload/image', 'image'); f.image = json(r).id; f.imageUrl = json(r).url; return r; },
      refuse: () => upload('/api/upload/image', 'not-image'),
    },
    {
      route: 'POST /api/homepage/upload', type: 'media', action: 'create',
      write: async () => { const r = await upload('/api/homepage/upload', 'file'); f.spare = json(r).id; return r; },
      refuse: () => as({ method: 'POST', url: '/api/homepage/upload', payload: imageForm('file', Buffer.from('plain text'), 'notes.txt', 'text/plain') }),
    },
    {
      route: 'POST /api/categories', type: 'category', action: 'create',
      write: async () => { const r = await as({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'unit-cat', tileImage: f.imageUrl }) }); f.category = json(r).id; return r; },
      refuse: () => as({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'unit-cat' }) }),
    },
    {
      route: 'POST /api/tags', type: 'tag', action: 'create',
      write: async () => { const r = await as({ method: 'POST', url: '/api/tags', payload: { title: 'Unit tag' } }); f.tag = json(r).id; return r; },
      refuse: () => as({ method: 'POST', url: '/api/tags', payload: { title: 'unit TAG' } }),
    },
    {
      route: 'POST /api/attributes', type: 'attribute', action: 'create',
      write: async () => { const r = await as({ method: 'POST', url: '/api/attributes', payload: { name: 'Level', slug: 'unit-level', type: 'choice', values: ['Beginner', 'Expert'], filter: true } }); f.attribute = json(r).id; return r; },
      refuse: () => as({ method: 'POST', url: '/api/attributes', payload: { name: 'Level again', slug: 'unit-level', type: 'choice', values: ['Beginner'] } }),
    },
    {
      route: 'POST /api/products', type: 'product', action: 'create',
      write: async () => {
        const r = await as({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'unit-product', mainImage: f.imageUrl, categories: [f.category], tags: [f.tag], attributes: { 'unit-level': 'Expert' } }) });
        f.product = json(r).id;
        return r;
      },
      refuse: () => as({ method: 'POST', url: '/api/products', payload: aProduct({ slug: 'unit-other', categories: [UNKNOWN] }) }),
    },
    {
      // An import of one product whose category and tag exist is one product write; a file with an error changes nothing (422).
      route: 'POST /api/import', type: 'product', action: 'create',
      write: () => as({ method: 'POST', url: '/api/import?dryRun=false', payload: importFile(`unit-imported,Imported,<p>From a file</p>,1 hour,unit-cat,unit tag,,12.5,EUR,,,,https://shop.example.com/x,https://cdn.example.com/imported.jpg,,,\r\n`) }),
      refuse: () => as({ method: 'POST', url: '/api/import?dryRun=false', payload: importFile('unit-refused,Refused,<p>x</p>,1 hour,,,,twelve,EUR,,,,https://shop.example.com/x,/uploads/x.jpg,,,\r\n') }),
    },
    {
      route: 'PUT /api/products/:id', type: 'product', action: 'update',
      write: () => as({ method: 'PUT', url: `/api/products/${f.product}`, payload: aProduct({ slug: 'unit-renamed', title: 'Renamed', categories: [f.category], tags: [f.tag], description: `<p><img src="${f.imageUrl}"></p>` }) }),
      refuse: () => as({ method: 'PUT', url: `/api/products/${f.product}`, payload: aProduct({ slug: 'unit-renamed' }), headers: { 'if-match': '"1"' } }),
    },
    {
      route: 'PUT /api/products/:id/position', type: 'product', action: 'reorder',
      write: () => as({ method: 'PUT', url: `/api/products/${f.product}/position`, payload: { position: 0 } }),
      refuse: () => as({ method: 'PUT', url: `/api/products/${UNKNOWN}/position`, payload: { position: 0 } }),
    },
    {
      route: 'PUT /api/products/reorder/bulk', type: 'product', action: 'reorder',
      write: () => as({ method: 'PUT', url: '/api/products/reorder/bulk', payload: { products: [{ id: f.product, order: 3 }] } }),
      refuse: () => as({ method: 'PUT', url: '/api/products/reorder/bulk', payload: { products: [{ id: f.product, order: 1 }, { id: UNKNOWN, order: 2 }] } }),
    },
    {
      route: 'POST /api/products/:id/revisions/:revisionId/restore', type: 'product', action: 'update',
      write: async () => restore(`/api/products/${f.product}`, 'product', f.product!)(),
      refuse: () => as({ method: 'POST', url: `/api/products/${f.product}/revisions/${UNKNOWN}/restore` }),
    },
    {
      // The product holds "Expert": a list without it is refused, one with it changes the attribute.
      route: 'PUT /api/attributes/:id', type: 'attribute', action: 'update',
      write: () => as({ method: 'PUT', url: `/api/attributes/${f.attribute}`, payload: { name: 'Your level', slug: 'unit-level', type: 'choice', values: ['Beginner', 'Expert', 'Master'], filter: true } }),
      refuse: () => as({ method: 'PUT', url: `/api/attributes/${f.attribute}`, payload: { name: 'Your level', slug: 'unit-level', type: 'choice', values: ['Beginner'], filter: true } }),
    },
    {
      route: 'DELETE /api/attributes/:id', type: 'attribute', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/attributes/${f.attribute}` }),
      refuse: () => as({ method: 'DELETE', url: `/api/attributes/${f.attribute}` }),
    },
    {
      route: 'PUT /api/categories/:id', type: 'category', action: 'update',
      write: () => as({ method: 'PUT', url: `/api/categories/${f.category}`, payload: aCategory({ slug: 'unit-cat-2', title: 'Renamed category' }) }),
      refuse: () => as({ method: 'PUT', url: `/api/categories/${UNKNOWN}`, payload: aCategory({ slug: 'unit-nothing' }) }),
    },
    {
      route: 'POST /api/pages', type: 'page', action: 'create',
      write: async () => {
        const r = await as({ method: 'POST', url: '/api/pages', payload: { title: 'Unit page', slug: 'unit-page', shareImage: f.imageUrl, blocks: [{ type: 'image', url: f.imageUrl, alt: 'A' }] } });
        f.page = json(r).id;
        return r;
      },
      refuse: () => as({ method: 'POST', url: '/api/pages', payload: { title: 'Unit page', slug: 'unit-page' } }),
    },
    {
      route: 'PUT /api/pages/:id', type: 'page', action: 'update',
      write: () => as({ method: 'PUT', url: `/api/pages/${f.page}`, payload: { title: 'Unit page 2', slug: 'unit-page-2', blocks: [{ type: 'richText', html: `<p><img src="${f.imageUrl}"></p>` }] } }),
      refuse: () => as({ method: 'PUT', url: `/api/pages/${UNKNOWN}`, payload: { title: 'Nothing', slug: 'unit-nothing' } }),
    },
    {
      route: 'POST /api/pages/:id/revisions/:revisionId/restore', type: 'page', action: 'update',
      write: async () => as({ method: 'POST', url: `/api/pages/${f.page}/revisions/${(await as({ url: `/api/pages/${f.page}/revisions` })).json().data.at(-1).id}/restore` }),
      refuse: () => as({ method: 'POST', url: `/api/pages/${UNKNOWN}/revisions/${UNKNOWN}/restore` }),
    },
    {
      route: 'DELETE /api/pages/:id', type: 'page', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/pages/${f.page}` }),
      refuse: () => as({ method: 'DELETE', url: `/api/pages/${f.page}` }),
    },
    {
      route: 'PUT /api/navigation', type: 'navigation', action: 'update',
      write: () => as({ method: 'PUT', url: '/api/navigation', payload: { header: [{ label: 'Home', href: '/' }], footer: [{ heading: 'Legal', links: [{ label: 'About', href: '/about' }] }] } }),
      refuse: () => as({ method: 'PUT', url: '/api/navigation', payload: { header: [{ label: 'Home', href: 'javascript:alert(1)' }] } }),
    },
    {
      route: 'PUT /api/categories/reorder/bulk', type: 'category', action: 'reorder',
      write: () => as({ method: 'PUT', url: '/api/categories/reorder/bulk', payload: { categories: [{ id: f.category, order: 5 }] } }),
      refuse: () => as({ method: 'PUT', url: '/api/categories/reorder/bulk', payload: { categories: [{ id: UNKNOWN, order: 1 }] } }),
    },
    {
      route: 'POST /api/categories/:id/revisions/:revisionId/restore', type: 'category', action: 'update',
      write: async () => as({ method: 'POST', url: `/api/categories/${f.category}/revisions/${(await as({ url: `/api/categories/${f.category}/revisions` })).json().data.at(-1).id}/restore` }),
      refuse: () => as({ method: 'POST', url: `/api/categories/${UNKNOWN}/revisions/${UNKNOWN}/restore` }),
    },
    {
      route: 'PUT /api/tags/:id', type: 'tag', action: 'update',
      write: () => as({ method: 'PUT', url: `/api/tags/${f.tag}`, payload: { title: 'Renamed tag' } }),
      refuse: () => as({ method: 'PUT', url: `/api/tags/${UNKNOWN}`, payload: { title: 'Nothing' } }),
    },
    {
      route: 'PUT /api/homepage', type: 'homepage', action: 'update',
      write: () => as({ method: 'PUT', url: '/api/homepage', payload: { title: 'Welcome', heroImage: f.imageUrl } }),
      refuse: () => as({ method: 'PUT', url: '/api/homepage', payload: { title: 'Stale' }, headers: { 'if-match': '"999"' } }),
    },
    {
      route: 'POST /api/homepage/revisions/:revisionId/restore', type: 'homepage', action: 'update',
      write: async () => restore('/api/homepage', 'homepage', '')(),
      refuse: () => as({ method: 'POST', url: `/api/homepage/revisions/${UNKNOWN}/restore` }),
    },
    {
      route: 'PUT /api/about', type: 'about', action: 'update',
      write: () => as({ method: 'PUT', url: '/api/about', payload: { heroConfig: { title: 'About us' }, content: `<p>Hello <img src="${f.imageUrl}"></p>` } }),
      refuse: () => as({ method: 'PUT', url: '/api/about', payload: { heroConfig: 'not a hero' } }),
    },
    {
      route: 'POST /api/about/revisions/:revisionId/restore', type: 'about', action: 'update',
      write: async () => restore('/api/about', 'about', '')(),
      refuse: () => as({ method: 'POST', url: `/api/about/revisions/${UNKNOWN}/restore` }),
    },
    {
      route: 'PUT /api/theme', type: 'theme', action: 'update',
      write: () => as({ method: 'PUT', url: '/api/theme', payload: { primaryColor: '#224466', newsletterImage: f.imageUrl } }),
      refuse: () => as({ method: 'PUT', url: '/api/theme', payload: { primaryColor: 'blue-ish' } }),
    },
    {
      route: 'POST /api/theme/revisions/:revisionId/restore', type: 'theme', action: 'update',
      write: async () => restore('/api/theme', 'theme', '')(),
      refuse: () => as({ method: 'POST', url: `/api/theme/revisions/${UNKNOWN}/restore` }),
    },
    {
      route: 'PUT /api/site-settings', type: 'site', action: 'update',
      write: () => as({ method: 'PUT', url: '/api/site-settings', payload: { ...defaultSiteSettings(), name: 'Unit site', logo: f.imageUrl } }),
      refuse: () => as({ method: 'PUT', url: '/api/site-settings', payload: { ...defaultSiteSettings(), name: '' } }),
    },
    {
      route: 'PATCH /api/media/:id', type: 'media', action: 'update',
      write: () => as({ method: 'PATCH', url: `/api/media/${f.image}`, payload: { alt: 'A photo' } }),
      refuse: () => as({ method: 'PATCH', url: `/api/media/${UNKNOWN}`, payload: { alt: 'Nothing' } }),
    },
    {
      route: 'POST /api/redirects', type: 'redirect', action: 'create',
      write: async () => { const r = await as({ method: 'POST', url: '/api/redirects', payload: { from: '/old-unit', to: '/about', status: 301 } }); f.redirect = json(r).id; return r; },
      refuse: () => as({ method: 'POST', url: '/api/redirects', payload: { from: '/loop', to: '/loop', status: 301 } }),
    },
    {
      route: 'PUT /api/redirects/:id', type: 'redirect', action: 'update',
      write: () => as({ method: 'PUT', url: `/api/redirects/${f.redirect}`, payload: { from: '/old-unit', to: '/', status: 302 } }),
      refuse: () => as({ method: 'PUT', url: `/api/redirects/${UNKNOWN}`, payload: { from: '/x', to: '/', status: 301 } }),
    },
    {
      route: 'DELETE /api/redirects/:id', type: 'redirect', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/redirects/${f.redirect}` }),
      refuse: () => as({ method: 'DELETE', url: `/api/redirects/${f.redirect}` }),
    },
    {
      route: 'DELETE /api/media/:id', type: 'media', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/media/${f.spare}` }),
      // Still used by the product, the homepage, the about page, the theme and the site settings.
      refuse: () => as({ method: 'DELETE', url: `/api/media/${f.image}` }),
    },
    {
      route: 'DELETE /api/tags/:id', type: 'tag', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/tags/${f.tag}` }),
      refuse: () => as({ method: 'DELETE', url: `/api/tags/${f.tag}` }),
    },
    {
      route: 'DELETE /api/products/:id', type: 'product', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/products/${f.product}` }),
      refuse: () => as({ method: 'DELETE', url: `/api/products/${f.product}` }),
    },
    {
      route: 'DELETE /api/categories/:id', type: 'category', action: 'delete',
      write: () => as({ method: 'DELETE', url: `/api/categories/${f.category}` }),
      refuse: () => as({ method: 'DELETE', url: `/api/categories/${f.category}` }),
    },
  ];

  it('has a step for every write route that is not listed as another kind of write', () => {
    const writes = discoverApiRoutes(t.app)
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => `${route.method} ${route.path}`);
    const covered = new Set([...steps.map((step) => step.route), ...NOT_CONTENT]);
    expect(writes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it('each committed write: one announcement, one audit entry, its revision, and indexes equal to a rebuild; each refused write: nothing', async () => {
    const db = t.app.ctx.db;
    for (const step of steps) {
      const before = await everything(db);
      const announced = seen.length;
      const response = await step.write();
      expect(response.statusCode, `${step.route}: ${response.body}`).toBeLessThan(300);

      const changes = seen.slice(announced);
      expect(changes.map((change) => `${change.entity}.${change.action}`), step.route).toEqual([`${step.type}.${step.action}`]);
      const change = changes[0]!;
      const after = await everything(db);
      const added = (table: string) => after[table]!.filter((row) => !before[table]!.includes(row));
      const removed = (table: string) => before[table]!.filter((row) => !after[table]!.includes(row));

      const entries = added('audit_log').map((row) => JSON.parse(row) as { action: string; target_id: string | null });
      expect(entries.map((entry) => entry.action), step.route).toEqual([`${step.type}.${step.action}`]);
      expect(entries[0]!.target_id, step.route).toBe(change.id);

      const revisions = added('revisions').map((row) => JSON.parse(row) as { entity: string; item_id: string; snapshot: string });
      const keepsOne = contentType(step.type).revisioned && (step.action === 'create' || step.action === 'update');
      expect(revisions.map((revision) => `${revision.entity} ${revision.item_id}`), step.route).toEqual(keepsOne ? [`${step.type} ${change.id ?? ''}`] : []);
      if (keepsOne) expect(JSON.parse(revisions[0]!.snapshot), step.route).toEqual(change.after);
      if (contentType(step.type).revisioned && step.action === 'delete') {
        expect(after.revisions!.filter((row) => (JSON.parse(row) as { item_id: string }).item_id === change.id), step.route).toEqual([]);
      }
      if (!contentType(step.type).revisioned) expect(removed('revisions'), step.route).toEqual([]);

      const event = EVENT_OF[step.route];
      expect(event, `${step.route} has an expected webhook event`).not.toBe(undefined);
      const queued = added('webhooks').map((row) => JSON.parse(row) as { endpoint_id: string; event: string });
      const wanted = event ? endpoints.filter((endpoint) => endpoint.events.includes(event)) : [];
      expect(queued.map((row) => `${row.endpoint_id} ${row.event}`).sort(), step.route).toEqual(wanted.map((endpoint) => `${endpoint.id} ${event}`).sort());

      const expected = await rebuilt(db);
      expect(after.search, step.route).toEqual(expected.search);
      expect(after.media_usages, step.route).toEqual(expected.usages);

      const beforeRefusal = await everything(db);
      const refused = await step.refuse();
      expect(refused.statusCode, `${step.route} refused: ${refused.body}`).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, `${step.route} refused: ${refused.body}`).toBeLessThan(500);
      expect(seen.length, `${step.route} refused`).toBe(announced + 1);
      expect(await everything(db), `${step.route} refused`).toEqual(beforeRefusal);
    }
    // The walk did reach the media-usage index: a file in the product, the pages and the settings was refused deletion.
    expect((await as({ url: `/api/media/${f.image}` })).json().data.usedBy.map((usage: { kind: string }) => usage.kind)).toEqual(['homepage', 'about', 'theme', 'site']);
  });

  it('a write whose audit entry cannot be written fails whole: no row of it, no revision, no index change, no announcement', async () => {
    const db = t.app.ctx.db;
    const made = await as({ method: 'POST', url: '/api/categories', payload: aCategory({ slug: 'kept-cat' }) });
    expect(made.statusCode).toBe(201);
    if (testDatabaseKind === 'sqlite') {
      await sql`create trigger refuse_audit before insert on audit_log begin select raise(abort, 'audit refused'); end`.execute(db);
    } else {
      await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(db);
      await sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`.execute(db);
    }
    try {
      const attempts: InjectOptions[] = [
        { method: 'POST', url: '/api/products', payload: aProduct({ slug: 'never-saved', categories: [json(made).id] }) },
        { method: 'PUT', url: `/api/categories/${json(made).id}`, payload: aCategory({ slug: 'kept-cat', title: 'Never renamed' }) },
        { method: 'PUT', url: '/api/homepage', payload: { title: 'Never shown' } },
        { method: 'DELETE', url: `/api/categories/${json(made).id}` },
      ];
      for (const attempt of attempts) {
        const before = await everything(db);
        const announced = seen.length;
        const response = await as(attempt);
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(500);
        expect(seen.length, `${attempt.method} ${attempt.url}`).toBe(announced);
        expect(await everything(db), `${attempt.method} ${attempt.url}`).toEqual(before);
      }
    } finally {
      await sql`drop trigger refuse_audit${testDatabaseKind === 'postgres' ? sql` on audit_log` : sql``}`.execute(db);
      if (testDatabaseKind === 'postgres') await sql`drop function refuse_audit()`.execute(db);
    }
    expect((await as({ method: 'PUT', url: '/api/homepage', payload: { title: 'Shown again' } })).statusCode).toBe(200);
  });
});
