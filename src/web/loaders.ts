import { data, redirect, redirectDocument, type LoaderFunctionArgs } from 'react-router';
import type { AboutPage, Category, HeroConfig, Product, Tag, Theme } from '../shared/schemas';
import { CATEGORY_PAGE_SIZE, HOMEPAGE_PRODUCTS_PER_CATEGORY, byOrder } from '../shared/constants';
import type { SiteSettings } from '../shared/schemas/site-settings';
import { httpContentSource, type ContentSource } from './api/content-source';
import { categoryOffset, categorySearch, readCategoryParams } from './category-params';
import { heroImages, loadImages, type WithImages } from './images/image-loader';
import { summarizeProduct, type NotFoundData, type ProductSummary } from './page-data';
import { priceText } from '../shared/price';
import { viewEdition, type EditionView } from '../shared/edition-view';
import type { Attribute, Facet, ProductSort } from '../shared/schemas/attribute';
import type { Navigation } from '../shared/schemas/navigation';
import type { Block, SitePage } from '../shared/schemas/page';
import type { FormState } from './components/blocks/form-state';
import { readSentParam } from './page-params';

/**
 * What the server passes to loaders as the static handler's requestContext: the content, and for
 * a contact form sent without JavaScript that did not pass, what was typed and what was wrong.
 */
export type LoaderContext = { contentSource: ContentSource; formState?: FormState };

/** On the server the context carries a source that calls the services; in the browser there is none. */
export function sourceOf(context: unknown): ContentSource {
  const candidate = context as Partial<LoaderContext> | undefined;
  return candidate?.contentSource ?? httpContentSource;
}

// Each loader reads only what its page shows, and hands on only what it renders:
// the hydration payload is this data, so it must stay small at any catalogue size.
export type CategorySummary = Omit<Category, 'heroConfig'>;
export type CategoryLink = Pick<Category, 'id' | 'slug' | 'title'>;
export type ProductLink = Pick<Product, 'slug' | 'title'>;
export type TagChip = Pick<Tag, 'id' | 'slug' | 'title'>;

const summarizeCategory = ({ heroConfig: _hero, ...rest }: Category): CategorySummary => rest;
const chip = (tag: Tag): TagChip => ({ id: tag.id, slug: tag.slug, title: tag.title });

export type RootData = WithImages & { categories: CategorySummary[]; navigation: Navigation; theme: Theme; site: SiteSettings };

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const source = sourceOf(context);
  // The header and footer menus: the owner's, or the spec's (Home, the categories, About; the first products) until edited.
  const [categories, { navigation }, theme, site] = await Promise.all([source.listCategories(), source.getNavigation(), source.getTheme(), source.getSiteSettings()]);
  // The newsletter picture, the category tiles (homepage), the logo and the default share card are drawn from root data.
  const images = await loadImages(source, [theme.newsletterImage, ...categories.flatMap((c) => [c.tileImage, c.hoverImage]), site.logo, site.shareImage]);
  return {
    images,
    categories: [...categories].sort(byOrder).map(summarizeCategory),
    navigation,
    theme,
    site,
  };
}

/** One section per category that has products: its first products in list order. */
export type HomeSection = { categoryId: string; products: ProductSummary[] };
export type HomeData = WithImages & { hero: HeroConfig; sections: HomeSection[] };

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const source = sourceOf(context);
  const [hero, categories] = await Promise.all([source.getHomepage(), source.listCategories()]);
  const sections = await Promise.all(
    [...categories].sort(byOrder).map(async (category) => ({
      categoryId: category.id,
      products: (await source.pageProducts({ category: category.slug, limit: HOMEPAGE_PRODUCTS_PER_CATEGORY })).items.map(summarizeProduct),
    })),
  );
  const shown = sections.filter((section) => section.products.length > 0);
  const images = await loadImages(source, [...heroImages(hero), ...shown.flatMap((section) => section.products.map((p) => p.mainImage))]);
  return { images, hero, sections: shown };
}

export type AboutData = WithImages & { about: AboutPage };

