import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { deferredWriter, type Actor, type ChangeSink } from '../../content/changes';
import { slugify } from '../../../shared/slugify';
import type { Product, ProductInput } from '../../../shared/schemas/product';
import { createProduct, getProductBySlug, updateProduct } from '../products/product.service';
import { createCategory } from '../categories/category.service';
import { createTag, titleKey } from '../tags/tag.service';
import { openImport, type ColumnMapping } from './read-import';
import { ImportAttributes, sameValues, type PendingValue } from './import-attributes';
import type { AttributeValue } from '../../../shared/schemas/attribute';
import { reindexProducts } from '../../content/effects/search-index';
import type { MediaStore } from '../media/media-store';
import { ImageRefused, ImportImages, type ImageSources } from './import-images';
import { MediaZipError } from './media-zip';
import type { DialectName, ImportedProduct, RowError } from './imported-product';
import { checkProduct, editionChanges, sameProduct, toProductInput } from './to-product-input';
import { ImportCounter, countImport, type ProgressSink } from './import-progress';

export type ImportOptions = {
  format?: DialectName | 'json' | undefined;
  shopUrl?: string | undefined;
  /** Shop files carry no currency: prices are in this one (USD unless told). */
  currency?: string | undefined;
  dryRun: boolean;
  /** A media zip beside the file, and (command line only) the fetcher for image URLs. */
  media?: ImageSources | undefined;
  /** The owner's reading of the columns the dialect does not read (read-import.ts). */
  mapping?: ColumnMapping | undefined;
  /** Progress as the import goes (decision 079): the file is counted first, then each product and image reported. */
  progress?: ProgressSink | undefined;
};

/** What an import reads and writes besides the file: the site's database, its media store and the upload limit. */
export type ImportContext = { db: Db; contentEvents: ChangeSink; store: MediaStore; maxImageBytes: number };

/** What an import did, or would do on a dry run (issue 31's report). */
export type ImportReport = {
  dialect: DialectName;
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
  /** The products created or updated (applied imports only): the admin links to them. */
  products: Array<{ id: string; slug: string; title: string; action: 'created' | 'updated' }>;
  /** New images the import stored (or would store): they wait in the variant queue. */
  images: number;
  /** Editions of the products created and updated: added, changed and taken away. */
  editions: { created: number; updated: number; removed: number };
  /** Attributes created, and the site's choices given new values. */
  attributes: { created: number; updated: number };
  /** The header's columns the dialect does not read, and the fields they may be mapped to. */
  unknownColumns: string[];
  fields: string[];
};

type Planned = { product: ImportedProduct; existing: Product | undefined; action: 'create' | 'update'; values: Record<string, AttributeValue | null> };

/** A product checked without error, compared with the stored one once its attribute values are known. */
type Candidate = { product: ImportedProduct; existing: Product | undefined; same: boolean; pending: PendingValue[]; editions: ReturnType<typeof editionChanges> };

/** Titles of a site's categories and tags, with the ones an import would add. */
type Links = { categories: Map<string, string>; tags: Map<string, string> };

async function readLinks(db: Db): Promise<Links> {
  const categories = await db.selectFrom('categories').select(['id', 'slug', 'title']).execute();
  const tags = await db.selectFrom('tags').select(['id', 'title_key']).execute();
  const byCategory = new Map<string, string>();
  for (const row of categories) {
    byCategory.set(row.slug, row.id);
    byCategory.set(titleKey(row.title), row.id);
  }
  return { categories: byCategory, tags: new Map(tags.map((row) => [row.title_key, row.id])) };
}

const categoryKey = (title: string) => slugify(title);

/** Ids of the product's links; a link still to be made is named by a placeholder, so the product counts as changed. */
function linkIds(product: ImportedProduct, links: Links) {
  return {
    categories: product.categories.map((title) => links.categories.get(titleKey(title)) ?? links.categories.get(categoryKey(title)) ?? `new:${title}`),
    tags: product.tags.map((title) => links.tags.get(titleKey(title)) ?? `new:${title}`),
  };
}

/**
 * Reads an import file and checks every product against the site (the dry
 * run); unless it is a dry run and when no row has an error, applies it in
 * one transaction through the write path: categories and tags first, then
 * products matched by slug, unchanged ones left alone. Any error changes nothing.
 */
