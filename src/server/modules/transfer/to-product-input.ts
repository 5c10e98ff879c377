import { ProductInputSchema, type Product, type ProductInput } from '../../../shared/schemas/product';
import { HttpError } from '../../http/errors';
import { cleanInput } from '../products/product.service';
import type { ImportedField, ImportedProduct, RowError } from './imported-product';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Product fields as the API names them, and the imported field each comes from (for the column of an error). */
const FIELD_OF: Record<string, ImportedField> = {
  slug: 'slug',
  title: 'title',
  description: 'description',
  duration: 'duration',
  mainImage: 'mainImage',
  buyLink: 'buyLink',
  gallery: 'gallery',
  price: 'price',
  currency: 'currency',
  seoTitle: 'seoTitle',
  seoDescription: 'seoDescription',
  status: 'status',
  categories: 'categories',
  tags: 'tags',
};

/**
 * The seam of decision 069: until products have editions (issue 28), the
 * first edition is the product's price, currency and Buy link, and attributes
 * are not stored. When editions land, this function and `sameProduct` are
 * the only places that change.
 */
export function toProductInput(product: ImportedProduct, links: { categories: string[]; tags: string[] }, existing: Product | undefined): ProductInput {
  const [edition] = product.editions;
  const [main, ...gallery] = product.images;
  // A shop's product may have no body; the page still needs a description.
  const description = product.description.replace(/<[^>]*>/g, '').trim() === '' && !/<img\s/i.test(product.description) ? `<p>${escapeHtml(product.title)}</p>` : product.description;
  return {
    slug: product.slug,
    title: product.title,
    duration: product.duration,
    description,
    mainImage: main?.src ?? '',
    buyLink: edition?.buyLink ?? '',
    gallery: gallery.map((image, order) => ({ url: image.src, order })),
    price: edition?.price ?? null,
    currency: edition?.price == null ? null : edition.currency,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    categories: links.categories,
    tags: links.tags,
    // What no import file carries stays as it is.
    introVideo: existing?.introVideo ?? '',
    heroConfig: existing?.heroConfig,
    darkMode: existing?.darkMode ?? false,
    ...(product.status ? { status: product.status } : {}),
  };
}

/** Row errors of a product that would be refused as saved: each with the line and the file's column it came from. */
export function productProblems(product: ImportedProduct, input: ProductInput): RowError[] {
  const where = (field: ImportedField) => ({
    line: field === 'price' || field === 'buyLink' || field === 'currency' ? (product.editions[0]?.line ?? product.line) : product.line,
    column: product.columns[field],
  });
  const parsed = ProductInputSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => {
      const field = FIELD_OF[String(issue.path[0])] ?? 'title';
      return { ...where(field), message: issue.message };
    });
  }
  try {
    cleanInput(input);
    return [];
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const [name, ...rest] = error.message.split(': ');
    const field = FIELD_OF[name ?? ''] ?? 'title';
    return [{ ...where(field), message: rest.join(': ') || error.message }];
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Whether saving `input` would leave the stored product as it is (the fields an import sets). */
export function sameProduct(input: ProductInput, existing: Product): boolean {
  const clean = cleanInput(input);
  const stored = [...existing.gallery].sort((a, b) => a.order - b.order);
  const wanted = JSON.parse(clean.columns.gallery) as Array<{ url: string; order: number }>;
  return (
    clean.columns.title === existing.title &&
    clean.columns.duration === existing.duration &&
    clean.columns.description === existing.description &&
    clean.columns.main_image === existing.mainImage &&
    clean.columns.buy_link === existing.buyLink &&
    JSON.stringify(wanted) === JSON.stringify(stored) &&
    (clean.data.price ?? null) === existing.price &&
    (clean.data.price == null ? null : clean.data.currency) === existing.currency &&
    clean.columns.seo_title === existing.seoTitle &&
    clean.columns.seo_description === existing.seoDescription &&
    (clean.data.status === undefined || clean.data.status === existing.status) &&
    sameSet(clean.links.categories, existing.categories) &&
    sameSet(clean.links.tags, existing.tags)
  );
}
