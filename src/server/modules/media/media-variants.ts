import type { Sharp } from 'sharp';
import { MAX_INPUT_PIXELS, loadSharp } from './sharp-setup';
import type { MediaStore } from './media-store';
import { VARIANT_WIDTHS, SOCIAL_CARD, type MediaVariant, type VariantFormat } from '../../../shared/media';

/** What one run of the variant job learns and makes for an image. */
export type VariantResult = { width: number; height: number; placeholder: string; variants: MediaVariant[] };

type Source = { key: string; mimeType: string; sizeBytes: number; focalX: number; focalY: number; existing: MediaVariant[] };

/** The format served to browsers that take neither AVIF nor WebP: the original's own, or JPEG for an AVIF original. */
export function fallbackFormat(mimeType: string): VariantFormat | null {
  if (mimeType === 'image/jpeg' || mimeType === 'image/avif') return 'jpg';
  if (mimeType === 'image/png') return 'png';
  if (mimeType === 'image/webp') return 'webp';
  return null;
}

/** The ladder widths below the image's own, then its own width (capped): never upscaled. */
export function ladderFor(width: number): number[] {
  const top = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!);
  return [...VARIANT_WIDTHS.filter((step) => step < top), top];
}

const baseOf = (key: string) => key.replace(/\.[A-Za-z0-9]+$/, '');
export const variantKey = (key: string, width: number, format: VariantFormat) => `${baseOf(key)}-w${width}.${format}`;
/** The crop's name carries its focal point: a new point is a new file, so a year-long cache never shows the old crop. */
export const socialKey = (key: string, focalX: number, focalY: number) =>
  `${baseOf(key)}-og${Math.round(focalX * 1000)}x${Math.round(focalY * 1000)}.jpg`;

function encode(image: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    // Low AVIF effort: a background job on a shared core; the bytes differ little from effort 4.
    case 'avif':
      return image.avif({ quality: 50, effort: 2 });
    case 'webp':
      return image.webp({ quality: 75, effort: 3 });
    case 'png':
      return image.png({ compressionLevel: 9, palette: true, quality: 90 });
    case 'jpg':
      return image.jpeg({ quality: 78, progressive: true, mozjpeg: true });
  }
}

/** A fresh sharp pipeline over `data` for each rendition (a pipeline is used once). */
const opener = async (data: Buffer) => {
  const sharp = await loadSharp();
  return () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
};

/** The window of the aspect `ratio` that keeps the focal point as central as the edges allow. */
export function focalCrop(width: number, height: number, ratio: number, focalX: number, focalY: number) {
  const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(value, 0), max));
  if (width / height > ratio) {
    const cropWidth = Math.round(height * ratio);
    return { left: clamp(focalX * width - cropWidth / 2, width - cropWidth), top: 0, width: cropWidth, height };
  }
  const cropHeight = Math.round(width / ratio);
  return { left: 0, top: clamp(focalY * height - cropHeight / 2, height - cropHeight), width, height: cropHeight };
}

const toHex = ({ r, g, b }: { r: number; g: number; b: number }) =>
  `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/**
 * Makes the renditions of one stored image: AVIF, WebP and the fallback
 * format at every ladder width, and the 1200×630 social card cropped around
 * the focal point. Files already listed in `existing` are kept (a re-run after
 * a crash or a focal-point change only makes what is missing), and a
 * rendition that comes out larger than the original is not kept: the
 * original serves instead. Old social crops are removed.
 */
export async function makeVariants(store: MediaStore, source: Source): Promise<VariantResult> {
  const data = await store.read(source.key);
  if (!data) throw new Error(`the original ${source.key} is missing from the media store`);
  const image = await opener(data);
  const meta = await image().metadata();
  const width = meta.width;
  const height = meta.height;
  if (!width || !height) throw new Error(`${source.key} has no dimensions`);
  // The placeholder colour fills the picture's box while it loads. A picture with see-through
  // pixels gets none: the colour would show through it (a logo on a white hero in a dark square).
  const { dominant, isOpaque } = await image().stats();
  const placeholder = isOpaque ? toHex(dominant) : '';
  const fallback = fallbackFormat(source.mimeType);
  // Animated images keep their original: a still rendition would lose the motion.
  if (!fallback || (meta.pages ?? 1) > 1) return { width, height, placeholder, variants: [] };

  const kept = new Map(source.existing.map((variant) => [variant.key, variant]));
  const variants: MediaVariant[] = [];
  const keep = async (key: string, make: () => Sharp, format: VariantFormat, crop?: 'social') => {
    const known = kept.get(key);
    if (known) {
      variants.push(known);
      return;
    }
    const { data: bytes, info } = await encode(make(), format).toBuffer({ resolveWithObject: true });
    if (bytes.length >= source.sizeBytes && !crop) return;
    await store.save(key, bytes, `image/${format === 'jpg' ? 'jpeg' : format}`);
    variants.push({ key, format, width: info.width, height: info.height, bytes: bytes.length, ...(crop ? { crop } : {}) });
  };

  const formats = [...new Set<VariantFormat>(['avif', 'webp', fallback])];
  const own = source.mimeType.replace('image/', '').replace('jpeg', 'jpg');
  for (const step of ladderFor(width)) {
    for (const format of formats) {
      // At full width, the original already is the rendition in its own format.
      if (format === own && step === width) continue;
      await keep(variantKey(source.key, step, format), () => image().resize({ width: step, withoutEnlargement: true }), format);
    }
  }
  const window = focalCrop(width, height, SOCIAL_CARD.width / SOCIAL_CARD.height, source.focalX, source.focalY);
  await keep(
    socialKey(source.key, source.focalX, source.focalY),
    () => image().extract(window).resize(SOCIAL_CARD.width, SOCIAL_CARD.height),
    'jpg',
    'social',
  );

  const current = new Set(variants.map((variant) => variant.key));
  await Promise.all(source.existing.filter((variant) => !current.has(variant.key)).map((variant) => store.remove(variant.key)));
  return { width, height, placeholder, variants };
}
