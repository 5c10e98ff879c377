import type { ContentChange } from '../content/changes';

/**
 * Surrogate keys (Fastly `Surrogate-Key`, Cloudflare `Cache-Tag`, Bunny `CDN-Tag`): the names of what a
 * public answer shows, so a write purges exactly the cached answers it changes (decision 061).
 * - `site`: theme and site settings, drawn by every page
 * - `home`, `about`: the singletons' own pages
 * - `product:<id>`, `category:<id>`, `tag:<id>`: an item shown on the page (its own page, a card, a filter)
 * - `products`: a list of products (home, category pages, their pages 2…): their membership and order
 * - `attributes`: the attribute definitions (product pages' tables, facets)
 * - `categories`, `tags`: the lists of categories (the menu, the home's sections) and of tags (filters)
 * - `page:<id>`: a page made of blocks (its own address); `pages`: what lists pages (the menus, the search)
 * - `search`: search results, which any product or page write may change
 * - `not-found`: the shared not-found pages, which a new address or redirect may turn into something else
 * - `media:<name>`: a stored image, by its generated name (its variants share it)
 */
export const SITE_KEY = 'site';
export const productKey = (id: string) => `product:${id}`;
export const categoryKey = (id: string) => `category:${id}`;
export const tagKey = (id: string) => `tag:${id}`;
export const pageKey = (id: string) => `page:${id}`;

/** `/uploads/<name>.<ext>` and its variants `/uploads/<name>-w<width>.<format>` → `media:<name>`; undefined for other URLs. */
export function mediaKey(url: string): string | undefined {
  const match = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*?)(?:-w\d+)?(?:\.[A-Za-z0-9]+)?$/.exec(url);
  return match ? `media:${match[1]}` : undefined;
}

type Shape = Record<string, unknown> | null;
const shape = (value: unknown): Shape => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null);
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** Product fields whose change moves a product in or out of lists (or reorders them). */
const LISTED_BY = ['status', 'publishAt', 'order', 'slug'] as const;
/** Product fields compared whole: facets, filters, sorts and the sold-out setting read them (decision 072). */
const FILTERED_BY = ['attributes', 'editions'] as const;
const sameIds = (a: unknown, b: unknown) => ids(a).sort().join(' ') === ids(b).sort().join(' ');

/** The keys of every cached answer that `change` may have made wrong: what the purge names, after commit. */
export function keysOfChange(change: ContentChange): string[] {
  const before = shape(change.before);
  const after = shape(change.after);
  const keys = new Set<string>();
  const addressMoved = change.action !== 'update' || before?.slug !== after?.slug;
  switch (change.entity) {
    case 'product': {
      if (change.id) keys.add(productKey(change.id));
      // Its category pages list it; one it joins or leaves changes too.
      for (const id of [...ids(before?.categories), ...ids(after?.categories)]) keys.add(categoryKey(id));
      keys.add('search');
      const relisted =
        LISTED_BY.some((field) => before?.[field] !== after?.[field]) ||
        FILTERED_BY.some((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field])) ||
        !sameIds(before?.categories, after?.categories);
      if (change.action !== 'update' || relisted) keys.add('products');
      if (addressMoved) keys.add('not-found');
      break;
    }
    // The menu lists every category and the filters list tags: every such write changes those lists.
    case 'category':
      if (change.id) keys.add(categoryKey(change.id));
      keys.add('categories');
      if (addressMoved) keys.add('not-found');
      break;
    case 'tag':
      if (change.id) keys.add(tagKey(change.id));
      keys.add('tags');
      if (addressMoved) keys.add('not-found');
      break;
    case 'homepage':
      keys.add('home');
      break;
    case 'about':
      keys.add('about');
      break;
    // Theme, settings and the menus (header and footer) are drawn by every page.
    case 'theme':
    case 'site':
    case 'navigation':
      keys.add(SITE_KEY);
      break;
    case 'media':
      for (const item of [before, after]) {
        const key = typeof item?.url === 'string' ? mediaKey(item.url) : undefined;
        if (key) keys.add(key);
      }
      break;
    case 'redirect':
      keys.add('not-found');
      break;
    // Product pages show attributes, listings offer them as facets and filter by them.
    case 'attribute':
      keys.add('attributes');
      keys.add('products');
      break;
    case 'page': {
      if (change.id) keys.add(pageKey(change.id));
      // Created, deleted, moved, published, unpublished or rescheduled: its address (or the old one) answers
      // otherwise, and a not-found page carries no key of the page it stands for.
      const visibilityMoved = addressMoved || before?.status !== after?.status || before?.publishAt !== after?.publishAt;
      // A menu may link it (the default footer by its title): the pages drawing menus change when it comes, goes or is renamed.
      if (visibilityMoved || before?.title !== after?.title) keys.add('pages');
      if (visibilityMoved) keys.add('not-found');
      keys.add('search');
      break;
    }
  }
  return [...keys];
}
