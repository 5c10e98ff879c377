import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { PG_TIMEOUTS } from '../db/pg-pool';
import type { ContentChange } from './changes';
import type { ContentEvents } from './events';
import { asContentType } from './types';

export const CONTENT_CHANNEL = 'showcase_content_changed';
const CHANNEL = CONTENT_CHANNEL;
/** The second word of a notification about images with new renditions (instead of an entity). */
const RENDITIONS = 'renditions';
/** The second word of a notification that webhook deliveries were queued or an endpoint saved: every copy's dispatcher looks. */
const WEBHOOKS = 'webhooks';
const MAX_PAYLOAD_BYTES = 7900;
/** A connection that looks open may be dead (a stalled network): ask it something this often. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** `off` on SQLite (one process, nothing to hear); `reconnecting` while writes of other copies may go unheard. */
export type ListenState = 'off' | 'listening' | 'reconnecting' | 'stopped';

export type ContentNotifications = {
  readonly state: ListenState;
  /** The listener's server process id, while listening (tests end it to prove the listener heals). */
  readonly backendPid: number | undefined;
  stop: () => Promise<void>;
};

const OFF: ContentNotifications = { state: 'off', backendPid: undefined, stop: async () => {} };

/**
 * "<sender> renditions <url> <url>…": images with new renditions, for the pages
 * drawing them. A list too long for a NOTIFY (8000 bytes) is sent as a write
 * of anything: every copy drops all its pages.
 */
export function renditionsPayload(sender: string, urls: readonly string[]): string {
  const listed = `${sender} ${RENDITIONS} ${urls.join(' ')}`;
  return Buffer.byteLength(listed) < MAX_PAYLOAD_BYTES ? listed : sender;
}

/**
 * With PostgreSQL, several copies of the app share one database: each write is
 * announced with NOTIFY and every other copy bumps its content version, so no
 * copy keeps serving stale cached pages. SQLite means one process: nothing to do.
 *
 * The LISTEN connection heals: when it drops or stops answering, it is opened
 * again with growing pauses; until then cached pages live only a few seconds
 * (`contentEvents.maxAgeMs`), and once it is back every cached page is dropped,
 * since notifications may have been missed meanwhile.
 */
/** What the listener needs of the app: its database and its content events. */
type NotifyContext = { db: Db; contentEvents: ContentEvents };

export async function listenForContentChanges(ctx: NotifyContext, databaseUrl: string | undefined, log: FastifyBaseLogger): Promise<ContentNotifications> {
  if (!databaseUrl) return OFF;
  const listener = new ContentListener(ctx, databaseUrl, log);
  await listener.start();
  return listener;
}

class ContentListener implements ContentNotifications {
  state: ListenState = 'reconnecting';
  private client: pg.Client | undefined;
  private everListened = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly instanceId = randomUUID();

  constructor(
    private readonly ctx: NotifyContext,
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  get backendPid(): number | undefined {
    return this.state === 'listening' ? (this.client as unknown as { processID?: number } | undefined)?.processID : undefined;
  }

  private readonly announce = (change: ContentChange) => {
    sql`select pg_notify(${CHANNEL}, ${`${this.instanceId} ${change.entity}`})`.execute(this.ctx.db).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not tell the other copies about a write');
    });
  };

  private readonly announceRenditions = (urls: readonly string[], here: boolean) => {
    if (!here) return;
    sql`select pg_notify(${CHANNEL}, ${renditionsPayload(this.instanceId, urls)})`.execute(this.ctx.db).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not tell the other copies about new image renditions');
    });
  };

  private readonly announceWebhooks = (here: boolean) => {
    if (!here) return;
    sql`select pg_notify(${CHANNEL}, ${`${this.instanceId} ${WEBHOOKS}`})`.execute(this.ctx.db).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not tell the other copies about queued webhook deliveries');
    });
  };

  async start(): Promise<void> {
    this.ctx.contentEvents.on('change', this.announce);
    this.ctx.contentEvents.on('renditions', this.announceRenditions);
    this.ctx.contentEvents.on('webhooks', this.announceWebhooks);
    this.heartbeat = setInterval(() => void this.checkAlive(), HEARTBEAT_MS);
    this.heartbeat.unref();
    await this.connect();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.ctx.contentEvents.off('change', this.announce);
    this.ctx.contentEvents.off('renditions', this.announceRenditions);
    this.ctx.contentEvents.off('webhooks', this.announceWebhooks);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: PG_TIMEOUTS.connectMs, keepAlive: true });
    // Any error or end of this connection: drop it and open another.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      // "<instance id> <entity>": our own writes come back to us too.
      const [instanceId, entity, ...urls] = (message.payload ?? '').split(' ');
      if (instanceId === this.instanceId) return;
      if (entity === RENDITIONS) this.ctx.contentEvents.renditionsReady(urls, false);
      else if (entity === WEBHOOKS) this.ctx.contentEvents.webhooksQueued(false);
      else this.ctx.contentEvents.changedElsewhere(asContentType(entity));
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    this.state = 'listening';
    this.failures = 0;
    this.ctx.contentEvents.setHearing(true);
    if (this.everListened) {
      // Writes announced while we were away went unheard: start afresh.
      this.ctx.contentEvents.changedElsewhere();
      this.ctx.contentEvents.webhooksQueued(false);
      this.log.info('listening for other copies\' writes again; cached pages dropped');
    }
    this.everListened = true;
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client || this.state === 'stopped') return;
    this.client = undefined;
    client.end().catch(() => {});
    this.state = 'reconnecting';
    this.ctx.contentEvents.setHearing(false);
    const delay = Math.min(RECONNECT_FIRST_MS * 2 ** this.failures, RECONNECT_MAX_MS) * (0.75 + Math.random() / 2);
    this.failures += 1;
    this.log.warn({ err: error, retryInMs: Math.round(delay) }, 'lost the connection that hears other copies\' writes; cached pages now expire within seconds');
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private async checkAlive(): Promise<void> {
    const client = this.client;
    if (!client || this.state !== 'listening') return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${HEARTBEAT_TIMEOUT_MS} ms`)), HEARTBEAT_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.lost(client, error);
    } finally {
      clearTimeout(timer);
    }
  }
}
