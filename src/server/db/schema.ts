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
  created_at: string;
  updated_at: string;
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
  created_at: string;
  updated_at: string;
}

export interface TagRow {
  id: string;
  title: string;
  /** Lower-cased title: tag titles are unique ignoring case. */
  title_key: string;
  /** Made from the title (spec §5 rule), unique; added by a later migration, hence nullable in the database. */
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

export interface SessionRow {
  token_hash: string;
  created_at: string;
  expires_at: string;
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

export interface Database {
  categories: CategoryRow;
  products: ProductRow;
  tags: TagRow;
  product_categories: ProductCategoryRow;
  product_tags: ProductTagRow;
  settings: SettingRow;
  subscribers: SubscriberRow;
  sessions: SessionRow;
  login_attempts: LoginAttemptRow;
  media: MediaRow;
  rate_limits: RateLimitRow;
  health_probe: HealthProbeRow;
  webhook_outbox: WebhookOutboxRow;
}
