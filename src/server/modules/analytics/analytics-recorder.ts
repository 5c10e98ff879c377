import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { rawClientAddress, type TrustedHop } from '../../http/client-address';
import { deviceOfCookieHeader, mayCarryDeviceCookie } from '../auth/trusted-device';
import { writeEvents, type CountedEvent } from './event-writer';
import { pruneAnalytics } from './retention';
import { siteDay } from './site-day';
import { isBot, isPrefetch, visitSource } from './visit-filter';
import { VisitorSalts, visitorHash } from './visitor-salts';

/** A batch is written this often, off the request path. */
const FLUSH_MS = 1000;
/** A batch this long (distinct answers) is written at once. */
const BATCH_MAX = 2000;
/** While the database is away, at most this many distinct answers wait; the newest are dropped (and logged). */
const PENDING_MAX = 100_000;
const PRUNE_MS = 60 * 60 * 1000;
const PATH_MAX = 300;

/**
 * Identical page answers of a batch (the same client, address, referrer and
 * page: a visitor reloading) are one entry with their number: a repeat costs a
 * map look-up, and nothing of the request is kept but a few strings.
 */
type PageAnswers = {
  at: number;
  path: string;
  url: string;
  address: string;
  userAgent: string;
  referer: string | undefined;
  host: string | undefined;
  cookie: string | undefined;
  count: number;
};

export type AnalyticsOptions = {
  /** ANALYTICS=false: nothing is counted (the bench compares both). */
  enabled: boolean;
  /** The site's own host names: never a referrer. */
  ownHosts: readonly string[];
  trusted: TrustedHop;
};

/**
 * Counts page views and Buy Now clicks (decision 060). On the request path a
 * page answer costs a map entry (or a count on one); every second (or every
 * 2,000 distinct answers) the batch is judged (bots, the owner), hashed and
 * written in one transaction by `writeEvents`. An event is acknowledged once
 * its answer is sent: a graceful stop (`stop()`, on close) writes every
 * acknowledged event; a crash loses at most the last second's.
 */
