import type { AboutData, CategoryData, HomeData, ProductData, RootData, SitePageData } from './loaders';
import { isNotFound } from './page-data';
import { categorySearch } from './category-params';
import { htmlToText } from '../shared/html-text';
import type { WithImages } from './images/image-loader';
import type { SiteSettings } from '../shared/schemas/site-settings';
import { defaultSiteSettings } from '../shared/site-defaults';
import { DEFAULT_PRIMARY_COLOR } from '../shared/colors';
import { defaultFaviconUrl, defaultShareImageUrl } from '../shared/share-card';
import { breadcrumbList, course, faqPage, itemList, organization, product as productLd, webSite, type JsonLd, type OfferFacts } from './structured-data';
import { searchMeta } from './search-meta';

const DEFAULT_DESCRIPTION = 'Tutorials and courses for designers and creators: browse the catalogue and learn at your own pace.';

export type PageMeta = {
  title: string;
  description: string;
  /** The normalised query of a page that reads one (`?page=2&tags=a`): part of its canonical URL. */
  canonicalSearch?: string;
  /** Site-relative URLs of the neighbouring numbered pages (`<link rel="prev/next">`). */
  prev?: string;
  next?: string;
  /** The 1200×630 social card: the page's main picture (cropped around the focal point), else the site's default card. */
  image?: string;
  /** The title on social cards: the page's own, without the site name. */
  cardTitle?: string;
  /** og:type: a product page is an article about one course; everything else is the website. */
  type?: 'website' | 'article';
  siteName?: string;
  /** The favicon: the owner's, or the brand mark drawn in the theme colour. */
  icon?: string;
  /** JSON-LD blocks (absolute URLs). */
  structuredData?: JsonLd[];
  /** Kept out of search indexes (the site's own search results), links still followed. */
  noindex?: boolean;
};

/** What every page's head draws from besides its own data: the site settings and the public address. */
export type MetaContext = { site: SiteSettings; base: string; root: RootData | undefined };

type MetaOf = (data: unknown, context: MetaContext) => PageMeta;

const titledBy = (site: SiteSettings) => (title: string) => `${title} | ${site.name}`;
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text);

/** The social card made for `url`, when the media library has one. */
const socialCard = (data: Partial<WithImages> | undefined, url: string | undefined) => {
  const image = url ? data?.images?.[url]?.og : undefined;
  return image ? { image } : {};
};

const notFoundMeta = (context: MetaContext, title: string, description: string): PageMeta => ({ title: titledBy(context.site)(title), description });

export const homeMeta = (data: unknown, context: MetaContext): PageMeta => {
  const { site, base } = context;
  const hero = (data as HomeData | undefined)?.hero;
  const cardTitle = hero?.title || site.name;
  return {
    title: hero?.title ? titledBy(site)(hero.title) : site.tagline ? `${site.name} | ${site.tagline}` : site.name,
    cardTitle,
    description: clip(hero?.description || DEFAULT_DESCRIPTION),
    ...socialCard(data as HomeData | undefined, hero?.heroImage),
    structuredData: [organization(site, base, logoOf(context)), webSite(site, base)],
  };
};

export const aboutMeta = (data: unknown, context: MetaContext): PageMeta => {
  const hero = (data as AboutData | undefined)?.about.heroConfig;
  return {
    title: titledBy(context.site)('About'),
    cardTitle: hero?.title || 'About',
    description: clip(hero?.description || DEFAULT_DESCRIPTION),
    ...socialCard(data as AboutData | undefined, hero?.heroImage),
  };
};

export const categoryMeta = (data: unknown, context: MetaContext): PageMeta => {
  if (isNotFound(data) || !data) return notFoundMeta(context, 'Category Not Found', "The category you're looking for doesn't exist.");
  const { category, page, selected, nextCursor, products } = data as CategoryData;
  const path = `/category/${category.slug}`;
  const name = category.seoTitle || category.title;
  return {
    title: titledBy(context.site)(page > 1 ? `${name} (page ${page})` : name),
    cardTitle: name,
    description: clip(category.seoDescription || category.description || DEFAULT_DESCRIPTION),
    canonicalSearch: categorySearch({ page, tags: selected }),
    ...socialCard(data as CategoryData, category.heroConfig?.heroImage),
    ...(page > 1 ? { prev: `${path}${categorySearch({ page: page - 1, tags: selected })}` } : {}),
    ...(nextCursor ? { next: `${path}${categorySearch({ page: page + 1, tags: selected })}` } : {}),
    structuredData: [
      breadcrumbList([{ name: 'Home', url: '/' }, { name: category.title, url: path }], context.base),
      itemList(category.title, products.map((product) => ({ name: product.title, url: `/product/${product.slug}` })), context.base),
    ],
  };
};

