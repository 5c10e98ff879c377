import { CsvError, readCsv, type CsvRecord } from './csv-reader';
import type { Dialect, DialectName, ImportedProduct, ReadOptions, RowError } from './imported-product';
import { showcaseCsv } from './dialects/showcase';
import { shopifyCsv } from './dialects/shopify';
import { wooCommerceCsv } from './dialects/woocommerce';
import { showcaseJson } from './dialects/showcase-json';

const CSV_DIALECTS: readonly Dialect[] = [shopifyCsv, wooCommerceCsv, showcaseCsv];

/** A file being read: its dialect (known once the header row is read) and its products, one at a time. */
export type ImportReading = { dialect: DialectName; products: AsyncGenerator<ImportedProduct> };

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
export async function openImport(source: AsyncIterable<Uint8Array>, options: ReadOptions & { format?: DialectName | 'json' | undefined }, errors: RowError[]): Promise<ImportReading> {
  const bytes = source[Symbol.asyncIterator]();
  const head = await bytes.next();
  const first = head.done ? undefined : head.value;
  const text = first ? new TextDecoder().decode(first.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart() : '';
  if (options.format === 'json' || (options.format !== 'shopify' && options.format !== 'woocommerce' && text.startsWith('{'))) {
    return { dialect: 'showcase', products: showcaseJson(peeked(first, bytes), options, errors) };
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
  if (!header) return { dialect: dialect?.name ?? 'showcase', products: nothing() };
  if (!dialect) {
    errors.push({ line: header.line, column: '', message: 'the header row is not Showcase, Shopify or WooCommerce CSV; choose the format' });
    return { dialect: 'showcase', products: nothing() };
  }
  return { dialect: dialect.name, products: dialect.products(names, guarded(records, errors), options, errors) };
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
