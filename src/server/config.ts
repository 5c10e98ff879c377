import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../shared/schemas/auth';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

// proxy-addr's names for whole ranges, besides single addresses and CIDR blocks.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies may tell us the client's address (X-Forwarded-For). Trusting
 * every hop would let a client name its own address and dodge every limit, so
 * it is a number of hops (`true` = one: the load balancer in front) or the
 * proxies' own addresses / CIDR blocks.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0' || value === 'no') return false;
    if (value === 'true' || value === 'yes') return 1;
    if (/^\d+$/.test(value) && Number(value) <= 20) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be false, true (one proxy), a number of proxy hops (up to 20), or the proxies\' addresses or CIDR blocks separated by commas',
    });
    return z.NEVER;
  });

const perWindow = (what: string) =>
  z.coerce.number({ error: `must be a whole number of ${what}` }).int(`must be a whole number of ${what}`).min(1).max(1_000_000);

const megabytes = z.coerce
  .number({ error: 'must be a number of megabytes' })
  .positive('must be a positive number of megabytes')
  .max(10_000, 'must be at most 10000 megabytes')
  .transform((mb) => Math.round(mb * 1024 * 1024));

// Media in an S3-compatible bucket (decision 005); unset S3_BUCKET keeps them on local disk.
const S3Env = {
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)')
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Object keys are `<prefix><generated name>`: folder names that start with no dot (so no `..`), no leading slash.
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
      'must be folder names of letters, digits, dots, - and _ separated by /, none starting with a dot',
    )
    .optional(),
};

// Newsletter mail and the provider webhook: unset, the site stores confirmed addresses and tells no one.
const NewsletterEnv = {
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587' })
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address, or a name and <address>')
    .optional(),
  NEWSLETTER_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  NEWSLETTER_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SUBSCRIBE_LIMIT_PER_ADDRESS: perWindow('sign-ups of one address an hour').default(5),
};

// Several copies behind a load balancer and a CDN in front (issue 32, decision 061).
const CDN_PURGE_KINDS = ['cloudflare', 'fastly', 'bunny', 'http'] as const;
const CopiesEnv = {
  // How long a copy told to stop keeps serving (readiness already 503) so the load balancer takes it out first.
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(300_000, 'must be at most 300000 (5 minutes)')
    .default(5_000),
  // How long a page rendered before is served while the database or the media store cannot answer.
  STALE_IF_ERROR_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(30 * 24 * 60 * 60, 'must be at most 2592000 (30 days)')
    .default(24 * 60 * 60),
  CDN_PURGE: z.enum(CDN_PURGE_KINDS, { error: `must be one of ${CDN_PURGE_KINDS.join(', ')}` }).optional(),
  CDN_PURGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  CDN_ZONE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be the zone, service or pull-zone id (letters, digits, - and _)')
    .optional(),
};

