/** What a restore would change: one row per field whose value differs between now and the old version. */
export type FieldChange = { field: string; label: string; now: string; then: string };

// Kept by a restore as they are now (decision 029; the address since issue 24): not worth showing.
const KEPT_AS_THEY_ARE = new Set(['id', 'order', 'status', 'publishAt', 'slug', 'version']);

const LABELS: Record<string, string> = {
  title: 'Title',
  duration: 'Info',
  buyLink: 'Buy Link',
  mainImage: 'Tile Image',
  introVideo: 'Intro video',
  description: 'Description',
  gallery: 'Gallery Images',
  darkMode: 'Dark Mode',
  categories: 'Categories',
  tags: 'Tags',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  saleEndsAt: 'Sale ends',
  currency: 'Currency',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  tileImage: 'Tile Image',
  hoverImage: 'Tile Hover Image',
  tileVideo: 'Tile Video',
  emptyImage: 'Empty Image',
  itemsPerRow: 'Items Per Row',
  heroConfig: 'Hero',
  content: 'Content',
  blocks: 'Blocks',
  name: 'Site Name',
  contactEmail: 'Contact E-mail',
  socialLinks: 'Social Links',
  shareImage: 'Share Image',
  primaryColor: 'Primary Color',
  backgroundColor: 'Background Color',
  newsletterImage: 'Newsletter Image',
};

/** "heroConfig.textColor" → "Hero: text color". */
export function fieldLabel(path: string): string {
  const edition = /^editions\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (edition) return `Edition ${Number(edition[1]) + 1}${edition[2] ? `: ${fieldLabel(edition[2]).toLowerCase()}` : ''}`;
  const words = (key: string) => LABELS[key] ?? key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());
  const [head = '', ...rest] = path.split('.');
  return rest.length ? `${words(head)}: ${rest.map((part) => words(part).toLowerCase()).join(' ')}` : words(head);
}

/** A value as one short line: HTML as its text, lists and objects as JSON, empty as "(none)". */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(none)';
  if (typeof value === 'string') {
    const text = /<[a-z][^>]*>/i.test(value) ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : value;
    return text.length > 160 ? `${text.slice(0, 157)}…` : text || '(none)';
  }
  const json = JSON.stringify(value);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// With editions (decision 063) these repeat the first edition's: the edition's row says it.
const REPEATED_BY_EDITIONS = new Set(['buyLink', 'price', 'currency']);

/** A product's editions, one row each ("Edition 2"), read as the owner typed them; a restore brings back the whole list. */
function flattenEditions(editions: unknown[]): Record<string, unknown> {
  return Object.fromEntries(editions.map((edition, index) => [`editions.${index}`, isPlainObject(edition) ? editionLine(edition) : edition]));
}

const AVAILABILITY_WORDS: Record<string, string> = { available: 'available', preorder: 'pre-order', coming_soon: 'coming soon', sold_out: 'sold out' };

/** "Team licence · 299 USD (was 399 until 2026-12-01T10:00:00.000Z) · sold out · https://…" */
function editionLine(edition: Record<string, unknown>): string {
  const { name, price, currency, compareAtPrice, saleEndsAt, availability, buyLink } = edition;
  const priced = typeof price === 'number' ? `${price} ${String(currency ?? '')}`.trim() : 'no price';
  const sale = typeof compareAtPrice === 'number' ? ` (was ${compareAtPrice}${typeof saleEndsAt === 'string' ? ` until ${saleEndsAt}` : ''})` : '';
  return [name || '(no name)', `${priced}${sale}`, AVAILABILITY_WORDS[String(availability)] ?? String(availability ?? ''), String(buyLink ?? '')].join(' · ');
}

/** Flattens one level of nested objects (the hero's fields, the buttons), so a change names its field. */
function flatten(value: unknown, prefix = '', depth = 0): Record<string, unknown> {
  if (!isPlainObject(value) || depth > 2) return { [prefix]: value };
  const out: Record<string, unknown> = {};
  const hasEditions = depth === 0 && Array.isArray(value.editions);
  for (const [key, inner] of Object.entries(value)) {
    if (depth === 0 && KEPT_AS_THEY_ARE.has(key)) continue;
    if (hasEditions && REPEATED_BY_EDITIONS.has(key)) continue;
    if (hasEditions && key === 'editions') {
      Object.assign(out, flattenEditions(inner as unknown[]));
      continue;
    }
    Object.assign(out, isPlainObject(inner) ? flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1) : { [prefix ? `${prefix}.${key}` : key]: inner });
  }
  return out;
}

/** The fields a restore of `then` over `now` would change, in the order `now` lists them. */
export function revisionChanges(now: unknown, then: unknown): FieldChange[] {
  const a = flatten(now);
  const b = flatten(then);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((field) => JSON.stringify(a[field] ?? '') !== JSON.stringify(b[field] ?? ''))
    .map((field) => ({ field, label: fieldLabel(field), now: showValue(a[field]), then: showValue(b[field]) }));
}
