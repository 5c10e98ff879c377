import { slugify } from '../../../../shared/slugify';
import { categoryLeaf, joinUrl, readDate, readMoney, rowReader, type Dialect, type ImportedEdition, type ImportedField, type ImportedProduct, type ReadOptions, type Row, type RowError } from '../imported-product';

const COLUMNS: Record<ImportedField, string> = {
  slug: 'SKU',
  title: 'Name',
  description: 'Description',
  duration: 'Short description',
  categories: 'Categories',
  tags: 'Tags',
  mainImage: 'Images',
  gallery: 'Images',
  edition: 'Name',
  buyLink: 'External URL',
  price: 'Regular price',
  currency: 'Regular price',
  compareAtPrice: 'Regular price',
  saleEndsAt: 'Date sale price ends',
  availability: 'In stock?',
  seoTitle: 'Name',
  seoDescription: 'Short description',
  status: 'Published',
};

/** WooCommerce writes lists as "a, b" and a comma inside an item as `\,`. */
export const wooList = (text: string) => [...new Set(text.split(/(?<!\\),/).map((part) => part.replace(/\\,/g, ',').trim()).filter(Boolean))];

const ATTRIBUTES = /^Attribute (\d+) name$/;
const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

function edition(row: Row, name: string, buyLink: string, options: ReadOptions, errors: RowError[]): ImportedEdition {
  const regular = readMoney(row, 'Regular price', errors);
  const sale = readMoney(row, 'Sale price', errors);
  const stock = row.get('In stock?').toLowerCase();
  const saleEnds = readDate(row, 'Date sale price ends', errors);
  // A sale price is a sale only below the regular price; its end date means nothing without one.
  const onSale = sale !== null && regular !== null && regular > sale;
  return {
    line: row.line,
    name,
    price: sale ?? regular,
    compareAtPrice: onSale ? regular : null,
    currency: (sale ?? regular) === null ? null : options.currency,
    saleEndsAt: onSale ? saleEnds : null,
    // WooCommerce's "backorder" still takes orders: the edition can be bought.
    availability: stock === '0' || stock === 'outofstock' ? 'sold_out' : stock === '' ? null : 'available',
    buyLink,
  };
}

function attributesOf(row: Row, header: string[]) {
  return header.flatMap((column) => {
    const n = ATTRIBUTES.exec(column)?.[1];
    const name = n ? row.get(column) : '';
    return name ? [{ name, values: wooList(row.get(`Attribute ${n} value(s)`)) }] : [];
  });
}

/**
 * WooCommerce's product export CSV: one row per product, then one per
 * variation of a variable product (Type "variation", Parent naming it), which
 * become its editions. External products keep their External URL as the Buy
 * URL; others are sold at `{shopUrl}/product/{slug}`.
 */
export const wooCommerceCsv: Dialect = {
  name: 'woocommerce',
  recognises: (header) => header.includes('Regular price') && header.includes('Name') && header.includes('Type'),
  async *products(header, records, options, errors) {
    const read = rowReader(header);
    let pending: (ImportedProduct & { keys: string[] }) | undefined;
    for await (const record of records) {
      const row = read(record);
      const types = row.get('Type').toLowerCase().split(/,\s*/);
      if (types.includes('variation')) {
        const parent = row.get('Parent');
        if (!pending || !pending.keys.includes(parent)) {
          errors.push({ line: row.line, column: 'Parent', message: 'no product with this id or SKU on the lines before' });
          continue;
        }
        const name = attributesOf(row, header).map((attribute) => attribute.values.join(' ')).join(' / ') || row.get('Name');
        pending.editions.push(edition(row, name, pending.editions[0]?.buyLink ?? '', options, errors));
        continue;
      }
      if (pending) yield withoutKeys(pending);
      const slug = row.get('Slug') || slugify(row.get('SKU')) || slugify(row.get('Name'));
      const external = types.includes('external');
      const buyLink = external ? row.get('External URL') : options.shopUrl ? joinUrl(options.shopUrl, `/product/${slug}`) : '';
      if (!buyLink) errors.push(external ? { line: row.line, column: 'External URL', message: 'is required for an external product' } : { line: row.line, column: 'SKU', message: 'no Buy URL: the shop address (shopUrl) is needed' });
      const variable = types.includes('variable');
      const shortDescription = row.get('Short description');
      pending = {
        keys: [row.get('ID') && `id:${row.get('ID')}`, row.get('SKU')].filter(Boolean),
        line: row.line,
        slug,
        title: row.get('Name'),
        description: row.get('Description') || shortDescription,
        duration: stripTags(shortDescription).slice(0, 200) || '—',
        categories: wooList(row.get('Categories')).map(categoryLeaf).filter(Boolean),
        tags: wooList(row.get('Tags')),
        editions: variable ? [] : [{ ...edition(row, '', buyLink, options, errors), buttonText: row.get('Button text') || null }],
        attributes: attributesOf(row, header),
        images: wooList(row.get('Images')).map((src) => ({ src, alt: '', line: row.line })),
        seoTitle: null,
        seoDescription: null,
        status: row.get('Published') === '1' ? 'published' : 'draft',
        columns: COLUMNS,
      };
      if (variable) pending.editions.push({ line: row.line, name: '', price: null, compareAtPrice: null, currency: null, saleEndsAt: null, availability: null, buyLink });
    }
    if (pending) yield withoutKeys(pending);
  },
};

function withoutKeys(product: ImportedProduct & { keys: string[] }): ImportedProduct {
  const { keys: _keys, ...rest } = product;
  // A variable product's own row only holds the Buy URL until its variations arrive.
  if (rest.editions.length > 1 && rest.editions[0]!.price === null && rest.editions[0]!.name === '') rest.editions.shift();
  return rest;
}
