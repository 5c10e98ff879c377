import { sharp } from './sharp-setup';
import { payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import type { SniffedType } from './sniff-type';

/**
 * A small file can hold a huge picture (a 16,000 × 16,000 PNG of one colour is
 * under 1 MB): every visitor's browser would have to decode it (~1 GB of
 * memory), and so would we. 50 megapixels is more than any camera photo.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Reads only the header, so a pixel bomb is refused before anything is decoded. */
async function refuseHugeImage(data: Buffer): Promise<void> {
  const { width, height, pages } = await sharp(data)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined, pages: undefined }));
  // An unreadable header is left to the decoder below, which names the format.
  if (!width || !height) return;
  // Every frame of an animation is decoded.
  const pixels = width * height * (pages ?? 1);
  if (pixels <= MAX_IMAGE_PIXELS) return;
  throw payloadTooLarge(
    `Image is too large: ${width} × ${height} pixels${pages && pages > 1 ? ` × ${pages} frames` : ''} (${Math.round(pixels / 1e6)} megapixels); images may have at most ${MAX_IMAGE_PIXELS / 1e6} megapixels`,
  );
}

/**
 * Re-encodes an image in its own format. sharp writes no EXIF, XMP, IPTC or
 * ICC data unless asked, so camera details, GPS positions and owner names are
 * dropped; `.rotate()` first bakes the EXIF orientation into the pixels, so
 * the picture still stands the right way up without it.
 */
export async function stripImageMetadata(data: Buffer, type: SniffedType): Promise<Buffer> {
  // Animated GIF and WebP keep every frame.
  const animated = type.extension === 'gif' || type.extension === 'webp';
  await refuseHugeImage(data);
  try {
    const image = sharp(data, { animated, failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    switch (type.extension) {
      case 'jpg':
        return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
      case 'avif':
        return await image.avif({ quality: 70 }).toBuffer();
      default:
        throw unsupportedMediaType(`Unsupported image type: ${type.mimeType}`);
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    // Right signature, broken body: the bytes cannot be decoded as the image they claim to be.
    throw unsupportedMediaType(`The file could not be read as a ${type.extension.toUpperCase()} image`);
  }
}
