import type { ImageInfo } from './schemas/media';

export type { ImageInfo };

/**
 * Image renditions as pages see them. Imports no code (types only): the
 * public bundle uses it to build `srcset`s, the server to name the files it makes.
 */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export type MediaVariant = {
  key: string;
  format: VariantFormat;
  width: number;
  height: number;
  bytes: number;
  /** A fixed-size crop around the focal point instead of a ladder step. */
  crop?: 'social';
};

/** Widths made for every image that is at least that wide (never upscaled). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;
/** The link-preview card (Open Graph) size. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Image facts keyed by the URL that content stores. */
export type ImageInfoMap = Record<string, ImageInfo>;

const MIME: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** `/uploads/<name>.<ext>` → `/uploads/<name>-w<width>.<format>` (media-variants.ts names the files so). */
export const variantUrl = (url: string, width: number, format: VariantFormat) =>
  `${url.replace(/\.[A-Za-z0-9]+$/, '')}-w${width}.${format}`;

export type PictureSources = {
  sources: Array<{ type: string; srcSet: string }>;
  /** The `<img>`'s own srcset: the fallback format's widths, then the original at its width. */
  srcSet: string | undefined;
};

/** The `<source>` list (AVIF, then WebP) and the fallback srcset of an image. */
export function pictureSources(url: string, info: ImageInfo): PictureSources {
  const widths = info.s ?? {};
  const sources: PictureSources['sources'] = [];
  for (const format of ['avif', 'webp'] as const) {
    const list = widths[format];
    if (list?.length) sources.push({ type: MIME[format], srcSet: list.map((w) => `${variantUrl(url, w, format)} ${w}w`).join(', ') });
  }
  const fallback = (['jpg', 'png'] as const).find((format) => widths[format]?.length) ?? (widths.webp && !sources.length ? 'webp' : undefined);
  const fallbackList = fallback ? (widths[fallback] ?? []).filter((w) => w < info.w) : [];
  if (!info.w) return { sources: [], srcSet: undefined };
  const srcSet = sources.length || fallbackList.length ? [...fallbackList.map((w) => `${variantUrl(url, w, fallback!)} ${w}w`), `${url} ${info.w}w`].join(', ') : undefined;
  return { sources, srcSet };
}
