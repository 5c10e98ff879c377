import type { PageMeta } from './page-meta';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '../shared/share-card';
import { absoluteUrl, serializeJsonLd } from './structured-data';

/** The id of the page's JSON-LD script, replaced after client navigation. */
export const STRUCTURED_DATA_ID = 'structured-data';

/** One `<meta>` of the social card: named by `property` (Open Graph) or `name` (Twitter). */
export type SocialTag = { attribute: 'property' | 'name'; key: string; content: string };

/**
 * The Open Graph and Twitter card tags of a page, all URLs absolute. The
 * server writes them; after client navigation the same list updates the head.
 */
export function socialTags(meta: PageMeta, canonicalUrl: string, base: string): SocialTag[] {
  const og = (key: string, content: string): SocialTag => ({ attribute: 'property', key: `og:${key}`, content });
  return [
    og('title', meta.cardTitle ?? meta.title),
    og('description', meta.description),
    og('url', canonicalUrl),
    og('type', meta.type ?? 'website'),
    ...(meta.siteName ? [og('site_name', meta.siteName)] : []),
    ...(meta.image
      ? [og('image', absoluteUrl(base, meta.image)), og('image:width', String(SHARE_CARD_WIDTH)), og('image:height', String(SHARE_CARD_HEIGHT))]
      : []),
    { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** After client navigation: the social tags and the JSON-LD of the new page replace the previous page's. */
export function applySocialHead(head: HTMLHeadElement, meta: PageMeta, canonicalUrl: string, base: string): void {
  for (const tag of socialTags(meta, canonicalUrl, base)) {
    let element = head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`);
    if (!element) {
      element = document.createElement('meta');
      element.setAttribute(tag.attribute, tag.key);
      head.append(element);
    }
    element.content = tag.content;
  }
  head.querySelector(`#${STRUCTURED_DATA_ID}`)?.remove();
  if (!meta.structuredData?.length) return;
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.id = STRUCTURED_DATA_ID;
  script.textContent = serializeJsonLd(meta.structuredData.length === 1 ? meta.structuredData[0] : meta.structuredData);
  head.append(script);
}
