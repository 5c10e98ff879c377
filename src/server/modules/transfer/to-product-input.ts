import { ZodError } from 'zod';
import type { Product, ProductInput } from '../../../shared/schemas/product';
import { HttpError } from '../../http/errors';
import type { Availability } from '../../../shared/schemas/edition';
import { cleanInput } from '../products/product.service';
import { checkEditions, resolveEditions } from '../products/editions';
import type { AttributeValue } from '../../../shared/schemas/attribute';
import { EDITION_FIELDS, type ImportedField, type ImportedProduct, type RowError } from './imported-product';

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
  editions: 'price',
  seoTitle: 'seoTitle',
  seoDescription: 'seoDescription',
  status: 'status',
  categories: 'categories',
  tags: 'tags',
};

/** An edition's fields as the API names them, and the imported field each comes from. */
const EDITION_FIELD_OF: Record<string, ImportedField> = {
  name: 'edition',
  price: 'price',
  currency: 'currency',
  compareAtPrice: 'compareAtPrice',
  saleEndsAt: 'saleEndsAt',
  availability: 'availability',
  buyLink: 'buyLink',
};

/**
 * The seam of decision 069: an imported product as a product save. Its
 * editions are the whole list (decision 063: a write with `editions` stores
 * exactly that list); an edition of the same name as a stored one keeps its
 * id. Attribute values the file gives replace the product's values of those attributes; the others stay.
 */
export function toProductInput(
  product: ImportedProduct,
  links: { categories: string[]; tags: string[] },
  existing: Product | undefined,
  values: Record<string, AttributeValue | null> = {},
): ProductInput {
  const [main, ...gallery] = product.images;
  // A shop's product may have no body; the page still needs a description.
  const description = product.description.replace(/<[^>]*>/g, '').trim() === '' && !/<img\s/i.test(product.description) ? `<p>${escapeHtml(product.title)}</p>` : product.description;
  const kept = new Set<string>();
  const editions = product.editions.map((edition) => {
    const same = existing?.editions.find((stored) => stored.name === edition.name && !kept.has(stored.id));
    if (same) kept.add(same.id);
    return {
      ...(same ? { id: same.id } : {}),
      name: edition.name,
      price: edition.price,
      currency: edition.price === null ? null : edition.currency,
      compareAtPrice: edition.compareAtPrice,
      saleEndsAt: edition.saleEndsAt,
      // Left to the schema: a word it does not know is an error of the cell.
      ...(edition.availability === null ? {} : { availability: edition.availability as Availability }),
      buyLink: edition.buyLink,
    };
  });
  return {
    slug: product.slug,
    title: product.title,
    duration: product.duration,
    description,
    mainImage: main?.src ?? '',
    editions,
    gallery: gallery.map((image, order) => ({ url: image.src, order })),
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    categories: links.categories,
    tags: links.tags,
    // What no import file carries stays as it is.
    introVideo: existing?.introVideo ?? '',
    heroConfig: existing?.heroConfig,
    darkMode: existing?.darkMode ?? false,
    ...(product.status ? { status: product.status } : {}),
    ...attributesInput(values, existing),
  };
}

/** A write with `attributes` stores exactly that map (decision 072): the stored values, with the file's over them; none given, the stored stay. */
function attributesInput(values: Record<string, AttributeValue | null>, existing: Product | undefined): { attributes?: Record<string, AttributeValue | null> } {
  if (Object.keys(values).length === 0) return {};
  const merged: Record<string, AttributeValue | null> = { ...(existing?.attributes ?? {}), ...values };
  for (const [slug, value] of Object.entries(merged)) if (value === null) delete merged[slug];
  return { attributes: merged };
}

type Clean = ReturnType<typeof cleanInput>;

/**
 * Row errors of a product that would be refused as saved, each with the line and the file's column it came
 * from; without errors, the checked input (compared with the stored product by `sameProduct`, so the
 * description is sanitised once).
 */
export function checkProduct(product: ImportedProduct, input: ProductInput): { problems: RowError[]; clean?: Clean } {
  const problems = productProblems(product, input);
  return Array.isArray(problems) ? { problems } : { problems: [], clean: problems.clean };
}