export class Analytics {
  /** The clock events are stamped with (tests move it to another day). */
  clock: () => number = Date.now;
  readonly salts: VisitorSalts;
  private views = new Map<string, PageAnswers>();
  /** The keys of the connection front's re-used requests (see `pageView`). */
  private readonly frontKeys = new WeakMap<object, string | null>();
  private counted: CountedEvent[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly options: AnalyticsOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    this.salts = new VisitorSalts(db);
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /**
   * A public page answered 200 (or its 304): the cached path's one call (decision 051 keeps that path lean).
   * `sameObjectAgain`: the caller hands the same request object for the same request again (the connection
   * front re-uses the request it read when a connection sends the same head), so its key is worked out once.
   */
  pageView(request: IncomingMessage, path: string, sameObjectAgain = false): void {
    if (!this.options.enabled || request.method !== 'GET') return;
    let key = sameObjectAgain ? this.frontKeys.get(request) : undefined;
    if (key === undefined) {
      key = this.keyOf(request);
      if (sameObjectAgain) this.frontKeys.set(request, key);
    }
    if (key === null) return;
    const same = this.views.get(key);
    if (same) {
      same.count += 1;
      return;
    }
    if (this.views.size >= PENDING_MAX) {
      this.dropped += 1;
      return;
    }
    const headers = request.headers;
    this.views.set(key, {
      at: this.clock(),
      path,
      url: request.url ?? path,
      address: rawClientAddress(request, this.options.trusted),
      userAgent: headers['user-agent']!,
      referer: headers.referer,
      host: headers.host,
      cookie: this.cookieOf(request),
      count: 1,
    });
    if (this.views.size === BATCH_MAX) void this.flush().catch(() => {});
  }

  /** Identical answers (same client, address, page, referrer, host and device cookie) share a key; null: not counted (no browser, a prefetch). */
  private keyOf(request: IncomingMessage): string | null {
    const headers = request.headers;
    const userAgent = headers['user-agent'];
    if (!userAgent || isPrefetch(headers)) return null;
    const address = rawClientAddress(request, this.options.trusted);
    return `${address}\n${userAgent}\n${request.url ?? ''}\n${headers.referer ?? ''}\n${headers.host ?? ''}\n${this.cookieOf(request) ?? ''}`;
  }

  private cookieOf(request: IncomingMessage): string | undefined {
    return mayCarryDeviceCookie(request.headers.cookie) ? request.headers.cookie : undefined;
  }

  /** An event judged already (a Buy Now click: its route checks limits and the product). */
  record(event: CountedEvent): void {
    if (this.options.enabled) this.counted.push(event);
  }

  /** The visitor hash of an address and user agent on `day`. */
  async visitorOf(day: string, address: string, userAgent: string): Promise<string> {
    return visitorHash(await this.salts.saltOf(day), address, userAgent);
  }

  /** Whether a request comes from the owner's browser: its signed device cookie (decision 060). */
  async isOwner(cookie: string | undefined): Promise<boolean> {
    return mayCarryDeviceCookie(cookie) && (await deviceOfCookieHeader(this.db, cookie)) !== null;
  }

  /** Prunes once now (so an idle site's retention runs at start, not in the middle of its first requests), then writes every second. */
  async start(): Promise<void> {
    if (!this.options.enabled || this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_MS);
    this.timer.unref();
    // Nothing is waiting yet: this write only prunes.
    await this.flush().catch((error: unknown) => this.log.warn({ err: error }, 'analytics retention not run at start'));
  }

  /** Writes every event recorded so far; one write at a time. Rejects when the write failed (the events wait for the next). */
  flush(): Promise<void> {
    const run = this.writing.catch(() => {}).then(() => this.writeBatch());
    this.writing = run;
    return run;
  }

  /** On close: the last batch is written before the database closes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((error: unknown) =>
      this.log.error({ err: error, waiting: this.views.size + this.counted.length }, 'analytics events not written at shutdown'),
    );
  }

  private async writeBatch(): Promise<void> {
    if (this.views.size === 0 && this.counted.length === 0) return this.pruneNow();
    const views = this.views;
    const counted = this.counted;
    this.views = new Map();
    this.counted = [];
    try {
      await writeEvents(this.db, [...counted, ...(await this.judge(views.values()))]);
    } catch (error) {
      // Back in line for the next write, merged with what came meanwhile.
      for (const [key, answers] of views) {
        const same = this.views.get(key);
        if (same) same.count += answers.count;
        else this.views.set(key, answers);
      }
      this.counted = counted.concat(this.counted);
      this.log.warn({ err: error, waiting: this.views.size + this.counted.length, dropped: this.dropped }, 'analytics batch not written; retrying');
      throw error;
    }
    await this.pruneNow();
  }

  /** Bots and the owner are left out; the rest hashed and resolved to product and category ids. */
  private async judge(batch: Iterable<PageAnswers>): Promise<CountedEvent[]> {
    const events: CountedEvent[] = [];
    const productSlugs = new Set<string>();
    const categorySlugs = new Set<string>();
    for (const answers of batch) {
      if (isBot(answers.userAgent) || (await this.isOwner(answers.cookie))) continue;
      const day = siteDay(answers.at);
      const host = (answers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      const source = visitSource(answers.url, answers.referer, [...this.options.ownHosts, host]);
      const [, kind, slug] = /^\/(product|category)\/([^/?]+)$/.exec(answers.path) ?? [];
      if (kind === 'product') productSlugs.add(slug!);
      if (kind === 'category') categorySlugs.add(slug!);
      events.push({
        day,
        at: new Date(answers.at).toISOString(),
        kind: 'view',
        visitor: await this.visitorOf(day, answers.address, answers.userAgent),
        path: answers.path.slice(0, PATH_MAX),
        product_id: kind === 'product' ? slug! : null,
        category_id: kind === 'category' ? slug! : null,
        referrer_host: source.referrerHost,
        utm_source: source.utmSource,
        utm_medium: source.utmMedium,
        utm_campaign: source.utmCampaign,
        count: answers.count,
      });
    }
    // Slugs to ids: the figures stay with the product when its slug changes.
    const productIds = await this.idsOf('products', productSlugs);
    const categoryIds = await this.idsOf('categories', categorySlugs);
    for (const event of events) {
      if (event.product_id) event.product_id = productIds.get(event.product_id) ?? null;
      if (event.category_id) event.category_id = categoryIds.get(event.category_id) ?? null;
    }
    return events;
  }

  private async idsOf(table: 'products' | 'categories', slugs: Set<string>): Promise<Map<string, string>> {
    if (slugs.size === 0) return new Map();
    const rows = await this.db.selectFrom(table).select(['id', 'slug']).where('slug', 'in', [...slugs]).execute();
    return new Map(rows.map((row) => [row.slug, row.id]));
  }

  /** Once an hour per process, and when the day changes: the past days' salts, and what retention no longer keeps. */
  private async pruneNow(): Promise<void> {
    const now = this.clock();
    if (now - this.lastPrune < PRUNE_MS && siteDay(this.lastPrune) === siteDay(now)) return;
    this.lastPrune = now;
    const today = siteDay(now);
    await this.salts.forgetBefore(today);
    await pruneAnalytics(this.db, today, now);
  }
}