export async function runImport(ctx: ImportContext, actor: Actor, source: AsyncIterable<Uint8Array>, options: ImportOptions): Promise<ImportReport> {
  const errors: RowError[] = [];
  const readOptions = { format: options.format, shopUrl: options.shopUrl, currency: options.currency ?? 'USD', mapping: options.mapping };
  const reading = await openImport(source, readOptions, errors);
  const report: ImportReport = {
    dialect: reading.dialect,
    created: 0,
    updated: 0,
    unchanged: 0,
    errors,
    products: [],
    images: 0,
    editions: { created: 0, updated: 0, removed: 0 },
    attributes: { created: 0, updated: 0 },
    unknownColumns: reading.unknownColumns,
    fields: reading.fields,
  };
  let images: ImportImages;
  try {
    images = await ImportImages.open(ctx, options.media ?? {}, options.dryRun);
  } catch (error) {
    if (!(error instanceof MediaZipError)) throw error;
    errors.push({ line: 0, column: 'media', message: error.message });
    return report;
  }
  try {
    let counter: ImportCounter | undefined;
    if (options.progress) {
      counter = new ImportCounter(options.progress, images);
      counter.reading();
      counter.counted(await countImport(options.progress.reread(), readOptions, images));
    }
    return await planAndApply(ctx, actor, reading.products, options, report, images, await ImportAttributes.open(ctx.db, reading.declared), counter);
  } finally {
    await images.close();
  }
}

/** The images a product names, as the addresses it will carry (from the zip or fetched); a refused one is an error of its row. */
async function takeImages(product: ImportedProduct, images: ImportImages): Promise<RowError[]> {
  // Side by side: each image is decoded and re-encoded on a thread of its own.
  const taken = await Promise.allSettled(product.images.map((image) => images.resolve(image.src)));
  const refused: RowError[] = [];
  for (const [index, result] of taken.entries()) {
    const image = product.images[index]!;
    if (result.status === 'fulfilled') image.src = result.value;
    else if (result.reason instanceof ImageRefused) refused.push({ line: image.line, column: index === 0 ? product.columns.mainImage : product.columns.gallery, message: result.reason.message });
    else throw result.reason;
  }
  return refused;
}

/** Products read ahead of their checks, at most this many: their images are re-encoded on the other core while one is checked and compared. */
const READ_AHEAD = 6;

type ReadProduct = { product: ImportedProduct; readErrors: RowError[]; images: Promise<RowError[]> };

/**
 * The file's products, each with the errors its reading found (moved out of `errors`, handed back in file
 * order by the caller) and its images already being taken, up to READ_AHEAD products ahead.
 */
async function* readAhead(products: AsyncIterable<ImportedProduct>, images: ImportImages, errors: RowError[]): AsyncGenerator<ReadProduct> {
  const iterator = products[Symbol.asyncIterator]();
  const queue: ReadProduct[] = [];
  // Errors found after the last product (a file that stops being CSV): handed back after it.
  let trailing: RowError[] = [];
  let done = false;
  while (true) {
    while (!done && queue.length < READ_AHEAD) {
      const before = errors.length;
      const next = await iterator.next();
      if (next.done) {
        done = true;
        trailing = errors.splice(before);
        break;
      }
      const taking = takeImages(next.value, images);
      // Awaited in its turn; a failure before then is not an unhandled rejection.
      taking.catch(() => undefined);
      queue.push({ product: next.value, readErrors: errors.splice(before), images: taking });
    }
    const item = queue.shift();
    if (!item) {
      errors.push(...trailing);
      return;
    }
    yield item;
  }
}

async function planAndApply(
  ctx: ImportContext,
  actor: Actor,
  products: AsyncIterable<ImportedProduct>,
  options: ImportOptions,
  report: ImportReport,
  images: ImportImages,
  attributes: ImportAttributes,
  counter: ImportCounter | undefined,
): Promise<ImportReport> {
  const errors = report.errors;
  const links = await readLinks(ctx.db);
  const seen = new Map<string, number>();
  const candidates: Candidate[] = [];
  const reported = new Set<string>();
  // Errors of the header (an attribute definition that cannot be read) belong to no product.
  let scanned = errors.length;
  for await (const read of readAhead(products, images, errors)) {
    const product = read.product;
    errors.push(...read.readErrors);
    const refusedImages = await read.images;
    counter?.checked();
    const earlier = seen.get(product.slug);
    if (earlier !== undefined && product.slug !== '') {
      errors.push({ line: product.line, column: product.columns.slug, message: `the same product as line ${earlier}` });
      scanned = errors.length;
      continue;
    }
    seen.set(product.slug, product.line);
    errors.push(...refusedImages);
    const pending = attributes.read(product, errors);
    const existing = product.slug ? await getProductBySlug(ctx.db, 'admin', product.slug) : undefined;
    const input = toProductInput(product, linkIds(product, links), existing);
    // One error per cell: a cell the dialect refused already is not reported again as the product's.
    // A column the dialect refused for this product (a missing shop address on each of its editions) is reported once.
    const refusedColumns = new Set<string>();
    for (const error of errors.slice(scanned)) {
      reported.add(`${error.line} ${error.column}`);
      refusedColumns.add(error.column);
    }
    const hadErrors = errors.length > scanned;
    const before = errors.length;
    const checked = checkProduct(product, input);
    const problems = checked.problems.filter((problem) => {
      const key = `${problem.line} ${problem.column}`;
      if (reported.has(key) || refusedColumns.has(problem.column)) return false;
      reported.add(key);
      return true;
    });
    errors.push(...problems, ...linkProblems(product, links));
    scanned = errors.length;
    if (hadErrors || errors.length > before || !checked.clean) continue;
    candidates.push({ product, existing, same: existing !== undefined && sameProduct(checked.clean, existing), pending, editions: editionChanges(checked.clean, existing) });
  }
  counter?.checkedAll();
  // A new attribute's type is known once every product has been read.
  attributes.finish(errors);
  const plan: Planned[] = [];
  for (const { product, existing, same, pending, editions } of candidates) {
    const values = attributes.valuesOf(pending);
    if (existing && same && sameValues(values, existing.attributes)) {
      report.unchanged += 1;
      continue;
    }
    plan.push({ product, existing, action: existing ? 'update' : 'create', values });
    report.editions.created += editions.created;
    report.editions.updated += editions.updated;
    report.editions.removed += editions.removed;
  }
  errors.sort((a, b) => a.line - b.line);
  report.created = plan.filter((entry) => entry.action === 'create').length;
  report.updated = plan.length - report.created;
  report.images = images.newImages;
  report.attributes = attributes.counts;
  // A file may define attributes no product uses yet (a CSV's header, a document's head): they are written too.
  if (options.dryRun || errors.length > 0 || (plan.length === 0 && report.attributes.created + report.attributes.updated === 0)) return report;

  const writer: { current?: ReturnType<typeof deferredWriter> } = {};
  // The new images' files were stored as they were checked; without this they are removed again (images.close).
  report.products = await applyPlan(ctx, actor, plan, images, attributes, writer, counter);
  images.keep();
  writer.current?.commit(ctx.contentEvents);
  return report;
}

