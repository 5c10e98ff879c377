import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import { visibleWhere, visibilityFor } from '../../content/visibility';
import type { PublishableTable } from '../../content/types';
import { NavigationSchema, type Navigation, type NavigationInput } from '../../../shared/schemas/navigation';
import { selectSetting, upsertSetting } from '../site/settings.repository';

const KEY = 'navigation';
const LATEST_PRODUCTS = 3;
type Link = { label: string; href: string };

/** The spec's header and footer, from the catalogue as it is now: new categories appear in them. */
async function defaultNavigation(db: Db): Promise<Navigation> {
  const visible = visibilityFor('visitor');
  const categories = await db.selectFrom('categories').select(['slug', 'title']).where(visibleWhere('categories', visible)).orderBy('sort_order').orderBy('title').orderBy('id').execute();
  const products = await db.selectFrom('products').select(['slug', 'title']).where(visibleWhere('products', visible)).orderBy('sort_order').orderBy('title').orderBy('id').limit(LATEST_PRODUCTS).execute();
  const categoryLinks = categories.map((category) => ({ label: category.title, href: `/category/${encodeURIComponent(category.slug)}` }));
  return {
    header: [{ label: 'Home', href: '/' }, ...categoryLinks, { label: 'About', href: '/about' }],
    footer: [
      { heading: 'Navigation', links: [{ label: 'Home', href: '/' }, { label: 'About', href: '/about' }] },
      { heading: 'Categories', links: categoryLinks },
      { heading: 'Latest Products', links: products.map((product) => ({ label: product.title, href: `/product/${encodeURIComponent(product.slug)}` })) },
    ],
  };
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
  const stored = await selectSetting(db, KEY);
  const saved = stored === undefined ? undefined : NavigationSchema.safeParse(parseJson<unknown>(stored, null));
  if (!saved?.success) return defaultNavigation(db);
  const keep = await liveLinks(db, saved.data);
  return {
    header: saved.data.header.filter(keep).map((item) => (item.children ? { ...item, children: item.children.filter(keep) } : item)),
    footer: saved.data.footer.map((column) => ({ heading: column.heading, links: column.links.filter(keep) })),
  };
}

export async function saveNavigation(writer: Writer, input: NavigationInput): Promise<Navigation> {
  const navigation = NavigationSchema.parse(input);
  await write(writer, { type: 'navigation', action: 'update', id: null }, async (trx) => {
    const stored = await selectSetting(trx, KEY);
    await upsertSetting(trx, KEY, JSON.stringify(navigation));
    return { result: undefined, before: stored === undefined ? null : parseJson<unknown>(stored, null), after: navigation };
  });
  return getNavigation(writer.db);
}
