import { sharp } from './sharp-setup';
import { unsupportedMediaType } from '../../http/errors';
import type { SniffedType } from './sniff-type';

/**
 * Re-encodes an image in its own format. sharp writes no EXIF, XMP, IPTC or
 * ICC data unless asked, so camera details, GPS positions and owner names are
 * dropped; `.rotate()` first bakes the EXIF orientation into the pixels, so
 * the picture still stands the right way up without it.
 */
export async function stripImageMetadata(data: Buffer, type: SniffedType): Promise<Buffer> {
  // Animated GIF and WebP keep every frame.
  const animated = type.extension === 'gif' || type.extension === 'webp';
  try {
    const image = sharp(data, { animated, failOn: 'error' }).rotate();
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
