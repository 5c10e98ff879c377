import { z } from 'zod';

/**
 * The envelopes of every API answer, as schemas: routes
 * declare their answers with them (decision 057) and the admin client reads
 * its types from them.
 */
export const ApiFailureSchema = z.strictObject({
  success: z.literal(false),
  error: z.string(),
  /** Something a client must act on beside the message (e.g. `{ twoFactor: true }`). */
  data: z.record(z.string(), z.unknown()).optional(),
  /** The input the error is about, when it is about one (a form shows the error under it). */
  field: z.string().optional(),
});
export type ApiFailure = z.infer<typeof ApiFailureSchema>;

export const apiSuccessSchema = <T extends z.ZodType>(data: T) => z.strictObject({ success: z.literal(true), data });
export type ApiSuccess<T> = { success: true; data: T };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** Where a list goes on (decision 006): there only when one page was asked for. */
export const PageMetaSchema = z.strictObject({ nextCursor: z.string().nullable(), total: z.number() });

/** A list route's answer: the whole list, or one page of it with `meta` (the paging contract of list.ts). */
export const listAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.strictObject({ success: z.literal(true), data: z.array(item), meta: PageMetaSchema.optional() });

/** A route that always answers one page (search, audit). */
export const pageAnswerSchema = <T extends z.ZodType>(item: T) => z.strictObject({ success: z.literal(true), data: z.array(item), meta: PageMetaSchema });

/** What a delete answers. */
export const DeletedSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export type Deleted = z.infer<typeof DeletedSchema>;

/** An upload's answer: the spec's url, plus the media library id and the intrinsic size (null for a video). */
export const UploadResultSchema = z.strictObject({ url: z.string(), id: z.string(), width: z.number().nullable(), height: z.number().nullable() });
export type UploadResult = z.infer<typeof UploadResultSchema>;
/** POST /api/upload/image answers with the url at the top level too. */
export const ImageUploadResponseSchema = apiSuccessSchema(UploadResultSchema).extend({ ...UploadResultSchema.shape, message: z.string() });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;
export const MultiUploadResultSchema = z.strictObject({ urls: z.array(z.string()), files: z.array(UploadResultSchema) });
export type MultiUploadResult = z.infer<typeof MultiUploadResultSchema>;
