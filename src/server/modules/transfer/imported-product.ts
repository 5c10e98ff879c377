import type { CsvRecord } from './csv-reader';

/** One problem of an import file: "line 42, Variant Price: not a number". */
export type RowError = { line: number; column: string; message: string };

export type DialectName = 'showcase' | 'shopify' | 'woocommerce';
export const DIALECTS: readonly DialectName[] = ['showcase', 'shopify', 'woocommerce'];

/** One way a product is sold (issue 28's editions, decision 063): the first is the default, whose price and Buy link the product shows. */
export type ImportedEdition = {
  line: number;
  name: string;
  price: number | null;
  compareAtPrice: number | null;
  currency: string | null;
  saleEndsAt: string | null;
  /** One of the editions' availabilities (available, preorder, coming_soon, sold_out) as the file says it; null: available. */
  availability: string | null;
  /** '' when the file gives none and no shop address makes one: an error of the row. */
  buyLink: string;
  /** The label of the Buy button (WooCommerce's Button text), when the file gives one. */
  buttonText?: string | null;
};

/**
 * A product's value of an attribute as a file gives it (issue 31 with issue 28's attributes): matched to the
 * site's attribute by slug (the slug of `name`) or by name in any case, and checked against its type; an
 * attribute the site lacks is created (decision 069, amended). `values` holds one text (a blank one clears
 * the product's value); several are what a shop offers (WooCommerce's "Online, In person") and are not
 * stored, since a product holds one value of an attribute.
 */
export type ImportedAttribute = {
  name: string;
  values: string[];
  line: number;
  column: string;
  /** Created as a filter when missing (WooCommerce's global attributes are what its shop filters by). */
  filter?: boolean;
  /** A new attribute's type is read from its values (true/false, numbers, else a choice); a shop's are choices. */
  infer?: boolean;
};

/**
 * An attribute as a file defines it: Showcase's JSON document in its head, Showcase's CSV in its attribute
 * columns' header cells (attribute-header.ts); `line` and `column` name where (the document's `attributes`).
 */
export type DeclaredAttribute = { name: string; slug: string; type: 'choice' | 'number' | 'boolean'; values: string[]; unit: string | null; filter: boolean; line?: number; column?: string };

/** A column that names an attribute in any CSV dialect: `attribute:<slug or name>` (Showcase's export writes the slug). */
export const ATTRIBUTE_COLUMN = /^attribute:\s*(.+)$/i;

/** The `attribute:` columns of a header: a product's values of them (a blank cell clears its value). */
export function attributeCells(header: string[], row: Row, unescape: (cell: string) => string = (cell) => cell): ImportedAttribute[] {
  return header.flatMap((column) => {
    const name = ATTRIBUTE_COLUMN.exec(column)?.[1]?.trim();
    return name ? [{ name, values: [unescape(row.get(column))], line: row.line, column, infer: true }] : [];
  });
}

/** An image named by a file: a URL, a site path, or a file name looked up in the media zip. */
export type ImportedImage = { src: string; alt: string; line: number };

/** The product fields an import sets, and the file's column each came from (for the errors found when the product is checked). */
export type ImportedField =
  | 'slug'
  | 'title'
  | 'description'
  | 'duration'
  | 'categories'
  | 'tags'
  | 'mainImage'
  | 'gallery'
  | 'edition'
  | 'buyLink'
  | 'price'
  | 'currency'
  | 'compareAtPrice'
  | 'saleEndsAt'
  | 'availability'
  | 'seoTitle'
  | 'seoDescription'
  | 'status';

/** The fields of one edition: an error in one of them is on that edition's line. */
export const EDITION_FIELDS: ReadonlySet<ImportedField> = new Set(['edition', 'buyLink', 'price', 'currency', 'compareAtPrice', 'saleEndsAt', 'availability']);

/**
 * A product as any dialect reads it, before it meets the database: what a
 * Shopify handle group, a WooCommerce row with its variations or a Showcase
 * row group says, in one shape (decision 069).
 */
export type ImportedProduct = {
  /** The first line of the product in the file. */
  line: number;
  slug: string;
  title: string;
  description: string;
  duration: string;
  /** Category titles (the last part of a `>` path); tags by title. */
  categories: string[];
  tags: string[];
  editions: ImportedEdition[];
  attributes: ImportedAttribute[];
  /** In gallery order; the first is the main image. */
  images: ImportedImage[];
  seoTitle: string | null;
  seoDescription: string | null;
  /** Undefined when the file says nothing (Showcase CSV): an update keeps the stored status, a create publishes. */
  status: 'published' | 'draft' | undefined;
  columns: Record<ImportedField, string>;
};

/** The cells of a record by header name, '' for a column the file lacks. */
export type Row = { line: number; get: (column: string) => string; has: (column: string) => boolean };

export function rowReader(header: string[]): (record: CsvRecord) => Row {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(name.trim())) index.set(name.trim(), i);
  });
  return (record) => ({
    line: record.line,
    get: (column) => (record.cells[index.get(column) ?? -1] ?? '').trim(),
    has: (column) => index.has(column),
  });
}

const NUMBER = /^\d{1,12}(?:\.\d{1,6})?$/;

/** A price cell: '' is none; anything but a plain decimal is an error of the row. */
export function readMoney(row: Row, column: string, errors: RowError[]): number | null {
  const text = row.get(column).replace(/^'/, '');
  if (text === '') return null;
  if (!NUMBER.test(text)) {
    errors.push({ line: row.line, column, message: 'not a number' });
    return null;
  }
  return Number(text);
}

/** A date cell as an ISO instant, or null; a date that does not parse is an error of the row. */
export function readDate(row: Row, column: string, errors: RowError[]): string | null {
  const text = row.get(column);
  if (text === '') return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) {
    errors.push({ line: row.line, column, message: 'not a date' });
    return null;
  }
  return new Date(time).toISOString();
}

/** A list cell split on `separator`, trimmed, blanks and repeats dropped. */
export const splitList = (text: string, separator: string | RegExp) => [...new Set(text.split(separator).map((part) => part.trim()).filter(Boolean))];

/** The last part of a category path ("Courses > Design" is Design): categories here are one level. */
export const categoryLeaf = (path: string) => path.split('>').map((part) => part.trim()).filter(Boolean).pop() ?? '';

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** What every dialect needs besides the file. */
export type ReadOptions = { shopUrl?: string | undefined; currency: string };

/** A dialect: whether a header row is its, and how its records become products (grouped: a product may span several lines). */
export type Dialect = {
  name: DialectName;
  recognises: (header: string[]) => boolean;
  /** Whether the dialect reads (or knowingly leaves out) a column; the others are reported as unknown, to be mapped or ignored. */
  knows: (column: string) => boolean;
  /** The fields a column may be mapped to, and the dialect's column for each (a mapped column is read as that one). */
  fields: Readonly<Record<string, string>>;
  products: (header: string[], records: AsyncIterable<CsvRecord>, options: ReadOptions, errors: RowError[]) => AsyncGenerator<ImportedProduct>;
};

/** Groups consecutive records by a key (Shopify's Handle, Showcase's slug); a record with an empty key joins the group before it. */
export async function* groupBy(records: AsyncIterable<CsvRecord>, read: (record: CsvRecord) => Row, key: (row: Row) => string): AsyncGenerator<Row[]> {
  let group: Row[] = [];
  let current: string | undefined;
  for await (const record of records) {
    const row = read(record);
    const k = key(row);
    if (group.length > 0 && k !== '' && k !== current) {
      yield group;
      group = [];
    }
    if (k !== '') current = k;
    group.push(row);
  }
  if (group.length > 0) yield group;
}
