import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { PreviewRow } from '../../db/schema';
import { nowIso, parseJson } from '../../db/json';
import { storedSecret } from '../../content/stored-secret';
import { PREVIEW_TTL_MS, PreviewRequestSchema, type PreviewKind, type PreviewLink, type PreviewRequest } from '../../../shared/schemas/preview';
import { sanitizeRichHtml } from '../../content/sanitize-html';
import { contentType } from '../../content/types';
import { cleanBlocks } from '../pages/page-blocks';

const SECRET_KEY = 'preview_link_secret';

/** A preview as the page renderer reads it: validated form content, plus the saved item's id. */
export type StoredPreview = { kind: PreviewKind; id: string | undefined; data: unknown; expiresAt: string };

const sign = (secret: Buffer, id: string, expiresAt: string) => createHmac('sha256', secret).update(`${id}.${expiresAt}`).digest('base64url');

/** Rich text (the type's `richText` fields, content/types.ts) is sanitised as a save would: a shared preview link must not carry script. */
function cleanData(request: ReturnType<typeof PreviewRequestSchema.parse>): unknown {
  const data: Record<string, unknown> = { ...request.data };
  // A page's blocks: ids given and every piece of HTML sanitised, as a save would (page-blocks.ts).
  if (request.kind === 'page') data.blocks = cleanBlocks(request.data.blocks);
  for (const field of contentType(request.kind).richText ?? []) {
    const html = data[field];
    if (typeof html === 'string') data[field] = sanitizeRichHtml(html);
  }
  return data;
}

/**
 * Stores the form's content under a random id (in the database, so any copy
 * of the app can answer the link) and answers a link signed with the expiry:
 * anyone holding it may look for an hour; nobody can make one up or stretch it.
 */
export async function createPreview(db: Db, publicUrl: string, input: PreviewRequest): Promise<PreviewLink> {
  const request = PreviewRequestSchema.parse(input);
  const id = randomBytes(16).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + PREVIEW_TTL_MS).toISOString();
  // Expired previews are of no use to anyone: each new one clears them out.
  await db.deleteFrom('previews').where('expires_at', '<', new Date(now).toISOString()).execute();
  await db
    .insertInto('previews')
    .values({ id, kind: request.kind, item_id: request.id ?? null, data: JSON.stringify(cleanData(request)), created_at: nowIso(), expires_at: expiresAt })
    .execute();
  const signature = sign(await storedSecret(db, SECRET_KEY), id, expiresAt);
  return { url: `${publicUrl}/preview/${id}/${signature}`, expiresAt };
}

/** The preview a link names, if the signature is ours and the hour has not passed; otherwise undefined. */
export async function openPreview(db: Db, id: string, signature: string): Promise<StoredPreview | undefined> {
  const row: PreviewRow | undefined = await db.selectFrom('previews').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const expected = Buffer.from(sign(await storedSecret(db, SECRET_KEY), row.id, row.expires_at));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (row.expires_at <= new Date().toISOString()) return undefined;
  return { kind: row.kind as PreviewKind, id: row.item_id ?? undefined, data: parseJson<unknown>(row.data, null), expiresAt: row.expires_at };
}
