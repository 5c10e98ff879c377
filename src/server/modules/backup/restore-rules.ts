import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { IdSchema, OrderSchema, SlugSchema, requiredUrl, textProblem } from '../../../shared/schemas/common';
import { TagInputSchema, type TagInput } from '../../../shared/schemas/tag';
import { CategoryInputSchema, type CategoryInput } from '../../../shared/schemas/category';
import type { ProductInput } from '../../../shared/schemas/product';
import { HeroConfigSchema } from '../../../shared/schemas/hero';
import { ThemeSchema } from '../../../shared/schemas/site';
import { SiteSettingsSchema } from '../../../shared/schemas/site-settings';
import { SubscribeSchema, SubscriberStatusSchema } from '../../../shared/schemas/newsletter';
import { MediaPatchSchema } from '../../../shared/schemas/media';
import { PublishAtSchema } from '../../../shared/schemas/publish';
import { DaySchema } from '../../../shared/schemas/analytics';
import { CURRENCY_PATTERN, fromMinorUnits } from '../../../shared/price';
import { AvailabilitySchema } from '../../../shared/schemas/edition';
import { publishColumns } from '../../content/visibility';
import { contentColumns as categoryColumns } from '../categories/category.service';
import { cleanInput as cleanProductInput } from '../products/product.service';
import { parseRedirectInput } from '../redirects/redirect.service';
import { cleanAbout } from '../site/site.service';
import { titleKey } from '../tags/tag.service';
import { REVISIONED_TYPES } from '../../content/types';
import { isRestorableMediaKey, mimeTypeOfKey } from './restorable-media';
import { PageInputSchema, type PageInput } from '../../../shared/schemas/page';
import { pageColumns } from '../pages/page.service';
import { NavigationSchema } from '../../../shared/schemas/navigation';
import { cleanAttribute } from '../attributes/attribute.service';
import type { AttributeInput } from '../../../shared/schemas/attribute';

/**
 * What a restore does with each row of an archive: the same zod schemas and
 * sanitising as a write through the API, then the row as the API would have
 * stored it; `null` leaves the row out. A table without a rule here is never
 * restored from an archive (docs/decisions/050-backups-without-keys.md).
 */
export type RowRule = (row: Record<string, unknown>) => Record<string, unknown> | null;

/** A row the API would refuse; the message names the column and the rule, in the API's words. */
export class RowProblem extends Error {}

// Archives are JSON: every instant is an ISO string there, whichever database wrote it.
const Iso = PublishAtSchema;
const IsoOrNull = Iso.nullable().default(null);
const Version = z.number().int().min(1).default(1);
const Flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((value) => (value === true || value === 1 ? 1 : 0));
const Text = (max: number) =>
  z.string().max(max, 'is too long').superRefine((value, context) => {
    const problem = textProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const JsonText = z.string().transform((text, context) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    context.addIssue({ code: 'custom', message: 'is not valid JSON' });
    return z.NEVER;
  }
});
const NullableText = z.string().nullable().default(null);
const PublishColumns = { status: z.string().default('published'), publish_at: NullableText };

/**
 * The row's own columns: an unknown column, a wrong type or a missing value
 * stops the restore. Built once, at load: zod compiles a schema on first use.
 */
const columns = <T extends z.ZodRawShape>(shape: T) => {
  const schema = z.strictObject(shape);
  return (row: Record<string, unknown>) => schema.parse(row);
};

function publishing(data: Parameters<typeof publishColumns>[0]) {
  const result = publishColumns(data, undefined);
  if ('error' in result) throw new RowProblem(result.error);
  return result;
}

