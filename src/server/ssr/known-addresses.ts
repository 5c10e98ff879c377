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
  /** `from` paths of the redirects table, exactly as a request names them. */
  redirects: ReadonlySet<string>;
};

export async function readAddresses(db: Db): Promise<Addresses> {
  const [products, categories, tags, redirects] = await Promise.all([
    db.selectFrom('products').select('slug').where('status', '<>', 'draft').execute(),
    db.selectFrom('categories').select('slug').where('status', '<>', 'draft').execute(),
    db.selectFrom('tags').select('slug').execute(),
    db.selectFrom('redirects').select('from_path').execute(),
  ]);
  return {
    products: new Set(products.map((row) => row.slug)),
    categories: new Set(categories.map((row) => row.slug)),
    tags: new Set(tags.map((row) => row.slug)),
    redirects: new Set(redirects.map((row) => row.from_path)),
  };
}

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

  constructor(
    private readonly read: () => Promise<Addresses>,
    private readonly currentVersion: () => number,
    private readonly maxAgeMs: () => number | undefined = () => undefined,
  ) {}

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
  | { kind: 'not-found'; shape: 'product' | 'category' | 'other' }
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
  if (segments.length === 2 && (first === 'product' || first === 'category')) {
    const slug = decode(segments[1]!);
    if (slug === undefined) return { kind: 'render' };
    if (first === 'product') return known.products.has(slug) ? { kind: 'render' } : { kind: 'not-found', shape: 'product' };
    if (!known.categories.has(slug)) return { kind: 'not-found', shape: 'category' };
    const kept = tags.filter((tag) => known.tags.has(tag));
    return kept.length === tags.length ? { kind: 'render' } : { kind: 'drop-tags', tags: kept };
  }
  return { kind: 'not-found', shape: 'other' };
}