export async function aboutLoader({ context }: LoaderFunctionArgs): Promise<AboutData> {
  const source = sourceOf(context);
  const about = await source.getAbout();
  return { images: await loadImages(source, heroImages(about.heroConfig)), about };
}

/**
 * In the browser (a click inside the site) an unknown address is asked of the
 * server as a whole page instead: it may be an old slug or a manual redirect,
 * which only the server answers (with a 301 to where it went, or its 404 page).
 * Loaders run in the browser only on navigation, never at hydration, so this cannot loop.
 */
const notFound = (request: Request) =>
  typeof window === 'undefined' ? data<NotFoundData>({ notFound: true }, { status: 404 }) : redirectDocument(request.url);

export type CategoryData = WithImages & {
  category: Category;
  /** Only tags that can narrow this category's list are offered as filters. */
  tags: TagChip[];
  /** Normalised `?tags=` slugs, sorted. */
  selected: string[];
  /** The filter attributes with their counts (decision 072), and the chosen values by slug, normalised. */
  facets: Facet[];
  chosen: Record<string, string[]>;
  sort: ProductSort;
  page: number;
  products: ProductSummary[];
  /** Where the API continues after this page (null on the last one). */
  nextCursor: string | null;
  /** Matching products in all pages. */
  total: number;
  /** False only when the category itself has no products (not merely none matching the tags). */
  hasProducts: boolean;
};

export async function categoryLoader({ context, params, request }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const slug = params.slug ?? '';
  const { page, tags: selected, sort = 'order', facets: asked = {} } = readCategoryParams(new URL(request.url).searchParams);
  const category = await source.getCategoryBySlug(slug);
  if (!category) return notFound(request);
  const [tags, facets] = await Promise.all([source.listTags({ category: slug }), source.productFacets({ category: slug, tags: selected, attributes: asked })]);
  // Only what names a facet's value (or a range of a number) is a choice: the rest of a shared address is left out.
  const chosen = chosenFacets(facets, asked);
  // A filter no product of the listing has a value of says nothing: left out, unless chosen.
  const offered = facets.filter((facet) => facet.count > 0 || chosen[facet.slug] !== undefined);
  const result = await source.pageProducts({ category: slug, tags: selected, attributes: chosen, sort, limit: CATEGORY_PAGE_SIZE, offset: categoryOffset(page) });
  // Past the last page: the last page that exists (or the first).
  if (page > 1 && result.items.length === 0) {
    const last = Math.max(1, Math.ceil(result.total / CATEGORY_PAGE_SIZE));
    return redirect(`/category/${slug}${categorySearch({ page: last, tags: selected, sort, facets: chosen })}`);
  }
  const filtered = selected.length > 0 || Object.keys(chosen).length > 0;
  const hasProducts = result.total > 0 || (filtered && (await source.pageProducts({ category: slug, limit: 1 })).total > 0);
  const images = await loadImages(source, [...heroImages(category.heroConfig), category.tileImage, category.emptyImage, ...result.items.map((p) => p.mainImage)]);
  return {
    images,
    category,
    tags: tags.map(chip),
    selected,
    facets: offered,
    chosen,
    sort,
    page,
    products: result.items.map(summarizeProduct),
    nextCursor: result.nextCursor,
    total: result.total,
    hasProducts,
  } satisfies CategoryData;
}

const RANGE_TOKEN = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$|^\d+(?:\.\d+)?$/;

/** The asked facet values that name one of the facets' values (a number's: one range). */
export function chosenFacets(facets: Facet[], asked: Record<string, string[]>): Record<string, string[]> {
  const chosen: Record<string, string[]> = {};
  for (const facet of facets) {
    const values = asked[facet.slug];
    if (!values) continue;
    const kept = facet.type === 'number' ? values.filter((value) => RANGE_TOKEN.test(value) && value !== '-').slice(0, 1) : values.filter((value) => facet.values.some((known) => known.slug === value));
    if (kept.length > 0) chosen[facet.slug] = kept;
  }
  return chosen;
}