const productColumns = columns({
  id: IdSchema, slug: z.string(), title: z.string(), duration: z.string(), main_image: z.string(), buy_link: z.string(),
  description: z.string(), intro_video: z.string(), hero_config: JsonText, gallery: JsonText, sort_order: OrderSchema, dark_mode: Flag,
  price_minor: z.number().int().nullable().default(null), currency: NullableText, seo_title: NullableText, seo_description: NullableText,
  ...PublishColumns, version: Version, created_at: Iso, updated_at: Iso,
});
const products: RowRule = (row) => {
  const r = productColumns(row);
  const priced = r.price_minor !== null && r.currency !== null;
  const input = {
    slug: r.slug, title: r.title, duration: r.duration, mainImage: r.main_image, buyLink: r.buy_link, description: r.description,
    introVideo: r.intro_video, heroConfig: r.hero_config, gallery: r.gallery, darkMode: r.dark_mode === 1,
    price: priced ? fromMinorUnits(r.price_minor!, r.currency!) : null, currency: priced ? r.currency : null,
    seoTitle: r.seo_title, seoDescription: r.seo_description, status: r.status, publishAt: r.publish_at, order: r.sort_order,
  } as ProductInput;
  const clean = cleanProductInput(input);
  return {
    id: r.id, ...clean.columns, ...(clean.price ?? { price_minor: null, currency: null }), ...publishing(clean.data),
    sort_order: r.sort_order, version: r.version, created_at: r.created_at, updated_at: r.updated_at,
  };
};

const editionColumns = columns({
  id: IdSchema, product_id: IdSchema, position: OrderSchema, name: Text(120).default(''),
  price_minor: z.number().int().min(0).nullable().default(null), currency: z.string().regex(CURRENCY_PATTERN, 'must be a three-letter ISO 4217 code').nullable().default(null),
  compare_at_minor: z.number().int().min(0).nullable().default(null), sale_ends_at: IsoOrNull, availability: AvailabilitySchema.default('available'),
  buy_link: requiredUrl,
});
/** An edition as a write would have stored it: a compare-at price above a price it has, in one currency. */
const product_editions: RowRule = (row) => {
  const r = editionColumns(row);
  const priced = r.price_minor !== null && r.currency !== null;
  if (r.compare_at_minor !== null && (!priced || r.compare_at_minor <= r.price_minor!)) throw new RowProblem('compare_at_minor: must be above the price');
  return { ...r, currency: priced ? r.currency : null, price_minor: priced ? r.price_minor : null, compare_at_minor: priced ? r.compare_at_minor : null };
};

const attributeColumns = columns({
  id: IdSchema, name: z.string(), slug: z.string(), type: z.string(), choices: JsonText, unit: NullableText, is_filter: Flag.default(0),
  position: OrderSchema.default(0), created_at: Iso, updated_at: Iso,
});
/** An attribute as a write would have stored it (decision 072). */
const attributes: RowRule = (row) => {
  const r = attributeColumns(row);
  const clean = cleanAttribute({ name: r.name, slug: r.slug, type: r.type, values: r.choices, unit: r.unit, filter: r.is_filter === 1 } as AttributeInput);
  return { id: r.id, ...clean, position: r.position, created_at: r.created_at, updated_at: r.updated_at };
};
/** A product's value of an attribute: text for a choice or yes/no, a number for a number. */
const product_attributes: RowRule = columns({
  product_id: IdSchema, attribute_id: IdSchema, value_text: Text(200).nullable().default(null), value_num: z.number().finite().nullable().default(null),
});

const categoryColumnsOf = columns({
  id: IdSchema, slug: z.string(), title: z.string(), description: z.string(), sort_order: OrderSchema, tile_image: z.string(),
  tile_video: z.string(), hover_image: z.string(), empty_image: z.string(), items_per_row: z.number(), hero_config: JsonText,
  seo_title: NullableText, seo_description: NullableText, ...PublishColumns, version: Version, created_at: Iso, updated_at: Iso,
});
const categories: RowRule = (row) => {
  const r = categoryColumnsOf(row);
  const input = {
    slug: r.slug, title: r.title, description: r.description, tileImage: r.tile_image, tileVideo: r.tile_video, hoverImage: r.hover_image,
    emptyImage: r.empty_image, itemsPerRow: r.items_per_row, heroConfig: r.hero_config, seoTitle: r.seo_title, seoDescription: r.seo_description,
    status: r.status, publishAt: r.publish_at, order: r.sort_order,
  } as CategoryInput;
  const data = CategoryInputSchema.parse(input);
  return {
    id: r.id, ...categoryColumns(data), ...publishing(data),
    sort_order: r.sort_order, version: r.version, created_at: r.created_at, updated_at: r.updated_at,
  };
};

