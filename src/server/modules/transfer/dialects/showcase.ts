import { csvUnescape } from '../../../../shared/csv';
import { ATTRIBUTE_COLUMN, attributeCells, groupBy, readDate, readMoney, rowReader, splitList, type Dialect, type ImportedField, type Row } from '../imported-product';

/**
 * Showcase's own CSV, one row per edition; lists are separated by `|` (issue 31).
 * The export repeats the product's columns on each of its edition rows; the
 * import reads them from the product's first row, so later rows may also
 * leave them blank (a row with a blank slug belongs to the product above).
 */
export const SHOWCASE_COLUMNS = [
  'slug',
  'title',
  'description',
  'duration',
  'categories',
  'tags',
  'edition',
  'price',
  'currency',
  'compareAtPrice',
  'saleEndsAt',
  'availability',
  'buyLink',
  'mainImage',
  'gallery',
  'seoTitle',
  'seoDescription',
] as const;

const COLUMNS: Record<ImportedField, string> = {
  slug: 'slug',
  title: 'title',
  description: 'description',
  duration: 'duration',
  categories: 'categories',
  tags: 'tags',
  mainImage: 'mainImage',
  gallery: 'gallery',
  edition: 'edition',
  buyLink: 'buyLink',
  price: 'price',
  currency: 'currency',
  compareAtPrice: 'compareAtPrice',
  saleEndsAt: 'saleEndsAt',
  availability: 'availability',
  seoTitle: 'seoTitle',
  seoDescription: 'seoDescription',
  status: 'slug',
};

/** Cells come back as exported: a formula escape is undone. */
const cell = (row: Row, column: string) => csvUnescape(row.get(column));

export const showcaseCsv: Dialect = {
  name: 'showcase',
  recognises: (header) => ['slug', 'title', 'buyLink'].every((column) => header.includes(column)),
  knows: (column) => (SHOWCASE_COLUMNS as readonly string[]).includes(column) || ATTRIBUTE_COLUMN.test(column),
  fields: Object.fromEntries(SHOWCASE_COLUMNS.map((column) => [column, column])),
  async *products(header, records, options, errors) {
    const read = rowReader(header);
    for await (const rows of groupBy(records, read, (row) => row.get('slug'))) {
      const first = rows[0]!;
      const images = [cell(first, 'mainImage'), ...splitList(cell(first, 'gallery'), '|')].filter(Boolean);
      yield {
        line: first.line,
        slug: cell(first, 'slug'),
        title: cell(first, 'title'),
        description: first.get('description'),
        duration: cell(first, 'duration'),
        categories: splitList(cell(first, 'categories'), '|'),
        tags: splitList(cell(first, 'tags'), '|'),
        editions: rows.map((row) => ({
          line: row.line,
          name: cell(row, 'edition'),
          price: readMoney(row, 'price', errors),
          compareAtPrice: readMoney(row, 'compareAtPrice', errors),
          currency: row.get('currency') || (readMoney(row, 'price', []) === null ? null : options.currency),
          saleEndsAt: readDate(row, 'saleEndsAt', errors),
          availability: row.get('availability') || null,
          buyLink: cell(row, 'buyLink'),
        })),
        // The export writes one `attribute:<slug>` column per attribute after these (blank: no value).
        attributes: attributeCells(header, first, csvUnescape),
        images: images.map((src) => ({ src, alt: '', line: first.line })),
        seoTitle: cell(first, 'seoTitle') || null,
        seoDescription: cell(first, 'seoDescription') || null,
        status: undefined,
        columns: COLUMNS,
      };
    }
  },
};
