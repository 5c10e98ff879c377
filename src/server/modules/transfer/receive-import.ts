import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { ColumnMappingSchema } from '../../../shared/schemas/transfer';
import type { ColumnMapping } from './read-import';
import { writeToNewFile } from '../media/media-store';

/** An import file and its media zip, at most this large each. */
export const IMPORT_LIMITS = { fileBytes: 200 * 1024 * 1024 };

/** An uploaded import, kept in a temporary folder until the import is done (the parts of a form arrive in any order). */
export type ReceivedImport = {
  file: () => AsyncIterable<Uint8Array>;
  /** The media zip, when one was sent. */
  mediaPath: string | undefined;
  shopUrl: string | undefined;
  mapping: ColumnMapping | undefined;
  remove: () => Promise<void>;
};

const SHOP_URL = /^https?:\/\/[^\s/\\?#]+(?:\/[^\s\\?#]*)?$/i;

/** `mapping` as sent: a JSON object of {"Column": "field" or null}; anything else is a 400 naming it. */
export function parseMapping(text: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('mapping: must be a JSON object of {"Column": "field" or null}', 'mapping');
  }
  const parsed = ColumnMappingSchema.safeParse(value);
  if (!parsed.success) throw badRequest(`mapping: ${parsed.error.issues[0]?.message ?? 'is not valid'}`, 'mapping');
  return parsed.data;
}

/** Reads the multipart form of POST /api/import: `file` (required), `media` (a zip, optional), `shopUrl` and `mapping` (optional). */
export async function receiveImport(request: FastifyRequest): Promise<ReceivedImport> {
  const folder = await mkdtemp(path.join(tmpdir(), 'showcase-import-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    let filePath: string | undefined;
    let mediaPath: string | undefined;
    let shopUrl: string | undefined;
    let mapping: ColumnMapping | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !filePath) filePath = path.join(folder, 'import');
        else if (part.fieldname === 'media' && !mediaPath) mediaPath = path.join(folder, 'media.zip');
        else {
          await finished(part.file.resume());
          continue;
        }
        await writeToNewFile(part.file, part.fieldname === 'file' ? filePath! : mediaPath!);
      } else if (part.fieldname === 'shopUrl' && typeof part.value === 'string' && part.value.trim() !== '') {
        shopUrl = part.value.trim();
        if (!SHOP_URL.test(shopUrl)) throw badRequest('shopUrl: must be the shop’s http(s) address, e.g. https://shop.example.com', 'shopUrl');
      } else if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value.trim() !== '') {
        if (part.valueTruncated) throw badRequest('mapping: is too long', 'mapping');
        mapping = parseMapping(part.value);
      }
    }
    if (!filePath) throw badRequest('file: a CSV or JSON file is required', 'file');
    const readable = filePath;
    return { file: () => createReadStream(readable), mediaPath, shopUrl, mapping, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
