import { MAX_INPUT_PIXELS, loadSharp } from './sharp-setup';
import { payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import type { SniffedType } from './sniff-type';

export type CleanImage = { data: Buffer; width: number; height: number };

const megapixels = (pixels: number) => `${Math.round(pixels / 1e5) / 10} megapixels`;

/**
 * Re-encodes an image in its own format. sharp writes no EXIF, XMP, IPTC or
 * ICC data unless asked, so camera details, GPS positions and owner names are
 * dropped; `.rotate()` first bakes the EXIF orientation into the pixels, so
 * the picture still stands the right way up without it. The canvas size is
 * read from the header first: a decompression bomb (a small file declaring
 * a huge canvas) is refused with 413 before a single pixel is decoded.
 * `fast` (an import's thousands of images, decision 069) writes a JPEG with
 * libjpeg-turbo instead of mozjpeg: about half the CPU, a slightly larger file.
 */
export async function stripImageMetadata(data: Buffer, type: SniffedType, options: { fast?: boolean } = {}): Promise<CleanImage> {
  // Animated GIF and WebP keep every frame.
  const animated = type.extension === 'gif' || type.extension === 'webp';
  const sharp = await loadSharp();
  try {
    // Reading the header decodes no pixels, so it needs no pixel limit.
    const header = await sharp(data, { limitInputPixels: false }).metadata();
    // Every frame of an animation is decoded.
    const frames = header.pages ?? 1;
    const pixels = (header.width ?? 0) * (header.height ?? 0) * frames;
    if (pixels > MAX_INPUT_PIXELS) {
      const size = `${header.width}×${header.height}${frames > 1 ? ` × ${frames} frames` : ''}`;
      throw payloadTooLarge(`Image is too large: ${size} is ${megapixels(pixels)}; at most ${megapixels(MAX_INPUT_PIXELS)} are accepted`);
    }
    const image = sharp(data, { animated, failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded = (() => {
      switch (type.extension) {
        case 'jpg':
          return image.jpeg({ quality: 90, mozjpeg: options.fast !== true });
        case 'png':
          return image.png();
        case 'webp':
          return image.webp({ quality: 90 });
        case 'gif':
          return image.gif();
        case 'avif':
          return image.avif({ quality: 70 });
        default:
          throw unsupportedMediaType(`Unsupported image type: ${type.mimeType}`);
      }
    })();
    const { data: clean, info } = await encoded.toBuffer({ resolveWithObject: true });
    // An animated image reports the height of all its frames stacked; a page needs one frame's.
    return { data: clean, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    // Right signature, broken body: the bytes cannot be decoded as the image they claim to be.
    throw unsupportedMediaType(`The file could not be read as a ${type.extension.toUpperCase()} image`);
  }
}
