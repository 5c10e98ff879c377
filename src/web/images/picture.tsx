import type { CSSProperties } from 'react';
import { pictureSources } from '../../shared/media';
import { useImageInfo } from './use-image-info';
import { useRequestPreload } from './lcp-preload';

type Props = {
  src: string;
  /** Said when the media library has no alt text for the image. */
  alt: string;
  /** The width the picture takes on screen at each breakpoint, for the browser to pick a file. */
  sizes: string;
  /** Size to reserve when the image is not in the library (a link or a bundled file). */
  width: number;
  height: number;
  className?: string;
  /** The page's largest picture above the fold: loaded first, eagerly, and preloaded from the head. */
  priority?: boolean;
  /** Above the fold but small: loaded at once, without jumping the queue. */
  eager?: boolean;
  /**
   * For a picture that covers (`object-fit: cover`) a box at least this tall (a CSS length): a
   * box taller than the image's shape shows it wider than `sizes`, so the file is picked for
   * that width. Otherwise phones get a file a third of the width they show, blurred by the
   * stretch, and the browser counts the stretched picture as smaller than it looks.
   */
  coverHeight?: string;
  /**
   * Off where the picture is shown whole in a larger box (`object-fit: contain`, the gallery viewer):
   * there the colour would paint the letterbox around it while it loads.
   */
  placeholder?: boolean;
};

/**
 * The placeholder colour is for the wait only: once the picture is there it goes, so nothing of it
 * shows around a picture that does not fill its box. Pictures the server rendered have often
 * loaded before the page's script runs: `complete` tells. Without JavaScript the colour stays,
 * which only shows around pictures that do not cover their box; see-through ones have none
 * (media-variants.ts).
 */
function dropPlaceholderOnLoad(img: HTMLImageElement | null) {
  if (!img) return;
  const drop = () => {
    img.style.backgroundColor = '';
  };
  if (img.complete && img.naturalWidth > 0) drop();
  else img.addEventListener('load', drop, { once: true });
}

/**
 * The width a cover-fitted picture takes: the box's width, or its height times the image's shape.
 * A few pixels more, because the browser rounds the picked file's size down to whole pixels: a
 * picture a fraction of a pixel short of its box would be upscaled, and the browser counts an
 * upscaled picture (as a candidate for the largest paint) smaller than it shows.
 */
export function coverSizes(sizes: string, aspectRatio: number, coverHeight: string): string {
  return `max(${sizes}, calc(${aspectRatio.toFixed(3)} * ${coverHeight} + 4px))`;
}

/**
 * A stored image as `<picture>`: AVIF and WebP renditions at every width with
 * the original's format as fallback, its real width and height (no layout
 * shift), the library's alt text (empty when decorative), its placeholder
 * colour until it has loaded, and its focal point for crops made by `object-fit: cover`. Before
 * the variants exist, the original is served alone.
 */
export function Picture({ src, alt, sizes: boxSizes, width, height, className, priority = false, eager = false, coverHeight, placeholder = true }: Props) {
  const info = useImageInfo(src);
  const sizes = coverHeight ? coverSizes(boxSizes, (info?.w || width) / (info?.h || height), coverHeight) : boxSizes;
  const requestPreload = useRequestPreload();
  const { sources, srcSet } = info ? pictureSources(src, info) : { sources: [], srcSet: undefined };
  const style: CSSProperties = {};
  if (info?.pc && placeholder) style.backgroundColor = info.pc;
  if (info?.fp) style.objectPosition = `${(info.fp[0] * 100).toFixed(1)}% ${(info.fp[1] * 100).toFixed(1)}%`;
  const text = info?.d ? '' : info?.alt || alt;

  if (priority) {
    const best = sources[0];
    requestPreload(best ? { href: src, srcSet: best.srcSet, sizes, type: best.type } : { href: src, srcSet, sizes: srcSet ? sizes : undefined });
  }

  const img = (
    <img
      ref={style.backgroundColor ? dropPlaceholderOnLoad : undefined}
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={text}
      width={info?.w || width}
      height={info?.h || height}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={Object.keys(style).length ? style : undefined}
    />
  );
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
