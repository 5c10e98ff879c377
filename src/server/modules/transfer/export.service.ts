import { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import type { ProductRow } from '../../db/schema';
import { csvLine } from '../../../shared/csv';
import type { Edition } from '../../../shared/schemas/edition';
import { selectEditions } from '../products/edition.repository';
import { editionsOf } from '../products/editions';
import { SHOWCASE_COLUMNS } from './dialects/showcase';
import type { AttributeValue } from '../../../shared/schemas/attribute';
import { attributeHeader } from './attribute-header';
import { listAttributes } from '../attributes/attribute.service';
import { selectAttributes, selectProductValues } from '../attributes/attribute.repository';
import { valuesOf } from '../attributes/product-values';

/** Products read per query: the export holds one batch, never the catalogue. */
const BATCH = 500;

type ExportedProduct = {
  row: ProductRow;
  categories: string[];
  tags: string[];
  editions: Edition[];
  /** Values by attribute slug, as the API answers them. */
  attributes: Record<string, AttributeValue>;
};

/** Every product in list order with its category and tag titles, a batch at a time (keyset cursor on order and id). */
export async function* exportedProducts(db: Db): AsyncGenerator<ExportedProduct> {
  const definitions = await selectAttributes(db);
  let after: { order: number; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('id').limit(BATCH);
    if (after) {
      const { order, id } = after;
      query = query.where((eb) => eb.or([eb('sort_order', '>', order), eb.and([eb('sort_order', '=', order), eb('id', '>', id)])]));
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const categories = await db
      .selectFrom('product_categories')
      .innerJoin('categories', 'categories.id', 'product_categories.category_id')
      .select(['product_categories.product_id as productId', 'categories.title as title'])
      .where('product_categories.product_id', 'in', ids)
      .execute();
    const tags = await db
      .selectFrom('product_tags')
      .innerJoin('tags', 'tags.id', 'product_tags.tag_id')
      .select(['product_tags.product_id as productId', 'tags.title as title'])
      .where('product_tags.product_id', 'in', ids)
      .execute();
    const editions = await selectEditions(db, ids);
    const values = await selectProductValues(db, ids);
    const titles = (links: Array<{ productId: string; title: string }>, id: string) =>
      links.filter((link) => link.productId === id).map((link) => link.title).sort();
    for (const row of rows) {
      yield { row, categories: titles(categories, row.id), tags: titles(tags, row.id), editions: editionsOf(row, editions.get(row.id)), attributes: valuesOf(values.get(row.id), definitions) };
    }
    const last = rows[rows.length - 1]!;
    after = { order: last.sort_order, id: last.id };
    if (rows.length < BATCH) return;
  }
}

const galleryUrls = (row: ProductRow) => (JSON.parse(row.gallery) as Array<{ url: string; order: number }>).sort((a, b) => a.order - b.order).map((item) => item.url);

/** A product's editions as the export writes them (decision 063), the default first, without their ids. */
const exportedEditions = (editions: Edition[]) =>
  editions.map(({ name, price, currency, compareAtPrice, saleEndsAt, availability, buyLink }) => ({ name, price, currency, compareAtPrice, saleEndsAt, availability, buyLink }));


/** A value as its cell: a choice's text, a number, `true`/`false`; blank for none. */
const valueCell = (value: AttributeValue | undefined) => (value === undefined ? '' : String(value));

/**
 * Showcase's CSV (SHOWCASE_COLUMNS, then one column per attribute when the site has any, in the owner's order,
 * its header cell carrying the definition: attribute-header.ts), one row per edition, streamed.
 */
export function streamProductsCsv(db: Db): Readable {
  return Readable.from(
    (async function* () {
      const attributes = await listAttributes(db);
      yield csvLine([...SHOWCASE_COLUMNS, ...attributes.map(attributeHeader)]);
      for await (const { row, categories, tags, editions, attributes: values } of exportedProducts(db)) {
        const attributeCells = attributes.map((attribute) => valueCell(values[attribute.slug]));
        // Every edition's row repeats the product's columns (the import reads them from the first).
        for (const edition of exportedEditions(editions)) {
          const cells: Record<(typeof SHOWCASE_COLUMNS)[number], string | number> = {
            slug: row.slug,
            title: row.title,
            description: row.description,
            duration: row.duration,
            categories: categories.join('|'),
            tags: tags.join('|'),
            edition: edition.name,
            price: edition.price ?? '',
            currency: edition.currency ?? '',
            compareAtPrice: edition.compareAtPrice ?? '',
            saleEndsAt: edition.saleEndsAt ?? '',
            availability: edition.availability ?? '',
            buyLink: edition.buyLink,
            mainImage: row.main_image,
            gallery: galleryUrls(row).join('|'),
            seoTitle: row.seo_title ?? '',
            seoDescription: row.seo_description ?? '',
          };
          yield csvLine([...SHOWCASE_COLUMNS.map((column) => cells[column]), ...attributeCells]);
        }
      }
    })(),
  );
}

/** Showcase's JSON document: categories, tags, attributes and products (one object each, streamed). */
export function streamCatalogueJson(db: Db): Readable {
  return Readable.from(
    (async function* () {
      const categories = await db.selectFrom('categories').select(['slug', 'title', 'description', 'tile_image', 'status']).orderBy('sort_order').orderBy('id').execute();
      const tags = await db.selectFrom('tags').select(['slug', 'title']).orderBy('title').execute();
      const attributes = await listAttributes(db);
      const head = {
        format: 'showcase-catalogue',
        version: 1,
        categories: categories.map((c) => ({ slug: c.slug, title: c.title, description: c.description, tileImage: c.tile_image, status: c.status })),
        tags,
        // What the import creates when the site lacks them (decision 069, amended).
        attributes: attributes.map(({ name, slug, type, values, unit, filter }) => ({ name, slug, type, values, unit, filter })),
      };
      yield `${JSON.stringify(head).slice(0, -1)},"products":[`;
      let first = true;
      for await (const { row, categories: productCategories, tags: productTags, editions, attributes: values } of exportedProducts(db)) {
        const product = {
          slug: row.slug,
          title: row.title,
          description: row.description,
          duration: row.duration,
          categories: productCategories,
          tags: productTags,
          editions: exportedEditions(editions),
          attributes: values,
          mainImage: row.main_image,
          gallery: galleryUrls(row),
          seoTitle: row.seo_title,
          seoDescription: row.seo_description,
          status: row.status === 'draft' ? 'draft' : 'published',
        };
        yield `${first ? '' : ','}\n${JSON.stringify(product)}`;
        first = false;
      }
      yield '\n]}\n';
    })(),
  );
}