/** `priceText`: the product's price as shown, formatted here for the reason given at `ProductSummary`. */
export type ProductData = WithImages & {
  product: Product;
  priceText: string | null;
  categories: CategoryLink[];
  tags: TagChip[];
  /** The product's attributes as its table shows them: name, value with its unit (decision 072). */
  attributes: { name: string; value: string }[];
  /** Each edition as shown now, and the one chosen (`?edition=`, else the default). */
  editions: EditionView[];
  chosen: string;
};

export async function productLoader({ context, params, request }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const product = await source.getProductBySlug(params.slug ?? '');
  if (!product) return notFound(request);
  const hasAttributes = Object.keys(product.attributes ?? {}).length > 0;
  const [categories, tags, definitions, images] = await Promise.all([
    source.listCategories(),
    source.getTags(product.tags),
    hasAttributes ? source.listAttributes() : Promise.resolve([] as Attribute[]),
    // The main image is the intro video's poster; pictures in the description get their alt text from the library.
    loadImages(source, [...heroImages(product.heroConfig), product.mainImage, ...product.gallery.map((item) => item.url), ...richTextImages(product.description)]),
  ]);
  const now = Date.now();
  const editions = product.editions.map((edition) => viewEdition(edition, now));
  const wanted = new URL(request.url).searchParams.get('edition');
  const chosen = editions.find((edition) => edition.id === wanted) ?? editions[0]!;
  return {
    images,
    product,
    priceText: chosen ? chosen.priceText : priceText(product),
    editions,
    chosen: chosen?.id ?? '',
    attributes: attributeRows(definitions, product.attributes ?? {}),
    categories: categories
      .filter((c) => product.categories.includes(c.id))
      .sort(byOrder)
      .map(({ id, slug, title }) => ({ id, slug, title })),
    tags: tags.map(chip),
  } satisfies ProductData;
}

/** The product's values in the owner's order of attributes, as text: "Yes"/"No", a number with its unit. */
function attributeRows(definitions: Attribute[], values: Product['attributes']): { name: string; value: string }[] {
  return definitions.flatMap((definition) => {
    const value = values[definition.slug];
    if (value === undefined) return [];
    const text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : typeof value === 'number' && definition.unit ? `${value} ${definition.unit}` : String(value);
    return [{ name: definition.name, value: text }];
  });
}

/** The src of every picture in stored rich text. */
const richTextImages = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1]!);

/** A page made of blocks (issue 29): its blocks, the products its grids show, and a form's outcome. */
export type SitePageData = WithImages & {
  page: SitePage;
  /** The cards of each product grid, by block id. */
  grids: Record<string, ProductSummary[]>;
  /** The contact form whose message was sent (`?sent=<blockId>`, after a post without JavaScript). */
  sent: string | null;
  /** A post without JavaScript that did not pass: shown in its form (never cached: the server renders it for that answer only). */
  form: FormState | null;
  /** Rendered for a preview link: the contact form is shown, marked, and cannot be sent. */
  preview?: boolean;
};

const blockImages = (block: Block): string[] =>
  block.type === 'image' ? [block.url] : block.type === 'gallery' ? block.images.map((image) => image.url) : block.type === 'richText' ? richTextImages(block.html) : [];

export async function sitePageLoader({ context, params, request }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const page = await source.getPageBySlug(params.slug ?? '');
  if (!page) return notFound(request);
  const grids = await Promise.all(
    page.blocks.flatMap((block) => (block.type === 'productGrid' ? [source.gridProducts(block).then((products) => [block.id, products] as const)] : [])),
  );
  const shown = grids.flatMap(([, products]) => products.map((product) => product.mainImage));
  const images = await loadImages(source, [page.shareImage, ...page.blocks.flatMap(blockImages), ...shown]);
  const sent = readSentParam(new URL(request.url).searchParams);
  const form = (context as Partial<LoaderContext> | undefined)?.formState ?? null;
  return {
    images,
    page,
    grids: Object.fromEntries(grids.map(([id, products]) => [id, products.map(summarizeProduct)])),
    sent: sent && page.blocks.some((block) => block.id === sent && block.type === 'contactForm') ? sent : null,
    form,
    ...(source.preview ? { preview: true } : {}),
  } satisfies SitePageData;
}

export function pageNotFoundLoader({ request }: LoaderFunctionArgs) {
  return notFound(request);
}
