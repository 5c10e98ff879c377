import { isNotFound, type AboutData, type CategoryData, type HomeData, type ProductData } from './loaders';
import { categorySearch } from './category-params';
import type { WithImages } from './images/image-loader';

export const SITE_NAME = 'Showcase';
const DEFAULT_DESCRIPTION = 'Tutorials and courses for designers and creators: browse the catalogue and learn at your own pace.';

export type PageMeta = {
  title: string;
  description: string;
  /** The normalised query of a page that reads one (`?page=2&tags=a`): part of its canonical URL. */
  canonicalSearch?: string;
  /** Site-relative URLs of the neighbouring numbered pages (`<link rel="prev/next">`). */
  prev?: string;
  next?: string;
  /** The 1200×630 social card (cropped around the focal point) of the page's main picture. */
  image?: string;
};
/** Each page route declares its head in `handle.meta`, read by the server renderer and by the client after navigation. */
export type RouteHandle = { meta?: (data: unknown) => PageMeta };

const titled = (title: string) => `${title} | ${SITE_NAME}`;
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of stored rich HTML for a meta description. Entities are decoded
 * here because the document writer escapes the text again: "&amp;" must not
 * reach the visitor as "&amp;amp;". Blocks are spaced so words do not run together.
 */
export const htmlToText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? entity;
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();

/** The social card made for `url`, when the media library has one. */
const socialCard = (data: Partial<WithImages> | undefined, url: string | undefined) => {
  const image = url ? data?.images?.[url]?.og : undefined;
  return image ? { image } : {};
};

const notFoundMeta = (title: string, description: string): PageMeta => ({ title: titled(title), description });

export const homeMeta = (data: unknown): PageMeta => {
  const hero = (data as HomeData | undefined)?.hero;
  return {
    title: hero?.title ? titled(hero.title) : `${SITE_NAME} | Learning Platform`,
    description: clip(hero?.description || DEFAULT_DESCRIPTION),
    ...socialCard(data as HomeData | undefined, hero?.heroImage),
  };
};

export const aboutMeta = (data: unknown): PageMeta => {
  const hero = (data as AboutData | undefined)?.about.heroConfig;
  return { title: titled('About'), description: clip(hero?.description || DEFAULT_DESCRIPTION) };
};

export const categoryMeta = (data: unknown): PageMeta => {
  if (isNotFound(data) || !data) return notFoundMeta('Category Not Found', "The category you're looking for doesn't exist.");
  const { category, page, selected, nextCursor } = data as CategoryData;
  const path = `/category/${category.slug}`;
  return {
    title: titled(page > 1 ? `${category.title} (page ${page})` : category.title),
    description: clip(category.description || DEFAULT_DESCRIPTION),
    canonicalSearch: categorySearch({ page, tags: selected }),
    ...socialCard(data as CategoryData, category.heroConfig?.heroImage),
    ...(page > 1 ? { prev: `${path}${categorySearch({ page: page - 1, tags: selected })}` } : {}),
    ...(nextCursor ? { next: `${path}${categorySearch({ page: page + 1, tags: selected })}` } : {}),
  };
};

export const productMeta = (data: unknown): PageMeta => {
  if (isNotFound(data) || !data) return notFoundMeta('Product Not Found', "The product you're looking for doesn't exist.");
  const { product } = data as ProductData;
  const text = htmlToText(product.description);
  return {
    title: titled(product.title),
    description: clip(text || product.duration || DEFAULT_DESCRIPTION),
    ...socialCard(data as ProductData, product.mainImage || product.heroConfig?.heroImage),
  };
};

export const pageNotFoundMeta = (): PageMeta => notFoundMeta('Page Not Found', "The page you're looking for doesn't exist.");

export const errorMeta = (): PageMeta => ({ title: titled('Unexpected Application Error!'), description: DEFAULT_DESCRIPTION });

/** /about/ and /about are one page: the canonical URL names it without the trailing slash. */
export const canonicalPath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The meta of the deepest route that declares one. */
export function metaFor(matches: { handle?: unknown; data?: unknown }[]): PageMeta {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const meta = (match?.handle as RouteHandle | undefined)?.meta;
    if (match && meta) return meta(match.data);
  }
  return { title: SITE_NAME, description: DEFAULT_DESCRIPTION };
}
