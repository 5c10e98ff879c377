import { data, type LoaderFunctionArgs } from 'react-router';
import type { AboutPage, Category, HeroConfig, Product, Tag, Theme } from '../shared/schemas';
import { FOOTER_LATEST_PRODUCTS, byOrder } from '../shared/constants';
import { httpContentSource, type ContentSource } from './api/content-source';

/** What the server passes to loaders as the static handler's requestContext. */
export type LoaderContext = { contentSource: ContentSource };

/** On the server the context carries a source that calls the services; in the browser there is none. */
function sourceOf(context: unknown): ContentSource {
  const candidate = context as Partial<LoaderContext> | undefined;
  return candidate?.contentSource ?? httpContentSource;
}

/** Lists keep only what tiles and cards show, so the hydration payload stays small. */
export type CategorySummary = Omit<Category, 'heroConfig'>;
export type ProductSummary = Pick<Product, 'id' | 'slug' | 'title' | 'duration' | 'mainImage' | 'categories' | 'tags' | 'order'>;
export type ProductLink = Pick<Product, 'slug' | 'title'>;

const summarizeCategory = ({ heroConfig: _hero, ...rest }: Category): CategorySummary => rest;
const summarizeProduct = (p: Product): ProductSummary => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  duration: p.duration,
  mainImage: p.mainImage,
  categories: p.categories,
  tags: p.tags,
  order: p.order,
});

export type RootData = { categories: CategorySummary[]; latestProducts: ProductLink[]; theme: Theme };

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const source = sourceOf(context);
  const [categories, products, theme] = await Promise.all([source.listCategories(), source.listProducts(), source.getTheme()]);
  return {
    categories: [...categories].sort(byOrder).map(summarizeCategory),
    latestProducts: [...products]
      .sort(byOrder)
      .slice(0, FOOTER_LATEST_PRODUCTS)
      .map(({ slug, title }) => ({ slug, title })),
    theme,
  };
}

export type HomeData = { hero: HeroConfig; products: ProductSummary[] };

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const source = sourceOf(context);
  const [hero, products] = await Promise.all([source.getHomepage(), source.listProducts()]);
  return { hero, products: [...products].sort(byOrder).map(summarizeProduct) };
}

export type AboutData = { about: AboutPage };

export async function aboutLoader({ context }: LoaderFunctionArgs): Promise<AboutData> {
  return { about: await sourceOf(context).getAbout() };
}

/** Unknown slugs render their own not-found screen with a real 404 status. */
export type NotFoundData = { notFound: true };
const notFound = () => data<NotFoundData>({ notFound: true }, { status: 404 });

export type CategoryData = { category: Category; products: ProductSummary[]; tags: Tag[] };

export async function categoryLoader({ context, params }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const category = await source.getCategoryBySlug(params.slug ?? '');
  if (!category) return notFound();
  const [products, tags] = await Promise.all([source.listProducts(), source.listTags()]);
  const inCategory = products.filter((p) => p.categories.includes(category.id)).sort(byOrder);
  // Only tags that can narrow this category's list are offered as filters.
  const usedTagIds = new Set(inCategory.flatMap((p) => p.tags));
  return {
    category,
    products: inCategory.map(summarizeProduct),
    tags: tags.filter((tag) => usedTagIds.has(tag.id)),
  } satisfies CategoryData;
}

export type ProductData = { product: Product; categories: CategorySummary[]; tags: Tag[] };

export async function productLoader({ context, params }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const product = await source.getProductBySlug(params.slug ?? '');
  if (!product) return notFound();
  const [categories, tags] = await Promise.all([source.listCategories(), source.listTags()]);
  return {
    product,
    categories: categories
      .filter((c) => product.categories.includes(c.id))
      .sort(byOrder)
      .map(summarizeCategory),
    tags: tags.filter((t) => product.tags.includes(t.id)),
  } satisfies ProductData;
}

export function pageNotFoundLoader() {
  return notFound();
}

export const isNotFound = (value: unknown): value is NotFoundData =>
  typeof value === 'object' && value !== null && (value as NotFoundData).notFound === true;