/** Writes the plan in one transaction: the new images, the missing categories and tags, then each product through the write path. */
async function applyPlan(
  ctx: ImportContext,
  actor: Actor,
  plan: Planned[],
  images: ImportImages,
  attributes: ImportAttributes,
  out: { current?: ReturnType<typeof deferredWriter> },
  counter: ImportCounter | undefined,
): Promise<ImportReport['products']> {
  return inTransaction(ctx.db, async (trx) => {
    // The search rows of every product written are rewritten once, at the end (not once per product).
    const writer = { ...deferredWriter(trx, actor), reindexLater: new Set<string>() };
    out.current = writer;
    await images.recordAll(writer);
    const fresh = await readLinks(trx);
    await addMissingLinks(writer, fresh, plan);
    await attributes.apply(writer);
    const done: ImportReport['products'] = [];
    counter?.saved(0, plan.length);
    for (const { product, action, values } of plan) {
      // Read again inside the transaction: the dry run's reading may be stale.
      const existing = await getProductBySlug(trx, 'admin', product.slug);
      const input: ProductInput = toProductInput(product, linkIds(product, fresh), existing, values);
      const saved = existing ? (await updateProduct(writer, existing.id, input)).item : await createProduct(writer, input);
      done.push({ id: saved.id, slug: saved.slug, title: saved.title, action: existing ? 'updated' : action === 'create' ? 'created' : 'updated' });
      counter?.saved(done.length, plan.length);
    }
    await reindexProducts(trx, [...writer.reindexLater]);
    return done;
  });
}

/** Categories and tags the import would have to create but cannot: a title with no letters or digits for an address, a tag title too long. */
function linkProblems(product: ImportedProduct, links: Links): RowError[] {
  const problems: RowError[] = [];
  for (const title of product.categories) {
    if (!links.categories.has(titleKey(title)) && categoryKey(title) === '') {
      problems.push({ line: product.line, column: product.columns.categories, message: `no address can be made from the category “${title}”` });
    }
    if (title.length > 200) problems.push({ line: product.line, column: product.columns.categories, message: 'a category title is too long (200 characters at most)' });
  }
  for (const title of product.tags) {
    if (title.length > 100) problems.push({ line: product.line, column: product.columns.tags, message: 'a tag title is too long (100 characters at most)' });
  }
  return problems;
}

/** Creates the categories and tags the products name that the site lacks, each once. */
async function addMissingLinks(writer: ReturnType<typeof deferredWriter>, links: Links, plan: Planned[]): Promise<void> {
  for (const { product } of plan) {
    for (const title of product.categories) {
      if (links.categories.has(titleKey(title)) || links.categories.has(categoryKey(title))) continue;
      const image = product.images[0]?.src ?? '';
      const category = await createCategory(writer, { slug: categoryKey(title), title, description: title, tileImage: image });
      links.categories.set(titleKey(title), category.id);
      links.categories.set(category.slug, category.id);
    }
    for (const title of product.tags) {
      if (links.tags.has(titleKey(title))) continue;
      const tag = await createTag(writer, { title });
      links.tags.set(titleKey(title), tag.id);
    }
  }
}
