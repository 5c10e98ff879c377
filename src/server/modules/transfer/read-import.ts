import { CsvError, readCsv, type CsvRecord } from './csv-reader';
import { badField } from '../../http/errors';
import { ATTRIBUTE_COLUMN, type DeclaredAttribute, type Dialect, type DialectName, type ImportedProduct, type ReadOptions, type RowError } from './imported-product';
import { showcaseCsv } from './dialects/showcase';
import { shopifyCsv } from './dialects/shopify';
import { wooCommerceCsv } from './dialects/woocommerce';
import { showcaseJson } from './dialects/showcase-json';
import { readAttributeHeader } from './attribute-header';

const CSV_DIALECTS: readonly Dialect[] = [shopifyCsv, wooCommerceCsv, showcaseCsv];

/**
 * A file being read: its dialect (known once the header row is read), its products one at a time, the
 * columns its dialect does not read (to be mapped or ignored) with the fields they may be mapped to, and the
 * attributes the file defines (a JSON document's, known before its first product).
 */
export type ImportReading = { dialect: DialectName; products: AsyncGenerator<ImportedProduct>; unknownColumns: string[]; fields: string[]; declared: DeclaredAttribute[] };

/** How the owner reads the columns a dialect does not: `{"Column": "field"}` (a field of the dialect, a column of it, or `attribute:Name`), or null to leave it out. */
export type ColumnMapping = Record<string, string | null>;

/** The header with the mapping applied: a mapped column takes the name of the dialect's column it is read as; a left-out one no name. Throws 400 naming `mapping`. */
function mapHeader(names: string[], dialect: Dialect, mapping: ColumnMapping): string[] {
  const mapped = [...names];
  for (const [column, field] of Object.entries(mapping)) {
    const at = mapped.indexOf(column.trim());
    if (at === -1) throw badField(`mapping: the file has no column “${column}”`);
    if (field === null || field.trim() === '') {
      mapped[at] = '';
      continue;
    }
    const wanted = field.trim();
    const attribute = ATTRIBUTE_COLUMN.exec(wanted)?.[1]?.trim();
    const target = attribute ? `attribute:${attribute}` : (dialect.fields[wanted] ?? (Object.values(dialect.fields).includes(wanted) ? wanted : undefined));
    if (!target) throw badField(`mapping: “${wanted}” (for “${column}”) is not a field of this format: ${Object.keys(dialect.fields).join(', ')} or attribute:Name`);
    if (mapped.some((name, i) => i !== at && name === target)) throw badField(`mapping: the file has a “${target}” column already (mapped from “${column}”)`);
    mapped[at] = target;
  }
  return mapped;
}

/** Bytes of a file; the first non-blank one tells a JSON document from a CSV file. */
async function* peeked(first: Uint8Array | undefined, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (first) yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * Opens an import file: Showcase's JSON document, or a CSV file whose dialect
 * is detected from its header row unless `format` forces one. Problems of the
 * file and of its rows are pushed on `errors`; a file that cannot be read at
 * all (not CSV, not UTF-8) stops with one error and no products.
 */
export async function openImport(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions & { format?: DialectName | 'json' | undefined; mapping?: ColumnMapping | undefined },
  errors: RowError[],
): Promise<ImportReading> {
  const mapping = options.mapping ?? {};
  const declared: DeclaredAttribute[] = [];
  const reading = (dialect: DialectName, products: AsyncGenerator<ImportedProduct>, unknownColumns: string[] = [], fields: string[] = []): ImportReading => ({ dialect, products, unknownColumns, fields, declared });
  const bytes = source[Symbol.asyncIterator]();
  const head = await bytes.next();
  const first = head.done ? undefined : head.value;
  const text = first ? new TextDecoder().decode(first.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart() : '';
  if (options.format === 'json' || (options.format !== 'shopify' && options.format !== 'woocommerce' && text.startsWith('{'))) {
    if (Object.keys(mapping).length > 0) throw badField('mapping: a JSON document has no columns to map');
    return reading('showcase', showcaseJson(peeked(first, bytes), options, errors, declared));
  }
  const records = readCsv(peeked(first, bytes))[Symbol.asyncIterator]();
  let header: CsvRecord | undefined;
  try {
    const next = await records.next();
    header = next.done ? undefined : next.value;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    errors.push({ line: error.line, column: '', message: error.reason });
  }
  const names = header?.cells.map((cell) => cell.trim()) ?? [];
  const dialect = options.format ? CSV_DIALECTS.find((d) => d.name === options.format) : CSV_DIALECTS.find((d) => d.recognises(names));
  if (!header) return reading(dialect?.name ?? 'showcase', nothing());
  if (!dialect) {
    errors.push({ line: header.line, column: '', message: 'the header row is not Showcase, Shopify or WooCommerce CSV; choose the format' });
    return reading('showcase', nothing());
  }
  const unknownColumns = [...new Set(names.filter((name) => name !== '' && !dialect.knows(name)))];
  // Attribute columns may carry their definitions (attribute-header.ts): the dialects read the bare `attribute:<slug>`.
  const columns = readAttributeHeader(mapHeader(names, dialect, mapping), header.line, declared, errors);
  return reading(dialect.name, dialect.products(columns, guarded(records, errors), options, errors), unknownColumns, Object.keys(dialect.fields));
}

async function* nothing(): AsyncGenerator<ImportedProduct> {}

/** The records after the header; a file that stops being CSV ends the read with its error. */
async function* guarded(records: AsyncIterator<CsvRecord>, errors: RowError[]): AsyncGenerator<CsvRecord> {
  try {
    for (let next = await records.next(); !next.done; next = await records.next()) yield next.value;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    errors.push({ line: error.line, column: '', message: error.reason });
  }
}