const pageColumnsOf = columns({
  id: IdSchema, slug: z.string(), title: z.string(), share_image: z.string(), blocks: JsonText, seo_title: NullableText, seo_description: NullableText,
  ...PublishColumns, version: Version, created_at: Iso, updated_at: Iso,
});
const pages: RowRule = (row) => {
  const r = pageColumnsOf(row);
  const input = {
    slug: r.slug, title: r.title, shareImage: r.share_image, blocks: r.blocks, seoTitle: r.seo_title, seoDescription: r.seo_description,
    status: r.status, publishAt: r.publish_at,
  } as PageInput;
  const data = PageInputSchema.parse(input);
  return { id: r.id, ...pageColumns(data), ...publishing(data), version: r.version, created_at: r.created_at, updated_at: r.updated_at };
};

/** The owner's inbox comes back as it was; a mail not yet sent is not sent from a restored copy. */
const form_submissions: RowRule = (row) => {
  const r = columns({
    id: IdSchema, page_id: IdSchema, block_id: IdSchema, page_title: Text(200), name: Text(200), email: Text(254), message: Text(5000),
    fields: z.string().refine((text) => JsonText.pipe(z.array(z.object({ name: z.string(), label: z.string(), value: z.string() }))).safeParse(text).success, 'must be a JSON list of fields'),
    is_read: Flag.default(0), created_at: Iso, mail_status: z.enum(['none', 'pending', 'sent', 'failed']).default('none'),
    mail_next_attempt_at: z.string().default(''), mail_claimed_until: z.string().default(''), mail_attempts: z.number().int().min(0).default(0),
    mail_last_error: NullableText,
  })(row);
  return { ...r, mail_status: r.mail_status === 'pending' ? 'none' : r.mail_status };
};

const tagColumns = columns({ id: IdSchema, title: z.string(), title_key: z.string(), slug: SlugSchema, created_at: Iso });
const tags: RowRule = (row) => {
  const r = tagColumns(row);
  const { title } = TagInputSchema.parse({ title: r.title } satisfies TagInput);
  return { id: r.id, title, title_key: titleKey(title), slug: r.slug, created_at: r.created_at };
};

const link = (other: string): RowRule => columns({ product_id: IdSchema, [other]: IdSchema, position: OrderSchema });

/** Only the content singletons come back; credentials, signing keys and anything else stay the target's own. */
const SETTINGS: Record<string, (value: unknown) => unknown> = {
  homepage: (value) => HeroConfigSchema.parse(value),
  about: (value) => cleanAbout(value as Parameters<typeof cleanAbout>[0]),
  theme: (value) => ThemeSchema.parse(value),
  navigation: (value) => NavigationSchema.parse(value),
  site: (value) => SiteSettingsSchema.parse(value),
};
export const CONTENT_SETTINGS = Object.keys(SETTINGS);

const settingColumns = columns({ key: z.string(), value: JsonText, updated_at: Iso, version: Version });
const settings: RowRule = (row) => {
  const clean = SETTINGS[String(row.key)];
  if (!clean) return null;
  const r = settingColumns(row);
  return { key: r.key, value: JSON.stringify(clean(r.value)), updated_at: r.updated_at, version: r.version };
};

const subscriberColumns = columns({
  id: IdSchema, email: z.string(), created_at: Iso, status: SubscriberStatusSchema,
  confirmed_at: IsoOrNull, unsubscribed_at: IsoOrNull, confirmation_sent_at: IsoOrNull,
});
const subscribers: RowRule = (row) => {
  const r = subscriberColumns(row);
  return { ...r, email: SubscribeSchema.shape.email.parse(r.email) };
};

const MediaKey = z.string().refine(isRestorableMediaKey, 'must be a generated name with the extension of an image or video upload');
const VariantsText = JsonText.pipe(z.array(z.looseObject({ key: MediaKey })).max(100));

