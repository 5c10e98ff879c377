import type { Db } from '../db/database';
import { productIdsInCategory, productIdsWithTag } from './effects/search-index';

/** Tables of content items (one row per item). */
export type ItemTable = 'products' | 'categories' | 'tags' | 'media' | 'redirects' | 'pages' | 'attributes';

/**
 * What the cross-cutting parts of a write (write.ts) and of the reads need to
 * know about a kind of content, declared once per type (decision 056): a
 * table, not a framework. A feature that needs "which types are like this"
 * reads it here instead of keeping its own list.
 */
export type ContentType = {
  /** Where it is stored: rows of a table, or one value of the settings table (a singleton, whose changes carry no id). */
  store: { table: ItemTable } | { setting: string };
  /** How people call it: "Product “Intro”" in a refusal, "Homepage" where an item has no title of its own. */
  label: string;
  /** The plural in an audit summary ("Reordered categories"). */
  plural: string;
  /** Has a status and a publish time: reads filter by viewer (visibility.ts). Only item tables. */
  publishable?: true;
  /** Items hold a list position, handed out under a lock (ordering.ts); the number keys PostgreSQL's advisory lock. */
  orderLock?: number;
  /** A write may change the catalogue's figures (counts, tag lists): they are read again (events.ts). */
  catalogue?: true;
  /** Every save keeps a revision that can be restored (effects/revisions.ts). */
  revisioned?: true;
  /** Its public page is this prefix and the slug; a slug change leaves a redirect (effects/addresses.ts). */
  address?: string;
  /**
   * Products whose search rows show this item (effects/search-index.ts), rewritten in the write; on an
   * update only when one of `fields` (API names) changed, always when `fields` is absent.
   */
  search?: { products: (trx: Db, id: string) => Promise<string[]>; fields?: readonly string[] };
  /** Stored columns that can hold a media URL (`value` for a setting), kept in `media_usages` (effects/media-usages.ts). */
  media?: readonly string[];
  /** API fields holding rich text, sanitised as a save would (previews). */
  richText?: readonly string[];
  /**
   * Webhook events (effects/webhook-events.ts, decision 065). Absent: an item type sends `<type>.created`,
   * `.updated`, `.deleted` (and `.published`, `.unpublished` when publishable), a setting sends `site.updated`.
   * `actions` narrows the list; `false` sends none.
   */
  events?: false | { actions: readonly WebhookAction[] };
};

export type WebhookAction = 'created' | 'updated' | 'deleted' | 'published' | 'unpublished';

export const CONTENT_TYPES = {
  product: {
    store: { table: 'products' },
    label: 'Product',
    plural: 'products',
    publishable: true,
    orderLock: 7_301_002,
    catalogue: true,
    revisioned: true,
    address: '/product/',
    search: { products: async (_trx, id) => [id] },
    media: ['main_image', 'intro_video', 'gallery', 'hero_config', 'description'],
    richText: ['description'],
  },
  category: {
    store: { table: 'categories' },
    label: 'Category',
    plural: 'categories',
    publishable: true,
    orderLock: 7_301_001,
    catalogue: true,
    revisioned: true,
    address: '/category/',
    // Products are found by their categories' titles, drafts' titles excepted.
    search: { products: productIdsInCategory, fields: ['title', 'status'] },
    media: ['tile_image', 'tile_video', 'hover_image', 'empty_image', 'hero_config'],
  },
  tag: {
    store: { table: 'tags' },
    label: 'Tag',
    plural: 'tags',
    catalogue: true,
    search: { products: productIdsWithTag, fields: ['title'] },
  },
  // Definitions of what products are filtered by (decision 072): a change moves which products a filter finds.
  attribute: {
    store: { table: 'attributes' },
    label: 'Attribute',
    plural: 'attributes',
    catalogue: true,
  },
  page: {
    store: { table: 'pages' },
    label: 'Page',
    plural: 'pages',
    publishable: true,
    revisioned: true,
    address: '/pages/',
    media: ['share_image', 'blocks'],
  },
  homepage: { store: { setting: 'homepage' }, label: 'Homepage', plural: 'homepage', revisioned: true, media: ['value'] },
  about: { store: { setting: 'about' }, label: 'About page', plural: 'about page', revisioned: true, media: ['value'], richText: ['content'] },
  theme: { store: { setting: 'theme' }, label: 'Theme', plural: 'theme', revisioned: true, media: ['value'] },
  navigation: { store: { setting: 'navigation' }, label: 'Menus', plural: 'menus' },
  site: { store: { setting: 'site' }, label: 'Site settings', plural: 'site settings', media: ['value'] },
  media: { store: { table: 'media' }, label: 'Media', plural: 'media', events: { actions: ['created', 'deleted'] } },
  redirect: { store: { table: 'redirects' }, label: 'Redirect', plural: 'redirects', events: { actions: ['created'] } },
} satisfies Record<string, ContentType>;

export type ContentTypeName = keyof typeof CONTENT_TYPES;
/** Every type's name, in the table's order (read live: a test may declare one more). */
export const contentTypeNames = () => Object.keys(CONTENT_TYPES) as ContentTypeName[];

/** The content type named in a message from another worker or copy; undefined when it names none we know. */
export const asContentType = (value: unknown): ContentTypeName | undefined => contentTypeNames().find((name) => name === value);

/** The declaration of a type, with its optional parts typed as optional. */
export const contentType = (name: ContentTypeName): ContentType => CONTENT_TYPES[name];

type Having<K extends keyof ContentType> = { [N in ContentTypeName]: (typeof CONTENT_TYPES)[N] extends Record<K, unknown> ? N : never }[ContentTypeName];

/** Types that keep revisions (their list and restore routes, and what a backup's revision rows may name). */
export type RevisionedType = Having<'revisioned'>;
export const REVISIONED_TYPES = contentTypeNames().filter((name): name is RevisionedType => contentType(name).revisioned === true);

/** Types with a public page at prefix + slug. */
export type AddressedType = Having<'address'>;

/** Tables of publishable items; those with list positions. */
export type PublishableTable = { [N in Having<'publishable'>]: (typeof CONTENT_TYPES)[N]['store']['table'] }[Having<'publishable'>];
export type OrderedTable = { [N in Having<'orderLock'>]: (typeof CONTENT_TYPES)[N]['store']['table'] }[Having<'orderLock'>];
export const PUBLISHABLE_TABLES = contentTypeNames().flatMap((name) => {
  const type = contentType(name);
  return type.publishable && 'table' in type.store ? [type.store.table as PublishableTable] : [];
});

/** The public address of an item. */
export const itemPath = (type: AddressedType, slug: string) => `${CONTENT_TYPES[type].address}${encodeURIComponent(slug)}`;

/** The type whose items live in `table`. */
export const typeOfTable = (table: ItemTable): ContentTypeName => contentTypeNames().find((name) => {
  const store = contentType(name).store;
  return 'table' in store && store.table === table;
})!;