export const productMeta = (data: unknown, context: MetaContext): PageMeta => {
  if (isNotFound(data) || !data) return notFoundMeta(context, 'Product Not Found', "The product you're looking for doesn't exist.");
  const { product, categories = [], images = {} } = data as ProductData;
  const path = `/product/${product.slug}`;
  const description = clip(product.seoDescription || htmlToText(product.description) || product.duration || DEFAULT_DESCRIPTION);
  const card = socialCard(data as ProductData, product.mainImage || product.heroConfig?.heroImage);
  const pictures = [product.mainImage, ...(product.gallery ?? []).map((item) => item.url)].filter(Boolean).map((url) => images[url]?.og ?? url);
  const category = categories[0];
  // Price and currency arrive with the product when it has them.
  const facts = { name: product.title, description, url: path, images: [...new Set(pictures)], buyLink: product.buyLink, provider: context.site, offer: product as OfferFacts, editions: product.editions };
  return {
    title: titledBy(context.site)(product.seoTitle || product.title),
    cardTitle: product.seoTitle || product.title,
    description,
    type: 'article',
    ...card,
    structuredData: [
      breadcrumbList(
        [{ name: 'Home', url: '/' }, ...(category ? [{ name: category.title, url: `/category/${category.slug}` }] : []), { name: product.title, url: path }],
        context.base,
      ),
      course(facts, context.base),
      // Search results show a price and availability from a `Product` only (issue 28).
      ...[productLd(facts, context.base)].filter((block) => block !== null),
    ],
  };
};

/** A page made of blocks: its SEO fields, else its title and the opening of its text; its share image; its FAQ. */
export const sitePageMeta = (data: unknown, context: MetaContext): PageMeta => {
  if (isNotFound(data) || !data) return notFoundMeta(context, 'Page Not Found', "The page you're looking for doesn't exist.");
  const { page } = data as SitePageData;
  const firstText = page.blocks.flatMap((block) => (block.type === 'richText' ? [htmlToText(block.html)] : block.type === 'callToAction' ? [block.text || block.heading] : []))[0];
  const questions = page.blocks.flatMap((block) => (block.type === 'faq' ? block.items : []));
  const firstImage = page.blocks.flatMap((block) => (block.type === 'image' ? [block.url] : block.type === 'gallery' ? block.images.map((image) => image.url) : []))[0];
  const name = page.seoTitle || page.title;
  return {
    title: titledBy(context.site)(name),
    cardTitle: name,
    description: clip(page.seoDescription || firstText || DEFAULT_DESCRIPTION),
    ...socialCard(data as SitePageData, page.shareImage || firstImage),
    structuredData: [
      breadcrumbList([{ name: 'Home', url: '/' }, { name: page.title, url: `/pages/${page.slug}` }], context.base),
      ...(questions.length > 0 ? [faqPage(questions)] : []),
    ],
  };
};

export const pageNotFoundMeta = (_data: unknown, context: MetaContext): PageMeta =>
  notFoundMeta(context, 'Page Not Found', "The page you're looking for doesn't exist.");

export const errorMeta = (site: SiteSettings = defaultSiteSettings()): PageMeta => ({
  title: titledBy(site)('Unexpected Application Error!'),
  description: DEFAULT_DESCRIPTION,
  siteName: site.name,
});

/** The owner's logo (its largest stored rendition is the original), for Organization data. */
function logoOf(context: MetaContext): string | undefined {
  return context.site.logo || undefined;
}

/** Site-wide parts of every head: the name, the favicon and, for a page without a picture of its own, the default card. */
function withSiteDefaults(meta: PageMeta, context: MetaContext): PageMeta {
  const { site, root } = context;
  const color = root?.theme.primaryColor ?? DEFAULT_PRIMARY_COLOR;
  const ownerCard = site.shareImage ? root?.images?.[site.shareImage]?.og : undefined;
  return {
    ...meta,
    siteName: site.name,
    type: meta.type ?? 'website',
    icon: site.favicon || defaultFaviconUrl(color),
    image: meta.image ?? ownerCard ?? defaultShareImageUrl(site.name, site.tagline, color),
  };
}

/** /about/ and /about are one page: the canonical URL names it without the trailing slash. */
export const canonicalPath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * Each page's head, by its route id (routes.tsx), read by the server renderer and by the client after
 * navigation. Kept apart from the routes so that a page's first load carries none of it.
 */
const PAGE_META: Record<string, MetaOf> = {
  home: homeMeta,
  about: aboutMeta,
  category: categoryMeta,
  product: productMeta,
  page: sitePageMeta,
  search: searchMeta,
  'not-found': pageNotFoundMeta,
};

/** The meta of the deepest route that has one; `base` is the public address (absolute URLs in structured data). */
export function metaFor(matches: { id: string; data?: unknown }[], base: string): PageMeta {
  const root = matches[0]?.data as RootData | undefined;
  const context: MetaContext = { site: root?.site ?? defaultSiteSettings(), base, root };
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const meta = match ? PAGE_META[match.id] : undefined;
    if (match && meta) return withSiteDefaults(meta(match.data, context), context);
  }
  return withSiteDefaults({ title: context.site.name, description: DEFAULT_DESCRIPTION }, context);
}

/** The head of a page whose render failed: the site defaults around the error title. */
export function errorMetaFor(root: RootData | undefined, base: string): PageMeta {
  const site = root?.site ?? defaultSiteSettings();
  return withSiteDefaults(errorMeta(site), { site, base, root });
}