function productProblems(product: ImportedProduct, input: ProductInput): RowError[] | { clean: Clean } {
  const where = (field: ImportedField, edition?: number) => {
    const index = edition ?? 0;
    const onEdition = EDITION_FIELDS.has(field);
    return {
      line: onEdition ? (product.editions[index]?.line ?? product.line) : product.line,
      // A JSON document names the edition's place: products[3].editions[1].price.
      column: onEdition ? product.columns[field].replace('editions.', `editions[${index}].`) : product.columns[field],
    };
  };
  try {
    // The product schema is read once, by the same check a save makes.
    const clean = cleanInput(input);
    checkEditions(resolveEditions(clean.data, undefined));
    return { clean };
  } catch (error) {
    if (error instanceof ZodError) {
      return error.issues.map((issue) => {
        const [name, index, sub] = issue.path;
        if (name === 'editions' && typeof index === 'number') return { ...where(EDITION_FIELD_OF[String(sub)] ?? 'price', index), message: issue.message };
        const field = FIELD_OF[String(name)] ?? 'title';
        return { ...where(field), message: issue.message };
      });
    }
    if (!(error instanceof HttpError)) throw error;
    const [name, ...rest] = error.message.split(': ');
    const message = rest.join(': ') || error.message;
    // The editions' checks name the edition: "editions.1.compareAtPrice: must be above the price".
    const onEdition = /^editions\.(\d+)\.(\w+)$/.exec(name ?? '');
    if (onEdition) return [{ ...where(EDITION_FIELD_OF[onEdition[2]!] ?? 'price', Number(onEdition[1])), message }];
    const field = FIELD_OF[name ?? ''] ?? 'title';
    return [{ ...where(field), message }];
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** An edition as compared: what a save stores, without its id. */
export const editionKey = (edition: { name: string; price: number | null; currency: string | null; compareAtPrice: number | null; saleEndsAt: string | null; availability: string; buyLink: string }) =>
  JSON.stringify([
    edition.name,
    edition.price,
    edition.price === null ? null : edition.currency,
    edition.price === null ? null : edition.compareAtPrice,
    edition.saleEndsAt === null ? null : new Date(edition.saleEndsAt).toISOString(),
    edition.availability,
    edition.buyLink,
  ]);

/** Whether saving the checked input would leave the stored product as it is (the fields an import sets). */
export function sameProduct(clean: Clean, existing: Product): boolean {
  const stored = [...existing.gallery].sort((a, b) => a.order - b.order);
  const wanted = JSON.parse(clean.columns.gallery) as Array<{ url: string; order: number }>;
  const editions = resolveEditions(clean.data, undefined);
  return (
    clean.columns.title === existing.title &&
    clean.columns.duration === existing.duration &&
    clean.columns.description === existing.description &&
    clean.columns.main_image === existing.mainImage &&
    JSON.stringify(wanted) === JSON.stringify(stored) &&
    editions.length === existing.editions.length &&
    editions.every((edition, index) => editionKey(edition) === editionKey(existing.editions[index]!)) &&
    clean.columns.seo_title === existing.seoTitle &&
    clean.columns.seo_description === existing.seoDescription &&
    (clean.data.status === undefined || clean.data.status === existing.status) &&
    sameSet(clean.links.categories, existing.categories) &&
    sameSet(clean.links.tags, existing.tags)
  );
}

/** How a save of the checked input changes the product's editions: matched by name as `toProductInput` matches them. */
export function editionChanges(clean: Clean, existing: Product | undefined): { created: number; updated: number; removed: number } {
  const editions = resolveEditions(clean.data, undefined);
  if (!existing) return { created: editions.length, updated: 0, removed: 0 };
  const kept = new Set<string>();
  let created = 0;
  let updated = 0;
  for (const edition of editions) {
    const same = existing.editions.find((stored) => stored.name === edition.name && !kept.has(stored.id));
    if (!same) created += 1;
    else {
      kept.add(same.id);
      if (editionKey(edition) !== editionKey(same)) updated += 1;
    }
  }
  return { created, updated, removed: existing.editions.length - kept.size };
}
