import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { visibleWhere, visibilityFor } from '../../content/visibility';
import type { PublishableTable } from '../../content/types';
import { NavigationSchema, type Navigation, type NavigationInput } from '../../../shared/schemas/navigation';
import { selectSetting, selectVersionedSetting, upsertSetting, upsertSettingIfVersion } from '../site/settings.repository';
import { editConflict, type Versioned } from '../../http/etag';

const KEY = 'navigation';
const LATEST_PRODUCTS = 3;
/** Published pages in the default footer's "Site" column (the owner's menus may link any). */
const DEFAULT_FOOTER_PAGES = 6;
export const DEFAULT_PAGES_HEADING = 'Site';
type Link = { label: string; href: string };

/** The menus, and the products they name by title (the default footer's latest): a change to one changes the menus. */
export type ShownNavigation = { navigation: Navigation; productIds: string[] };

/** The spec's header and footer, from the catalogue as it is now: new categories (and pages, in the footer) appear in them. */
async function defaultNavigation(db: Db): Promise<ShownNavigation> {
  const visible = visibilityFor('visitor');
  const categories = await db.selectFrom('categories').select(['slug', 'title']).where(visibleWhere('categories', visible)).orderBy('sort_order').orderBy('title').orderBy('id').execute();
  const products = await db.selectFrom('products').select(['id', 'slug', 'title']).where(visibleWhere('products', visible)).orderBy('sort_order').orderBy('title').orderBy('id').limit(LATEST_PRODUCTS).execute();
  const pages = await db.selectFrom('pages').select(['slug', 'title']).where(visibleWhere('pages', visible)).orderBy('title').orderBy('id').limit(DEFAULT_FOOTER_PAGES).execute();
  const categoryLinks = categories.map((category) => ({ label: category.title, href: `/category/${encodeURIComponent(category.slug)}` }));
  const navigation = {
    header: [{ label: 'Home', href: '/' }, ...categoryLinks, { label: 'About', href: '/about' }],
    footer: [
      { heading: 'Navigation', links: [{ label: 'Home', href: '/' }, { label: 'About', href: '/about' }] },
      { heading: 'Categories', links: categoryLinks },
      { heading: 'Latest Products', links: products.map((product) => ({ label: product.title, href: `/product/${encodeURIComponent(product.slug)}` })) },
      // The spec's three columns, then the published pages (Privacy, Terms, FAQ, Contact…) once there are any.
      ...(pages.length > 0 ? [{ heading: DEFAULT_PAGES_HEADING, links: pages.map((page) => ({ label: page.title, href: `/pages/${encodeURIComponent(page.slug)}` })) }] : []),
    ],
  };
  return { navigation, productIds: products.map((product) => product.id) };
}

const ITEM_PATH = /^\/(category|product|pages)\/([^/?#]+)\/?(?:[?#].*)?$/;
const TABLES: Record<string, PublishableTable> = { category: 'categories', product: 'products', pages: 'pages' };

/** The links to an item visitors can no longer see (deleted, unpublished): they drop out rather than lead to a 404. */
async function liveLinks(db: Db, navigation: Navigation): Promise<(link: Link) => boolean> {
  const links = [...navigation.header.flatMap((item) => [item, ...(item.children ?? [])]), ...navigation.footer.flatMap((column) => column.links)];
  const wanted = new Map<PublishableTable, Set<string>>();
  for (const link of links) {
    const match = ITEM_PATH.exec(link.href);
    if (match) wanted.set(TABLES[match[1]!]!, (wanted.get(TABLES[match[1]!]!) ?? new Set()).add(safeDecode(match[2]!)));
  }
  const live = new Set<string>();
  for (const [table, slugs] of wanted) {
    const rows = await db.selectFrom(table).select('slug').where('slug', 'in', [...slugs]).where(visibleWhere(table, visibilityFor('visitor'))).execute();
    for (const row of rows) live.add(`${table}/${row.slug}`);
  }
  return (link) => {
    const match = ITEM_PATH.exec(link.href);
    return !match || live.has(`${TABLES[match[1]!]}/${safeDecode(match[2]!)}`);
  };
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The menus visitors see: the owner's, without dead links, or the spec's until the owner saves them. */
export async function getNavigation(db: Db): Promise<Navigation> {
  return (await getShownNavigation(db)).navigation;
}

/** The menus and the version their ETag names (0 until first saved: the computed default). */
export async function getNavigationVersioned(db: Db): Promise<Versioned<Navigation>> {
  const { value, version } = await selectVersionedSetting(db, KEY);
  return { item: (await shownFrom(db, value)).navigation, version };
}

/** The menus visitors see, with the products whose titles the default footer shows (the pages' render keys them). */
export async function getShownNavigation(db: Db): Promise<ShownNavigation> {
  return shownFrom(db, await selectSetting(db, KEY));
}

async function shownFrom(db: Db, stored: string | undefined): Promise<ShownNavigation> {
  const saved = stored === undefined ? undefined : NavigationSchema.safeParse(parseJson<unknown>(stored, null));
  if (!saved?.success) return defaultNavigation(db);
  const keep = await liveLinks(db, saved.data);
  const navigation = {
    header: saved.data.header.filter(keep).map((item) => (item.children ? { ...item, children: item.children.filter(keep) } : item)),
    footer: saved.data.footer.map((column) => ({ heading: column.heading, links: column.links.filter(keep) })),
  };
  return { navigation, productIds: [] };
}

/**
 * Saves the menus whole; with `ifVersion` (If-Match) only if nobody saved them since that version
 * (409 otherwise, as every editor of the house: decision 029). Without it, it overwrites (API compatibility).
 */
export async function saveNavigation(writer: Writer, input: NavigationInput, ifVersion?: number): Promise<Versioned<Navigation>> {
  const navigation = NavigationSchema.parse(input);
  const version = await write(writer, { type: 'navigation', action: 'update', id: null }, async (trx) => {
    const stored = await selectSetting(trx, KEY);
    const value = JSON.stringify(navigation);
    if (ifVersion === undefined) await upsertSetting(trx, KEY, value);
    else if (!(await upsertSettingIfVersion(trx, KEY, value, ifVersion))) throw editConflict('navigation');
    const saved = await selectVersionedSetting(trx, KEY);
    return { result: saved.version, before: stored === undefined ? null : parseJson<unknown>(stored, null), after: navigation };
  });
  // The menus as saved, less any link visitors cannot follow, under the version just written.
  return { item: (await shownFrom(writer.db, JSON.stringify(navigation))).navigation, version };
}
