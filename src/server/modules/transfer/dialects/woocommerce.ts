import { slugify } from '../../../../shared/slugify';
import { ATTRIBUTE_COLUMN, attributeCells, categoryLeaf, joinUrl, readDate, readMoney, rowReader, type Dialect, type ImportedEdition, type ImportedAttribute, type ImportedField, type ImportedProduct, type ReadOptions, type Row, type RowError } from '../imported-product';

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
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  status: 'Published',
};

/** WooCommerce writes lists as "a, b" and a comma inside an item as `\,`. */
export const wooList = (text: string) => [...new Set(text.split(/(?<!\\),/).map((part) => part.replace(/\\,/g, ',').trim()).filter(Boolean))];

const ATTRIBUTES = /^Attribute (\d+) name$/;

/** Columns of WooCommerce's product export (its documented schema) that are read or knowingly left out; the others are reported as unknown. */
const KNOWN = new Set([
  'ID', 'Type', 'SKU', 'Slug', 'Name', 'Published', 'Is featured?', 'Visibility in catalog', 'Short description', 'Description',
  'Date sale price starts', 'Date sale price ends', 'Tax status', 'Tax class', 'In stock?', 'Stock', 'Low stock amount', 'Backorders allowed?',
  'Sold individually?', 'Allow customer reviews?', 'Purchase note', 'Sale price', 'Regular price', 'Categories', 'Tags', 'Shipping class', 'Images',
  'Download limit', 'Download expiry days', 'Parent', 'Grouped products', 'Upsells', 'Cross-sells', 'External URL', 'Button text', 'Position',
  'Brands', 'GTIN, UPC, EAN, or ISBN', 'SEO title', 'SEO description',
]);
const KNOWN_PATTERN = /^(Weight|Length|Width|Height) \(|^Attribute \d+ (name|value\(s\)|visible|global|default)$|^Download \d+ (ID|name|URL)$/;
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

/** A row's `Attribute N` columns; a global one (a taxonomy, what WooCommerce's shop filters by) is created as a filter. */
function attributesOf(row: Row, header: string[]): ImportedAttribute[] {
  return header.flatMap((column) => {
    const n = ATTRIBUTES.exec(column)?.[1];
    const name = n ? row.get(column) : '';
    const values = name ? wooList(row.get(`Attribute ${n} value(s)`)) : [];
    return values.length > 0 ? [{ name, values, line: row.line, column: `Attribute ${n} value(s)`, filter: row.get(`Attribute ${n} global`) === '1' }] : [];
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
  knows: (column) => KNOWN.has(column) || KNOWN_PATTERN.test(column) || ATTRIBUTE_COLUMN.test(column),
  fields: {
    slug: 'Slug',
    sku: 'SKU',
    title: 'Name',
    description: 'Description',
    duration: 'Short description',
    categories: 'Categories',
    tags: 'Tags',
    images: 'Images',
    price: 'Regular price',
    salePrice: 'Sale price',
    saleEndsAt: 'Date sale price ends',
    availability: 'In stock?',
    buyLink: 'External URL',
    buttonText: 'Button text',
    status: 'Published',
    seoTitle: 'SEO title',
    seoDescription: 'SEO description',
  },
  async *products(header, records, options, errors) {
    const read = rowReader(header);
    let pending: Pending | undefined;
    for await (const record of records) {
      const row = read(record);
      const types = row.get('Type').toLowerCase().split(/,\s*/);
      if (types.includes('variation')) {
        const parent = row.get('Parent');
        if (!pending || !pending.keys.includes(parent)) {
          errors.push({ line: row.line, column: 'Parent', message: 'no product with this id or SKU on the lines before' });
          continue;
        }
        const named = attributesOf(row, header);
        // What the variations are named by is the editions', not a value of the product.
        for (const attribute of named) pending.variedBy.add(attribute.name.toLowerCase());
        const name = named.map((attribute) => attribute.values.join(' ')).join(' / ') || row.get('Name');
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
        variedBy: new Set(),
        line: row.line,
        slug,
        title: row.get('Name'),
        description: row.get('Description') || shortDescription,
        duration: stripTags(shortDescription).slice(0, 200) || '—',
        categories: wooList(row.get('Categories')).map(categoryLeaf).filter(Boolean),
        tags: wooList(row.get('Tags')),
        editions: variable ? [] : [{ ...edition(row, '', buyLink, options, errors), buttonText: row.get('Button text') || null }],
        attributes: [...attributesOf(row, header), ...attributeCells(header, row)],
        images: wooList(row.get('Images')).map((src) => ({ src, alt: '', line: row.line })),
        seoTitle: row.get('SEO title') || null,
        seoDescription: row.get('SEO description') || null,
        status: row.get('Published') === '1' ? 'published' : 'draft',
        columns: COLUMNS,
      };
      if (variable) pending.editions.push({ line: row.line, name: '', price: null, compareAtPrice: null, currency: null, saleEndsAt: null, availability: null, buyLink });
    }
    if (pending) yield withoutKeys(pending);
  },
};

type Pending = ImportedProduct & { keys: string[]; variedBy: Set<string> };

function withoutKeys(product: Pending): ImportedProduct {
  const { keys: _keys, variedBy, ...rest } = product;
  rest.attributes = rest.attributes.filter((attribute) => !variedBy.has(attribute.name.toLowerCase()));
  // A variable product's own row only holds the Buy URL until its variations arrive.
  if (rest.editions.length > 1 && rest.editions[0]!.price === null && rest.editions[0]!.name === '') rest.editions.shift();
  return rest;
}
