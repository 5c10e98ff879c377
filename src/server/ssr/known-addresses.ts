import type { Db } from '../db/database';

/**
 * Every address that could be a page, read once per content version: the
 * slugs of products and categories that are not drafts (a scheduled one may
 * go live any moment: it is rendered, and its render says whether it is
 * live), every tag slug, and every redirect's source. With it, a made-up
 * address is known to be one without asking the database (issue 23): it is
 * answered by the shared not-found page of its shape. A slug in the set is
 * only a candidate; its render still decides.
 */
export type Addresses = {
  products: ReadonlySet<string>;
  categories: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  /** Pages made of blocks that are not drafts (issue 29). */
  pages: ReadonlySet<string>;
  /** `from` paths of the redirects table, exactly as a request names them. */
  redirects: ReadonlySet<string>;
};

export async function readAddresses(db: Db): Promise<Addresses> {
  const [products, categories, tags, pages, redirects] = await Promise.all([
    db.selectFrom('products').select('slug').where('status', '<>', 'draft').execute(),
    db.selectFrom('categories').select('slug').where('status', '<>', 'draft').execute(),
    db.selectFrom('tags').select('slug').execute(),
    db.selectFrom('pages').select('slug').where('status', '<>', 'draft').execute(),
    db.selectFrom('redirects').select('from_path').execute(),
  ]);
  return {
    products: new Set(products.map((row) => row.slug)),
    categories: new Set(categories.map((row) => row.slug)),
    tags: new Set(tags.map((row) => row.slug)),
    pages: new Set(pages.map((row) => row.slug)),
    redirects: new Set(redirects.map((row) => row.from_path)),
  };
}

/** What a single address names, for the one-row look-up of an address the set lacks. */
export type AddressKind = 'product' | 'category' | 'page' | 'tag' | 'redirect';

/** Whether the database holds this address now: one indexed read. */
export async function holdsAddress(db: Db, kind: AddressKind, value: string): Promise<boolean> {
  const row =
    kind === 'product'
      ? await db.selectFrom('products').select('id').where('slug', '=', value).where('status', '<>', 'draft').executeTakeFirst()
      : kind === 'category'
        ? await db.selectFrom('categories').select('id').where('slug', '=', value).where('status', '<>', 'draft').executeTakeFirst()
        : kind === 'page'
          ? await db.selectFrom('pages').select('id').where('slug', '=', value).where('status', '<>', 'draft').executeTakeFirst()
          : kind === 'tag'
          ? await db.selectFrom('tags').select('id').where('slug', '=', value).executeTakeFirst()
          : await db.selectFrom('redirects').select('id').where('from_path', '=', value).executeTakeFirst();
  return row !== undefined;
}

/** Misses remembered per content version: beyond this many, the oldest is forgotten (and looked up again if asked). */
const MAX_MISSES = 20_000;

/**
 * `readAddresses` kept per content version (and no longer than `maxAgeMs`
 * while other copies' writes may go unheard, like pages); concurrent asks
 * share one read.
 */
export class KnownAddresses {
  private value: { addresses: Addresses; version: number; readAt: number } | undefined;
  private reading: { version: number; promise: Promise<Addresses> } | undefined;
  /** Reads made so far (tests count them). */
  reads = 0;

  /** Look-ups of addresses the set lacked (tests count them). */
  lookups = 0;
  private misses = { version: -1, since: 0, keys: new Set<string>() };

  constructor(
    private readonly read: () => Promise<Addresses>,
    private readonly holds: (kind: AddressKind, value: string) => Promise<boolean>,
    private readonly currentVersion: () => number,
    private readonly maxAgeMs: () => number | undefined = () => undefined,
  ) {}

  /**
   * Whether an address the set lacks is missing from the database too. The set
   * may be behind a write another worker or copy made a moment ago (heard a few
   * milliseconds later): a product created and opened at once must not be a 404.
   * One indexed read says, and a miss is remembered until the content version
   * changes, so a made-up address reaches the database once, never twice.
   */
  async missing(kind: AddressKind, value: string): Promise<boolean> {
    const version = this.currentVersion();
    const maxAge = this.maxAgeMs();
    if (this.misses.version !== version || (maxAge !== undefined && Date.now() - this.misses.since > maxAge)) {
      this.misses = { version, since: Date.now(), keys: new Set() };
    }
    const misses = this.misses;
    const key = `${kind} ${value}`;
    if (misses.keys.has(key)) return true;
    this.lookups += 1;
    if (await this.holds(kind, value)) return false;
    if (misses.keys.size >= MAX_MISSES) misses.keys.delete(misses.keys.values().next().value!);
    misses.keys.add(key);
    return true;
  }

  get(): Promise<Addresses> {
    const version = this.currentVersion();
    const maxAge = this.maxAgeMs();
    const value = this.value;
    if (value && value.version === version && (maxAge === undefined || Date.now() - value.readAt <= maxAge)) return Promise.resolve(value.addresses);
    if (this.reading?.version === version) return this.reading.promise;
    this.reads += 1;
    const promise = this.read().then((addresses) => {
      if (!this.value || this.value.version <= version) this.value = { addresses, version, readAt: Date.now() };
      return addresses;
    });
    const reading = { version, promise };
    this.reading = reading;
    const done = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    promise.then(done, done);
    return promise;
  }
}

/** What the page router would show at a path: a page worth rendering, or the not-found page of a shape. */
export type PageVerdict =
  | { kind: 'render' }
  | { kind: 'not-found'; shape: 'product' | 'category' | 'page' | 'other'; slug?: string }
  /** A category page asked with tags that name no tag: the same page without them. */
  | { kind: 'drop-tags'; tags: string[] };

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * `path` is the page identity's path (slashes trimmed, see pageIdentity).
 * Mirrors the public routes (src/web/routes.tsx), whose matching ignores case
 * and decodes parameters. Anything it cannot be sure of is rendered.
 */
export function judgeAddress(path: string, tags: readonly string[], known: Addresses): PageVerdict {
  const segments = path.split('/').slice(1);
  const first = segments[0]?.toLowerCase() ?? '';
  if (segments.length === 1 && (first === '' || first === 'about' || first === 'search')) return { kind: 'render' };
  if (segments.length === 2 && first === 'pages') {
    const slug = decode(segments[1]!);
    if (slug === undefined) return { kind: 'render' };
    return known.pages.has(slug) ? { kind: 'render' } : { kind: 'not-found', shape: 'page', slug };
  }
  if (segments.length === 2 && (first === 'product' || first === 'category')) {
    const slug = decode(segments[1]!);
    if (slug === undefined) return { kind: 'render' };
    if (first === 'product') return known.products.has(slug) ? { kind: 'render' } : { kind: 'not-found', shape: 'product', slug };
    if (!known.categories.has(slug)) return { kind: 'not-found', shape: 'category', slug };
    const kept = tags.filter((tag) => known.tags.has(tag));
    return kept.length === tags.length ? { kind: 'render' } : { kind: 'drop-tags', tags: kept };
  }
  return { kind: 'not-found', shape: 'other' };
}