const mediaColumns = columns({
  id: IdSchema, url: z.string(), storage_key: MediaKey, mime_type: z.string(), size_bytes: z.number().int().min(0), created_at: Iso,
  original_name: Text(1000).default(''), alt: z.string().default(''), decorative: Flag.default(0),
  width: z.number().int().min(0).nullable().default(null), height: z.number().int().min(0).nullable().default(null),
  placeholder: z.string().regex(/^(?:#[0-9a-fA-F]{6})?$/, 'must be # and six hex digits, or empty').default(''),
  focal_x: z.number().min(0).max(1).default(0.5), focal_y: z.number().min(0).max(1).default(0.5),
  variants: z.string().default('[]'), variants_status: z.enum(['none', 'pending', 'running', 'done', 'failed']).default('pending'),
  variants_claimed_at: IsoOrNull, variants_attempts: z.number().int().min(0).default(0),
  // Archives from before decision 059 have none: those rows are hashed when an upload is compared with them.
  content_hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex').nullable().default(null),
});
const media: RowRule = (row) => {
  const r = mediaColumns(row);
  if (r.url !== `/uploads/${r.storage_key}`) throw new RowProblem(`url: must be /uploads/${r.storage_key}`);
  if (r.mime_type !== mimeTypeOfKey(r.storage_key)) throw new RowProblem(`mime_type: must be ${mimeTypeOfKey(r.storage_key)} for ${r.storage_key}`);
  VariantsText.parse(r.variants);
  const patch = MediaPatchSchema.parse({ alt: r.alt });
  return { ...r, alt: patch.alt ?? '' };
};

const redirectColumns = columns({
  id: IdSchema, from_path: z.string(), to_path: z.string(), status: z.number(), kind: z.enum(['automatic', 'manual']),
  target_type: z.enum(['product', 'category', 'page']).nullable().default(null), target_id: IdSchema.nullable().default(null),
  created_at: Iso, updated_at: Iso,
});
const redirects: RowRule = (row) => {
  const r = redirectColumns(row);
  const clean = parseRedirectInput({ from: r.from_path, to: r.to_path, status: r.status as 301 | 302 });
  return { ...r, from_path: clean.from, to_path: clean.to, status: clean.status };
};

const JsonObjectText = JsonText.pipe(z.record(z.string(), z.unknown()));
const revisions: RowRule = columns({
  id: IdSchema, entity: z.enum(REVISIONED_TYPES), item_id: z.string().max(100), created_at: Iso, summary: Text(2000),
  snapshot: z.string().refine((text) => JsonObjectText.safeParse(text).success, 'must be a JSON object'),
});

/** The archive's audit entries come back as history beside the target's own, marked as restored. */
export const RESTORED_MARK = 'Restored from a backup: ';
const auditColumns = columns({
  id: IdSchema, at: Iso, action: Text(100), target_type: Text(100), target_id: Text(200).nullable().default(null),
  summary: Text(2000), ip: Text(100).default(''),
});
const audit_log: RowRule = (row) => {
  const r = auditColumns(row);
  // An entry restored once before keeps its one mark.
  const summary = r.summary.startsWith(RESTORED_MARK) ? r.summary : `${RESTORED_MARK}${r.summary}`.slice(0, 2000);
  return { ...r, summary };
};

/** The daily analytics summaries are the site's sales history (25 months, decision 060): they come back as they were. */
const Count = z.number().int().min(0);
const analytics_daily: RowRule = columns({ day: DaySchema, visitors: Count, pageviews: Count, buy_clicks: Count });
const analytics_daily_products: RowRule = columns({ day: DaySchema, product_id: IdSchema, views: Count, buy_clicks: Count });
const analytics_daily_counts: RowRule = columns({
  day: DaySchema, dimension: z.enum(['page', 'category', 'referrer', 'campaign']), name: Text(400), count: Count,
});

export const RESTORE_RULES: Record<string, RowRule> = {
  categories, products, product_editions, attributes, product_attributes, tags, pages, form_submissions, product_categories: link('category_id'), product_tags: link('tag_id'),
  settings, subscribers, media, redirects, revisions, audit_log, analytics_daily, analytics_daily_products, analytics_daily_counts,
};

/** The API's own words for why a row is refused: `field: message`. */
export function describeProblem(error: unknown): string | undefined {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]!;
    return `${issue.path.join('.') || 'row'}: ${issue.message}`;
  }
  if (error instanceof HttpError || error instanceof RowProblem) return error.message;
  return undefined;
}
