import { ATTRIBUTE_COLUMN, attributeCells, categoryLeaf, groupBy, joinUrl, readMoney, rowReader, splitList, type Dialect, type ImportedField, type ImportedImage } from '../imported-product';

const COLUMNS: Record<ImportedField, string> = {
  slug: 'Handle',
  title: 'Title',
  description: 'Body (HTML)',
  duration: 'Type',
  categories: 'Type',
  tags: 'Tags',
  mainImage: 'Image Src',
  gallery: 'Image Src',
  edition: 'Option1 Value',
  buyLink: 'Handle',
  price: 'Variant Price',
  currency: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  saleEndsAt: 'Variant Compare At Price',
  availability: 'Variant Inventory Qty',
  seoTitle: 'SEO Title',
  seoDescription: 'SEO Description',
  status: 'Status',
};

const OPTIONS = [1, 2, 3] as const;

/** Columns of Shopify's product CSV (its help centre's list) that are read or knowingly left out: the others are reported as unknown. */
const KNOWN = new Set([
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published', 'Collection',
  ...OPTIONS.flatMap((n) => [`Option${n} Name`, `Option${n} Value`, `Option${n} Linked To`]),
  'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service',
  'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable', 'Variant Barcode', 'Image Src', 'Image Position',
  'Image Alt Text', 'Gift Card', 'SEO Title', 'SEO Description', 'Variant Image', 'Variant Weight Unit', 'Variant Tax Code', 'Cost per item', 'Status',
  'Unit Price Total Measure', 'Unit Price Total Measure Unit', 'Unit Price Base Measure', 'Unit Price Base Measure Unit',
]);
/** Per-market prices, Google Shopping fields and variant metafields: Shopify's, with no place here. */
const KNOWN_PATTERN = /^(Google Shopping \/ |Included \/ |Price \/ |Compare At Price \/ |Status \/ )|\(variant\.metafields\./;
/** A product metafield column, `Course level (product.metafields.custom.level)`: an attribute named by its label. */
const METAFIELD = /^(.+?)\s*\(product\.metafields\.[^)]+\)$/;
const truthy = (text: string) => /^(true|yes|1)$/i.test(text);

/**
 * Shopify's product CSV: the rows of one product share its Handle; the first
 * carries the product, every row with option values is a variant (an
 * edition), every row with an Image Src an image at its Image Position.
 * The file has no Buy URL: it is `{shopUrl}/products/{handle}`.
 */
export const shopifyCsv: Dialect = {
  name: 'shopify',
  recognises: (header) => header.includes('Handle') && header.includes('Variant Price'),
  knows: (column) => KNOWN.has(column) || KNOWN_PATTERN.test(column) || METAFIELD.test(column) || ATTRIBUTE_COLUMN.test(column),
  fields: {
    slug: 'Handle',
    title: 'Title',
    description: 'Body (HTML)',
    categories: 'Type',
    tags: 'Tags',
    edition: 'Option1 Value',
    price: 'Variant Price',
    compareAtPrice: 'Variant Compare At Price',
    image: 'Image Src',
    imageAlt: 'Image Alt Text',
    seoTitle: 'SEO Title',
    seoDescription: 'SEO Description',
    status: 'Status',
  },
  async *products(header, records, options, errors) {
    const read = rowReader(header);
    for await (const rows of groupBy(records, read, (row) => row.get('Handle'))) {
      const first = rows[0]!;
      const handle = first.get('Handle');
      const buyLink = options.shopUrl ? joinUrl(options.shopUrl, `/products/${handle}`) : '';
      if (!options.shopUrl) errors.push({ line: first.line, column: 'Handle', message: 'no Buy URL: the shop address (shopUrl) is needed' });
      const variants = rows.filter((row) => row.get('Variant Price') !== '' || OPTIONS.some((n) => row.get(`Option${n} Value`) !== ''));
      const images: Array<ImportedImage & { position: number }> = rows
        .filter((row) => row.get('Image Src') !== '')
        .map((row, i) => ({ src: row.get('Image Src'), alt: row.get('Image Alt Text'), line: row.line, position: Number(row.get('Image Position')) || 1000 + i }));
      images.sort((a, b) => a.position - b.position);
      const status = first.get('Status').toLowerCase();
      const published = (status === '' || status === 'active') && (!first.has('Published') || truthy(first.get('Published')));
      const category = first.get('Type') || categoryLeaf(first.get('Product Category'));
      yield {
        line: first.line,
        slug: handle,
        title: first.get('Title'),
        description: first.get('Body (HTML)'),
        duration: first.get('Type') || '—',
        categories: category ? [category] : [],
        tags: splitList(first.get('Tags'), ','),
        editions: variants.map((row) => {
          const values = OPTIONS.map((n) => row.get(`Option${n} Value`)).filter((value) => value !== '' && value !== 'Default Title');
          const price = readMoney(row, 'Variant Price', errors);
          const compareAt = readMoney(row, 'Variant Compare At Price', errors);
          return {
            line: row.line,
            name: values.join(' / '),
            price,
            // Shopify shows no sale when the compare-at price is not above the price, and its exports often repeat the price there.
            compareAtPrice: compareAt !== null && price !== null && compareAt > price ? compareAt : null,
            currency: options.currency,
            saleEndsAt: null,
            availability: row.get('Variant Inventory Qty') === '0' && row.get('Variant Inventory Policy') === 'deny' ? 'sold_out' : null,
            buyLink,
          };
        }),
        attributes: [
          // Product metafields; a list metafield ("a; b") holds several values and is not stored.
          ...header.flatMap((column) => {
            const label = METAFIELD.exec(column)?.[1];
            const value = label ? first.get(column) : '';
            return label && value ? [{ name: label, values: splitList(value, /;\s*/), line: first.line, column }] : [];
          }),
          ...attributeCells(header, first),
        ],
        images: images.map(({ src, alt, line }) => ({ src, alt, line })),
        seoTitle: first.get('SEO Title') || null,
        seoDescription: first.get('SEO Description') || null,
        status: published ? 'published' : 'draft',
        columns: COLUMNS,
      };
    }
  },
};
