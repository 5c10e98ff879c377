import { data, type LoaderFunctionArgs } from 'react-router';
import type { AboutPage, Category, HeroConfig, Product, Tag, Theme } from '../shared/schemas';
import { FOOTER_LATEST_PRODUCTS, byOrder } from '../shared/constants';
import { httpContentSource, type ContentSource } from './api/content-source';
import { heroImages, loadImages, type WithImages } from './images/image-loader';

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

export type RootData = WithImages & { categories: CategorySummary[]; latestProducts: ProductLink[]; theme: Theme };

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const source = sourceOf(context);
  const [categories, products, theme] = await Promise.all([source.listCategories(), source.listProducts(), source.getTheme()]);
  // The newsletter picture and the category tiles (homepage) are drawn from root data.
  const images = await loadImages(source, [theme.newsletterImage, ...categories.flatMap((c) => [c.tileImage, c.hoverImage])]);
  return {
    images,
    categories: [...categories].sort(byOrder).map(summarizeCategory),
    latestProducts: [...products]
      .sort(byOrder)
      .slice(0, FOOTER_LATEST_PRODUCTS)
      .map(({ slug, title }) => ({ slug, title })),
    theme,
  };
}

export type HomeData = WithImages & { hero: HeroConfig; products: ProductSummary[] };

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const source = sourceOf(context);
  const [hero, products] = await Promise.all([source.getHomepage(), source.listProducts()]);
  const images = await loadImages(source, [...heroImages(hero), ...products.map((p) => p.mainImage)]);
  return { images, hero, products: [...products].sort(byOrder).map(summarizeProduct) };
}

export type AboutData = WithImages & { about: AboutPage };

export async function aboutLoader({ context }: LoaderFunctionArgs): Promise<AboutData> {
  const source = sourceOf(context);
  const about = await source.getAbout();
  return { images: await loadImages(source, heroImages(about.heroConfig)), about };
}

/** Unknown slugs render their own not-found screen with a real 404 status. */
export type NotFoundData = { notFound: true };
const notFound = () => data<NotFoundData>({ notFound: true }, { status: 404 });

export type CategoryData = WithImages & { category: Category; products: ProductSummary[]; tags: Tag[] };

export async function categoryLoader({ context, params }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const category = await source.getCategoryBySlug(params.slug ?? '');
  if (!category) return notFound();
  const [products, tags] = await Promise.all([source.listProducts(), source.listTags()]);
  const inCategory = products.filter((p) => p.categories.includes(category.id)).sort(byOrder);
  // Only tags that can narrow this category's list are offered as filters.
  const usedTagIds = new Set(inCategory.flatMap((p) => p.tags));
  const images = await loadImages(source, [...heroImages(category.heroConfig), category.emptyImage, ...inCategory.map((p) => p.mainImage)]);
  return {
    images,
    category,
    products: inCategory.map(summarizeProduct),
    tags: tags.filter((tag) => usedTagIds.has(tag.id)),
  } satisfies CategoryData;
}

export type ProductData = WithImages & { product: Product; categories: CategorySummary[]; tags: Tag[] };

export async function productLoader({ context, params }: LoaderFunctionArgs) {
  const source = sourceOf(context);
  const product = await source.getProductBySlug(params.slug ?? '');
  if (!product) return notFound();
  const [categories, tags, images] = await Promise.all([
    source.listCategories(),
    source.listTags(),
    // The main image is the intro video's poster; pictures in the description get their alt text from the library.
    loadImages(source, [...heroImages(product.heroConfig), product.mainImage, ...product.gallery.map((item) => item.url), ...richTextImages(product.description)]),
  ]);
  return {
    images,
    product,
    categories: categories
      .filter((c) => product.categories.includes(c.id))
      .sort(byOrder)
      .map(summarizeCategory),
    tags: tags.filter((t) => product.tags.includes(t.id)),
  } satisfies ProductData;
}

/** The src of every picture in stored rich text. */
const richTextImages = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1]);

export function pageNotFoundLoader() {
  return notFound();
}

export const isNotFound = (value: unknown): value is NotFoundData =>
  typeof value === 'object' && value !== null && (value as NotFoundData).notFound === true;