const S3_REQUIRED_WITH_BUCKET = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  // The same length rule as a password set in the admin or with `npm run password`.
  ADMIN_PASSWORD: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  SEED_DEMO: booleanFlag.default(true),
  MAX_IMAGE_MB: megabytes.prefault(15),
  MAX_VIDEO_MB: megabytes.prefault(300),
  MEDIA_WORKERS: z.coerce.number({ error: 'must be a whole number from 0 to 4' }).int().min(0).max(4).default(1),
  TRUST_PROXY: trustProxy.default(false),
  ANALYTICS: booleanFlag.default(true),
  // Content webhooks may reach loopback and private addresses (an intranet receiver, tests): decision 065.
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  // The delivery log (decision 075): finished deliveries older than this go, but each endpoint keeps its newest WEBHOOK_LOG_KEEP.
  WEBHOOK_LOG_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be 1 or more')
    .max(3650, 'must be at most 3650')
    .default(30),
  WEBHOOK_LOG_KEEP: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000')
    .default(100),
  SUBSCRIBE_LIMIT_PER_IP: perWindow('sign-ups a minute').default(10),
  SUBSCRIBE_LIMIT_SITE: perWindow('sign-ups an hour').default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: one worker per available core.
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number of worker processes' })
    .int('must be a whole number of worker processes')
    .min(1, 'must be at least 1')
    .max(256, 'must be at most 256')
    .optional(),
  // Seals stored secrets (the TOTP secret); unset: a key file beside DATA_DIR, made on first need.
  ENCRYPTION_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes), e.g. the output of openssl rand -hex 32')
    .optional(),
  // Signs backup archives (HMAC-SHA256); set, a restore refuses archives not signed with it.
  BACKUP_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').max(1000, 'is too long').optional(),
  ...S3Env,
  ...NewsletterEnv,
  ...CopiesEnv,
}).superRefine((env, context) => {
  if (env.CDN_PURGE === 'http' && !env.CDN_PURGE_URL) context.addIssue({ code: 'custom', path: ['CDN_PURGE_URL'], message: 'is required when CDN_PURGE is http' });
  if (env.CDN_PURGE && env.CDN_PURGE !== 'http') {
    for (const name of ['CDN_PURGE_TOKEN', 'CDN_ZONE'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `is required when CDN_PURGE is ${env.CDN_PURGE}` });
    }
  }
  for (const name of ['CDN_PURGE_URL', 'CDN_PURGE_TOKEN', 'CDN_ZONE'] as const) {
    if (env[name] && !env.CDN_PURGE) context.addIssue({ code: 'custom', path: ['CDN_PURGE'], message: `is required when ${name} is set (cloudflare, fastly, bunny or http)` });
  }
  if (env.SMTP_URL && !env.MAIL_FROM) context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
  if (env.MAIL_FROM && !env.SMTP_URL) context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_FROM is set' });
  if (env.NEWSLETTER_WEBHOOK_URL && !env.NEWSLETTER_WEBHOOK_SECRET) {
    context.addIssue({ code: 'custom', path: ['NEWSLETTER_WEBHOOK_SECRET'], message: 'is required when NEWSLETTER_WEBHOOK_URL is set' });
  }
  if (env.NEWSLETTER_WEBHOOK_SECRET && !env.NEWSLETTER_WEBHOOK_URL) {
    context.addIssue({ code: 'custom', path: ['NEWSLETTER_WEBHOOK_URL'], message: 'is required when NEWSLETTER_WEBHOOK_SECRET is set' });
  }
  if (!env.S3_BUCKET) return;
  for (const name of S3_REQUIRED_WITH_BUCKET) {
    if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when S3_BUCKET is set' });
  }
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  seedDemo: boolean;
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Image variant jobs this process runs at once; 0 leaves them to other copies or `npm run media:variants`. */
  mediaWorkers: number;
  /** Hops or proxy addresses whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | number | string[];
  /** ANALYTICS: the site counts its own page views and Buy Now clicks (decision 060). */
  analytics: boolean;
  /** Newsletter sign-ups allowed from one client a minute, for one address an hour, and from everyone an hour. */
  subscribeLimits: { perClientPerMinute: number; perAddressPerHour: number; sitePerHour: number };
  /** Set: sign-ups are confirmed by e-mail (double opt-in). Unset: addresses are stored as confirmed. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Set: every subscriber change is POSTed, signed, to the provider. */
  newsletterWebhook: { url: string; secret: string } | undefined;
  /** WEBHOOK_ALLOW_PRIVATE: endpoints may be on loopback, private and link-local addresses. */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_LOG_DAYS, WEBHOOK_LOG_KEEP: what the delivery log keeps (decision 075). */
  webhookLog: { days: number; perEndpoint: number };
  logLevel: string;
  /** Worker processes serving requests (Node's cluster); default: the available cores. */
  webConcurrency: number;
  /** Where media go when several copies share them; undefined keeps them in `mediaDir`. */
  s3: S3Config | undefined;
  /** ENCRYPTION_KEY: seals stored secrets; undefined uses the key file beside `dataDir`. */
  encryptionKey: Buffer | undefined;
  /** BACKUP_KEY: archives are signed with it, and a restore accepts only archives it signed. */
  backupKey: string | undefined;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, readiness answers 503 and requests are still served this long. */
  shutdownDrainMs: number;
  /** STALE_IF_ERROR_SECONDS: how long a page rendered before stands in while the database or media store fails. */
  staleIfErrorSeconds: number;
  /** Set: a CDN in front is told which surrogate keys each write touches. */
  cdn: CdnConfig | undefined;
};

export type CdnConfig = {
  kind: 'cloudflare' | 'fastly' | 'bunny' | 'http';
  /** The purge API's base (CDN_PURGE_URL), or the provider's own when unset. */
  url: string | undefined;
  token: string | undefined;
  zone: string | undefined;
};

export type S3Config = {
  bucket: string;
  /** Without a trailing slash; objects are addressed path-style: `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Empty, or ends with `/`. */
  prefix: string;
};

export class ConfigError extends Error {}

/** Parses the environment once at start-up; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    seedDemo: e.SEED_DEMO,
    maxImageBytes: e.MAX_IMAGE_MB,
    maxVideoBytes: e.MAX_VIDEO_MB,
    mediaWorkers: e.MEDIA_WORKERS,
    trustProxy: e.TRUST_PROXY,
    analytics: e.ANALYTICS,
    subscribeLimits: {
      perClientPerMinute: e.SUBSCRIBE_LIMIT_PER_IP,
      perAddressPerHour: e.SUBSCRIBE_LIMIT_PER_ADDRESS,
      sitePerHour: e.SUBSCRIBE_LIMIT_SITE,
    },
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    newsletterWebhook:
      e.NEWSLETTER_WEBHOOK_URL && e.NEWSLETTER_WEBHOOK_SECRET
        ? { url: e.NEWSLETTER_WEBHOOK_URL, secret: e.NEWSLETTER_WEBHOOK_SECRET }
        : undefined,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookLog: { days: e.WEBHOOK_LOG_DAYS, perEndpoint: e.WEBHOOK_LOG_KEEP },
    logLevel: e.LOG_LEVEL,
    webConcurrency: e.WEB_CONCURRENCY ?? os.availableParallelism(),
    encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'hex') : undefined,
    backupKey: e.BACKUP_KEY,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    staleIfErrorSeconds: e.STALE_IF_ERROR_SECONDS,
    cdn: e.CDN_PURGE ? { kind: e.CDN_PURGE, url: e.CDN_PURGE_URL?.replace(/\/+$/, ''), token: e.CDN_PURGE_TOKEN, zone: e.CDN_ZONE } : undefined,
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/*$/, '/') : '',
          }
        : undefined,
  };
}
