/**
 * Image renditions as pages see them. Imports nothing: the public bundle
 * uses it to build `srcset`s, the server to name the files it makes.
 */
export type VariantFormat = 'avif' | 'webp' | 'jpg' | 'png';

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

/**
 * What a page needs to draw one stored image, kept short because it travels
 * in the hydration data: intrinsic size, the alt text ('' when decorative),
 * the placeholder colour, the focal point when it is not the centre, the
 * widths made per format, and the social card's file when there is one.
 */
export type ImageInfo = {
  /** Intrinsic width and height; 0 while not known yet. */
  w: number;
  h: number;
  alt: string;
  /** Marked decorative: pages give it an empty alt whatever the component would say. */
  d?: 1;
  pc?: string;
  fp?: [number, number];
  s?: Partial<Record<VariantFormat, number[]>>;
  og?: string;
};

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
