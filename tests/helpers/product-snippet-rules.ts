/**
 * Google's rules for product snippets, as a check of a JSON-LD `Product` (issue 28: "0 errors, 0
 * warnings"). From Google Search Central, "Product snippet (Product, Review, Offer) structured data"
 * (developers.google.com/search/docs/appearance/structured-data/product-snippet), its structured data
 * type definitions:
 * - Product: `name` required; one of `review`, `aggregateRating` or `offers` required (we offer);
 *   `image` and `description` recommended (and needed for the image results).
 * - Offer: `price` required (digits with "." for decimals, no currency sign); `priceCurrency`
 *   (ISO 4217, three letters), `availability` (a schema.org ItemAvailability URL) and
 *   `priceValidUntil` (an ISO 8601 date; a snippet may not show with a past date) recommended.
 * - AggregateOffer: `lowPrice` and `priceCurrency` required; `highPrice` and `offerCount` recommended.
 * Missing required properties are errors; missing recommended ones and badly formed values warnings.
 * Beyond the page: no empty strings and no nulls (the Rich Results Test reports both as invalid values).
 */

type Node = Record<string, unknown>;
export type SnippetReport = { errors: string[]; warnings: string[] };

const AVAILABILITY = ['BackOrder', 'Discontinued', 'InStock', 'InStoreOnly', 'LimitedAvailability', 'MadeToOrder', 'OnlineOnly', 'OutOfStock', 'PreOrder', 'PreSale', 'Reserved', 'SoldOut'].map(
  (value) => `https://schema.org/${value}`,
);
const PRICE = /^\d+(\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value);
const priceOk = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0) || (typeof value === 'string' && PRICE.test(value));

/** Every empty string and null, with its path. */
function blanks(value: unknown, path: string, out: string[]): string[] {
  if (value === '' || value === null) out.push(`${path} is ${value === '' ? 'an empty string' : 'null'}`);
  else if (Array.isArray(value)) value.forEach((item, index) => blanks(item, `${path}[${index}]`, out));
  else if (isNode(value)) for (const [key, inner] of Object.entries(value)) blanks(inner, `${path}.${key}`, out);
  return out;
}

function checkOffer(offer: Node, path: string, report: SnippetReport, now: number): void {
  if (offer['@type'] !== 'Offer') report.errors.push(`${path}: @type must be Offer`);
  if (offer.price === undefined) report.errors.push(`${path}.price: missing (required)`);
  else if (!priceOk(offer.price)) report.errors.push(`${path}.price: "${String(offer.price)}" is not a price (digits, "." for decimals)`);
  if (offer.priceCurrency === undefined) report.warnings.push(`${path}.priceCurrency: missing`);
  else if (!CURRENCY.test(String(offer.priceCurrency))) report.warnings.push(`${path}.priceCurrency: "${String(offer.priceCurrency)}" is not an ISO 4217 code`);
  if (offer.availability === undefined) report.warnings.push(`${path}.availability: missing`);
  else if (!AVAILABILITY.includes(String(offer.availability))) report.warnings.push(`${path}.availability: "${String(offer.availability)}" is not a schema.org availability URL`);
  if (offer.priceValidUntil !== undefined) {
    const until = String(offer.priceValidUntil);
    if (!DATE.test(until) || Number.isNaN(Date.parse(until))) report.warnings.push(`${path}.priceValidUntil: "${until}" is not an ISO 8601 date`);
    else if (Date.parse(`${until}T23:59:59.999Z`) < now) report.warnings.push(`${path}.priceValidUntil: ${until} is past`);
  }
  if (offer.url !== undefined && !isUrl(offer.url)) report.warnings.push(`${path}.url: "${String(offer.url)}" is not an absolute URL`);
}

function checkAggregate(offer: Node, report: SnippetReport, now: number): void {
  const path = 'offers';
  if (offer.lowPrice === undefined) report.errors.push(`${path}.lowPrice: missing (required)`);
  else if (!priceOk(offer.lowPrice)) report.errors.push(`${path}.lowPrice: "${String(offer.lowPrice)}" is not a price`);
  if (offer.priceCurrency === undefined) report.errors.push(`${path}.priceCurrency: missing (required)`);
  else if (!CURRENCY.test(String(offer.priceCurrency))) report.errors.push(`${path}.priceCurrency: "${String(offer.priceCurrency)}" is not an ISO 4217 code`);
  if (offer.highPrice === undefined) report.warnings.push(`${path}.highPrice: missing`);
  else if (!priceOk(offer.highPrice)) report.warnings.push(`${path}.highPrice: "${String(offer.highPrice)}" is not a price`);
  else if (Number(offer.highPrice) < Number(offer.lowPrice)) report.warnings.push(`${path}.highPrice: below lowPrice`);
  if (offer.offerCount === undefined) report.warnings.push(`${path}.offerCount: missing`);
  else if (!Number.isInteger(offer.offerCount) || Number(offer.offerCount) < 1) report.warnings.push(`${path}.offerCount: "${String(offer.offerCount)}" is not a positive whole number`);
  const inner = Array.isArray(offer.offers) ? offer.offers : offer.offers === undefined ? [] : [offer.offers];
  inner.forEach((one, index) => (isNode(one) ? checkOffer(one, `${path}.offers[${index}]`, report, now) : report.errors.push(`${path}.offers[${index}]: not an Offer`)));
  if (inner.length > 0) {
    const prices = inner.filter(isNode).map((one) => Number(one.price));
    if (offer.offerCount !== inner.length) report.warnings.push(`${path}.offerCount: ${String(offer.offerCount)} but ${inner.length} offers listed`);
    if (Number(offer.lowPrice) !== Math.min(...prices)) report.warnings.push(`${path}.lowPrice: ${String(offer.lowPrice)} is not the lowest offer's price`);
    if (Number(offer.highPrice) !== Math.max(...prices)) report.warnings.push(`${path}.highPrice: ${String(offer.highPrice)} is not the highest offer's price`);
    for (const one of inner.filter(isNode)) if (one.priceCurrency !== offer.priceCurrency) report.warnings.push(`${path}.offers: a price in ${String(one.priceCurrency)} beside ${String(offer.priceCurrency)}`);
  }
}

/** The problems Google's product snippet rules find in one `Product` node. */
export function checkProductSnippet(product: Node, now = Date.now()): SnippetReport {
  const report: SnippetReport = { errors: [], warnings: [] };
  const types = Array.isArray(product['@type']) ? product['@type'] : [product['@type']];
  if (!types.includes('Product')) report.errors.push('@type: not a Product');
  if (typeof product.name !== 'string' || product.name.trim() === '') report.errors.push('name: missing (required)');
  if (product.offers === undefined && product.review === undefined && product.aggregateRating === undefined) report.errors.push('offers, review or aggregateRating: one is required');
  const images = Array.isArray(product.image) ? product.image : product.image === undefined ? [] : [product.image];
  if (images.length === 0) report.warnings.push('image: missing');
  for (const image of images) if (!isUrl(image)) report.warnings.push(`image: "${String(image)}" is not an absolute URL`);
  if (product.description === undefined) report.warnings.push('description: missing');
  const offers = product.offers;
  if (isNode(offers)) {
    if (offers['@type'] === 'AggregateOffer') checkAggregate(offers, report, now);
    else checkOffer(offers, 'offers', report, now);
  } else if (offers !== undefined) report.errors.push('offers: must be one Offer or AggregateOffer');
  report.errors.push(...blanks(product, '$', []));
  return report;
}
