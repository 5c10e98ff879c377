import type { Generated } from 'kysely';

/**
 * Row types of every table. Booleans are 0/1, timestamps ISO-8601 UTC text and
 * structured values JSON text, so one schema serves SQLite and PostgreSQL
 * (docs/decisions/002-one-schema-for-sqlite-and-postgres.md).
 */
export interface CategoryRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  sort_order: number;
  tile_image: string;
  tile_video: string;
  hover_image: string;
  empty_image: string;
  items_per_row: number;
  hero_config: string;
  /** Optional overrides for the title tag and meta description (null: use title and description). */
  seo_title: string | null;
  seo_description: string | null;
  /** 'draft' | 'scheduled' | 'published'; a scheduled row is visible once publish_at (ISO) has passed. */
  status: string;
  publish_at: string | null;
  /** Moves on every save: the ETag that If-Match compares (1 on insert). */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A free-form page (issue 29); `blocks` is the JSON list of its blocks, as the API answers them. */
export interface PageRow {
  id: string;
  slug: string;
  title: string;
  share_image: string;
  blocks: string;
  seo_title: string | null;
  seo_description: string | null;
  status: string;
  publish_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One contact-form submission (issue 29); also its mail's outbox row ('none' | 'pending' | 'sent' | 'failed'). */
export interface FormSubmissionRow {
  id: string;
  page_id: string;
  block_id: string;
  page_title: string;
  name: string;
  email: string;
  message: string;
  /** JSON [{name, label, value}] of the owner's extra fields, in the form's order. */
  fields: string;
  is_read: number;
  created_at: string;
  mail_status: string;
  mail_next_attempt_at: string;
  mail_claimed_until: string;
  mail_attempts: number;
  mail_last_error: string | null;
}

export interface ProductRow {
  id: string;
  slug: string;
  title: string;
  duration: string;
  main_image: string;
  buy_link: string;
  description: string;
  intro_video: string;
  hero_config: string;
  gallery: string;
  sort_order: number;
  dark_mode: number;
  /** The price in the currency's minor units (2999 = 29.99 USD), or null for no price. */
  price_minor: number | null;
  /** ISO 4217 code of the price; null exactly when price_minor is. */
  currency: string | null;
  /** Optional overrides for the title tag and meta description (null: use title and description). */
  seo_title: string | null;
  seo_description: string | null;
  /** 'draft' | 'scheduled' | 'published'; a scheduled row is visible once publish_at (ISO) has passed. */
  status: string;
  publish_at: string | null;
  /** Moves on every save: the ETag that If-Match compares (1 on insert). */
  version: number;
  created_at: string;
  updated_at: string;
}

/** One edition of a product (issue 28); `position` 0 is the default, whose Buy link and price the product row repeats. */
export interface ProductEditionRow {
  id: string;
  product_id: string;
  position: number;
  name: string;
  /** Minor units of `currency`, or null for no price (then currency is null too). */
  price_minor: number | null;
  currency: string | null;
  /** The price before the sale, in the same minor units; null for no sale. */
  compare_at_minor: number | null;
  /** ISO instant after which the sale no longer shows; null for no end. */
  sale_ends_at: string | null;
  /** 'available' | 'preorder' | 'coming_soon' | 'sold_out'. */
  availability: string;
  buy_link: string;
}

/** An attribute the owner defined (issue 28, decision 072): `choices` the JSON list of a choice's values. */
export interface AttributeRow {
  id: string;
  name: string;
  slug: string;
  /** 'choice' | 'number' | 'boolean'. */
  type: string;
  choices: string;
  /** A number's unit ("min"); null otherwise. */
  unit: string | null;
  /** 1 when category and search pages offer it as a facet. */
  is_filter: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** One product's value of one attribute: a choice in `value_text`, a number in `value_num`, a yes/no in both ('true' / 1). */
export interface ProductAttributeRow {
  product_id: string;
  attribute_id: string;
  value_text: string | null;
  value_num: number | null;
}

export interface TagRow {
  id: string;
  title: string;
  /** Lower-cased title: tag titles are unique ignoring case. */
  title_key: string;
  /** Made from the title (the category slug rule), unique; added by a later migration, hence nullable in the database. */
  slug: string;
  created_at: string;
}

export interface ProductCategoryRow {
  product_id: string;
  category_id: string;
  position: number;
}

export interface ProductTagRow {
  product_id: string;
  tag_id: string;
  position: number;
}

export interface SettingRow {
  key: string;
  value: string;
  updated_at: string;
  /** Moves on every save: the ETag that If-Match compares. */
  version: Generated<number>;
}

export interface RevisionRow {
  id: string;
  entity: string;
  /** '' for the singletons. */
  item_id: string;
  created_at: string;
  summary: string;
  /** The item's API shape as saved, JSON. */
  snapshot: string;
}

export type RedirectKindValue = 'automatic' | 'manual';

export interface RedirectRow {
  id: string;
  /** The address that redirects: a path of this site, unique. */
  from_path: string;
  /** Where it leads: a path of this site or an absolute http(s) URL. */
  to_path: string;
  /** 301 or 302. */
  status: number;
  kind: RedirectKindValue;
  /** The renamed item of an automatic redirect ('product' | 'category'); null for manual ones. */
  target_type: string | null;
  target_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PreviewRow {
  id: string;
  kind: string;
  item_id: string | null;
  /** The form's content, JSON. */
  data: string;
  created_at: string;
  expires_at: string;
}

export type SubscriberStatusValue = 'pending' | 'confirmed' | 'unsubscribed';

export interface SubscriberRow {
  id: string;
  email: string;
  created_at: string;
  status: SubscriberStatusValue;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** When the last confirmation mail went out: re-sends wait 10 minutes. */
  confirmation_sent_at: string | null;
}

/** One subscriber change waiting for (or done with) delivery to the provider's webhook. */
export interface WebhookOutboxRow {
  id: string;
  seq: number;
  subscriber_id: string;
  event: string;
  email: string;
  body: string;
  created_at: string;
  next_attempt_at: string;
  claimed_until: string;
  attempts: number;
  delivered_at: string | null;
  failed_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
}

/** A receiver of content events the owner added (decision 065); `secret` is sealed, `events` JSON text. */
export interface WebhookEndpointRow {
  id: string;
  url: string;
  description: string;
  events: string;
  enabled: number;
  secret: string;
  /** Why the site switched it off (a day of failed deliveries); null while on or switched off by hand. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint, waiting for (or done with) delivery. */
export interface WebhookDeliveryRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  seq: number;
  /** What "in order" is kept for: the item the event is about (`product:<id>`, `site`, …). */
  item_key: string;
  event: string;
  body: string;
  created_at: string;
  next_attempt_at: string;
  claimed_until: string;
  attempts: number;
  delivered_at: string | null;
  failed_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  response_ms: number | null;
  response_excerpt: string | null;
  /** 1: a scheduled item's `published`, due at its publish time and dropped by the item's next write. */
  scheduled: number;
}

export interface SessionRow {
  id: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  /** Sliding: moved forward on use (at most once a minute), never past `absolute_expires_at`. */
  expires_at: string;
  absolute_expires_at: string;
  remember: number;
  ip: string;
  user_agent: string;
}

export interface AuditLogRow {
  id: string;
  at: string;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  ip: string;
}

export interface RecoveryCodeRow {
  code_hash: string;
  created_at: string;
}

export interface LoginAttemptRow {
  client_key: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface MediaRow {
  id: string;
  url: string;
  storage_key: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
  /** The uploaded file's own name, for search; never used to store or serve it. */
  original_name: string;
  alt: string;
  /** 1: the image only decorates, so public pages give it an empty alt. */
  decorative: number;
  width: number | null;
  height: number | null;
  /** Dominant colour (#rrggbb) shown while the image loads. */
  placeholder: string;
  /** Focal point, 0..1 from the left and top edges: crops keep it in frame. */
  focal_x: number;
  focal_y: number;
  /** JSON list of MediaVariant (media-variants.ts). */
  variants: string;
  /** The variant queue: none (video), pending, running, done, failed. */
  variants_status: string;
  variants_claimed_at: string | null;
  variants_attempts: number;
  /** SHA-256 (hex) of the stored bytes: one library item per file (decision 059); null until first compared. */
  content_hash: string | null;
}

/** The second factor's memory per account (decision 049): the last accepted TOTP step and this hour's wrong codes. */
export interface TwoFactorStateRow {
  account: string;
  last_step: number;
  wrong_codes: number;
  window_start: string | null;
}

export interface RateLimitRow {
  key: string;
  window_start: string;
  hits: number;
}

/** One row per copy of the app, rewritten by the readiness check to prove that writes commit. */
export interface HealthProbeRow {
  instance: string;
  checked_at: string;
}

/**
 * One product's searchable text, cut into folded words (shared/search-text.ts):
 * an FTS5 table on SQLite, a table with a generated weighted tsvector on PostgreSQL.
 * Derived from the content, never backed up: rebuilt from the products.
 */
export interface SearchIndexRow {
  product_id: string;
  title: string;
  info: string;
  tags: string;
  categories: string;
  body: string;
}

/** A sign-up whose confirmation mail is still to be decided and sent (modules/newsletter/mail-outbox.ts). */
export interface MailOutboxRow {
  id: string;
  subscriber_id: string;
  created_at: string;
  next_attempt_at: string;
  claimed_until: string;
  attempts: number;
  last_error: string | null;
}

/** One content item showing one stored media URL (content/effects/media-usages.ts); derived from the content, rebuilt by a restore. */
export interface MediaUsageRow {
  url: string;
  entity: string;
  item_id: string;
  title: string;
}

/** The salt of one site day (analytics): deleted when the day is over, so a visitor hash cannot be recomputed. */
export interface AnalyticsSaltRow {
  day: string;
  salt: string;
}

/** One counted page view or Buy Now click, kept 30 days; never an address or user agent. */
export interface AnalyticsEventRow {
  day: string;
  at: string;
  kind: 'view' | 'buy';
  visitor: string;
  path: string;
  product_id: string | null;
  category_id: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** Identical events of one batch (the same visitor, page and second) are one row: how many. */
  count: number;
}

export interface AnalyticsVisitorRow {
  day: string;
  visitor: string;
}

export interface AnalyticsDailyRow {
  day: string;
  visitors: number;
  pageviews: number;
  buy_clicks: number;
}

export interface AnalyticsDailyProductRow {
  day: string;
  product_id: string;
  views: number;
  buy_clicks: number;
}

/** Sums of `analytics_daily_products` over the 2^level days from day number `start` (derived; decision 060). */
export interface AnalyticsSpanProductRow {
  level: number;
  start: number;
  product_id: string;
  views: number;
  buy_clicks: number;
}

/** Page views over an aligned span of 2^level site days (decision 060, amended 2026-11-29); derived from the `page` daily counts. */
export interface AnalyticsSpanPageRow {
  level: number;
  start: number;
  path: string;
  views: number;
}

/**
 * The `category`, `referrer` and `campaign` daily counts over an aligned span of 2^level site days (decision 060,
 * amended 2026-11-29); derived from them. Pages have their own span table.
 */
export interface AnalyticsSpanCountRow {
  level: number;
  start: number;
  dimension: string;
  name: string;
  count: number;
}

/** `dimension`: 'page' (path), 'category' (id), 'referrer' (host), 'campaign' (JSON [source, medium, campaign]). */
export interface AnalyticsDailyCountRow {
  day: string;
  dimension: string;
  name: string;
  count: number;
}

export interface Database {
  categories: CategoryRow;
  products: ProductRow;
  product_editions: ProductEditionRow;
  attributes: AttributeRow;
  product_attributes: ProductAttributeRow;
  tags: TagRow;
  product_categories: ProductCategoryRow;
  product_tags: ProductTagRow;
  settings: SettingRow;
  subscribers: SubscriberRow;
  sessions: SessionRow;
  login_attempts: LoginAttemptRow;
  media: MediaRow;
  rate_limits: RateLimitRow;
  two_factor_state: TwoFactorStateRow;
  health_probe: HealthProbeRow;
  audit_log: AuditLogRow;
  recovery_codes: RecoveryCodeRow;
  revisions: RevisionRow;
  previews: PreviewRow;
  redirects: RedirectRow;
  webhook_outbox: WebhookOutboxRow;
  webhook_endpoints: WebhookEndpointRow;
  webhook_deliveries: WebhookDeliveryRow;
  mail_outbox: MailOutboxRow;
  search_index: SearchIndexRow;
  media_usages: MediaUsageRow;
  analytics_salts: AnalyticsSaltRow;
  analytics_events: AnalyticsEventRow;
  analytics_visitors: AnalyticsVisitorRow;
  analytics_daily: AnalyticsDailyRow;
  analytics_daily_products: AnalyticsDailyProductRow;
  analytics_span_products: AnalyticsSpanProductRow;
  analytics_span_pages: AnalyticsSpanPageRow;
  analytics_span_counts: AnalyticsSpanCountRow;
  analytics_daily_counts: AnalyticsDailyCountRow;
  pages: PageRow;
  form_submissions: FormSubmissionRow;
}
