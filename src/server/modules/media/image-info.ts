import type { Db } from '../../db/database';
import type { MediaRow } from '../../db/schema';
import { parseJson } from '../../db/json';
import type { ImageInfo, ImageInfoMap, MediaVariant, VariantFormat } from '../../../shared/media';

/** The most URLs one page may ask about (a product page with a long gallery stays well under it). */
export const MAX_IMAGE_INFO_URLS = 200;

// Renditions sit beside their original under the same prefix (`/uploads/<key>`), whichever store holds them.
const siblingUrl = (row: MediaRow, key: string) => row.url.slice(0, row.url.length - row.storage_key.length) + key;

function toInfo(row: MediaRow): ImageInfo {
  // Size 0: not known yet (an upload from before the library); the variant job reads it from the file.
  const info: ImageInfo = { w: row.width ?? 0, h: row.height ?? 0, alt: row.decorative ? '' : row.alt };
  if (row.decorative) info.d = 1;
  if (row.placeholder) info.pc = row.placeholder;
  if (row.focal_x !== 0.5 || row.focal_y !== 0.5) info.fp = [row.focal_x, row.focal_y];
  // The list is written only after its files are stored; a re-run (new focal point) keeps it until the new one is ready.
  const widths: Partial<Record<VariantFormat, number[]>> = {};
  for (const variant of parseJson<MediaVariant[]>(row.variants, [])) {
    if (variant.crop === 'social') info.og = siblingUrl(row, variant.key);
    else (widths[variant.format] ??= []).push(variant.width);
  }
  for (const list of Object.values(widths)) list.sort((a, b) => a - b);
  if (Object.keys(widths).length) info.s = widths;
  return info;
}

/**
 * What pages need to draw the images at `urls` (size, alt text, variants),
 * keyed by URL. Unknown URLs (external links, bundled files) are left out:
 * the page shows them as plain images.
 */
export async function describeImages(db: Db, urls: Iterable<string>): Promise<ImageInfoMap> {
  const wanted = [...new Set([...urls].filter((url) => url.startsWith('/uploads/')))].slice(0, MAX_IMAGE_INFO_URLS);
  if (wanted.length === 0) return {};
  const rows = await db.selectFrom('media').selectAll().where('url', 'in', wanted).where('mime_type', 'like', 'image/%').execute();
  const map: ImageInfoMap = {};
  for (const row of rows) map[row.url] = toInfo(row);
  return map;
}
