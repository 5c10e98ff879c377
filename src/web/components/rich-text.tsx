import { useMatches } from '../router';
import type { ImageInfoMap } from '../../shared/media';
import { pictureSources } from '../../shared/media';
import type { WithImages } from '../images/image-loader';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Gives each stored picture its library facts: the alt text (empty when
 * decorative), its size (no layout shift) and a WebP srcset. Pictures not in
 * the library keep what the editor wrote.
 */
export function withImageFacts(html: string, images: ImageInfoMap): string {
  return html.replace(/<img\s([^>]*)>/g, (tag, attributes: string) => {
    const src = /(?:^|\s)src="([^"]*)"/.exec(attributes)?.[1];
    const info = src ? images[src] : undefined;
    if (!src || !info) return `<img loading="lazy" decoding="async" ${attributes}>`;
    const kept = attributes.replace(/(?:^|\s)(?:alt|width|height|srcset|sizes)="[^"]*"/g, '').trim();
    const webp = pictureSources(src, { ...info, s: info.s?.webp ? { webp: info.s.webp } : {} }).sources[0];
    const srcset = webp ? ` srcset="${webp.srcSet}, ${src} ${info.w}w" sizes="(min-width: 1024px) 50vw, 100vw"` : '';
    const size = info.w ? ` width="${info.w}" height="${info.h}"` : '';
    const alt = info.d ? '' : info.alt || (/(?:^|\s)alt="([^"]*)"/.exec(attributes)?.[1] ?? '');
    return `<img loading="lazy" decoding="async" ${kept} alt="${escapeAttribute(alt)}"${size}${srcset}>`;
  });
}

/**
 * Rich HTML that the server sanitised on save. Pictures in it sit below the
 * hero, so they load lazily; the stored HTML stays as the editor wrote it.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const images: ImageInfoMap = Object.assign({}, ...useMatches().map((match) => (match.data as Partial<WithImages> | undefined)?.images ?? {}));
  return <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: withImageFacts(html, images) }} />;
}
