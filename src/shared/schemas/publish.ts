import { z } from 'zod';
import { PUBLISH_STATUSES } from '../statuses';

export { PUBLISH_STATUSES } from '../statuses';

/**
 * Whether visitors see an item: `draft` never, `scheduled` from `publishAt`
 * on, `published` always (the default, so the spec's calls behave as before).
 */
export const PublishStatusSchema = z.enum(PUBLISH_STATUSES, { error: 'must be draft, scheduled or published' });
export type PublishStatus = z.infer<typeof PublishStatusSchema>;

/** An instant with its zone (`2026-12-01T09:00:00.000Z`, or with an offset): stored as UTC. */
export const PublishAtSchema = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601, with Z or an offset)' });

/** The publishing fields of a product or category form: omitted status keeps the current one (create: published). */
export const PublishFieldsSchema = z.object({
  status: PublishStatusSchema.optional(),
  publishAt: PublishAtSchema.nullish(),
});

/** The `status` filter of admin lists. */
export const StatusFilterSchema = z.object({ status: PublishStatusSchema.optional() });

/** What the API answers beside an item's content. */
export const PublishStateSchema = z.strictObject({ status: PublishStatusSchema, publishAt: z.string().nullable() });
export type PublishState = z.infer<typeof PublishStateSchema>;
