/**
 * The built-in pictures made from the site's name and theme colour: the
 * default share card (1200×630) and the favicon. Their URLs carry a version
 * made from what they are drawn from, so a changed name or colour is a new
 * URL (long browser caches stay right) while the same inputs keep theirs.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const DEFAULT_SHARE_IMAGE_PATH = '/share/default.png';
export const DEFAULT_FAVICON_PATH = '/favicon.svg';

/** FNV-1a: a short, stable version string, the same in the browser and on the server. */
export function versionOf(...parts: string[]): string {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const defaultShareImageUrl = (name: string, tagline: string, color: string) =>
  `${DEFAULT_SHARE_IMAGE_PATH}?v=${versionOf(name, tagline, color.toLowerCase())}`;
export const defaultFaviconUrl = (color: string) => `${DEFAULT_FAVICON_PATH}?v=${versionOf(color.toLowerCase())}`;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const MARK = '<rect width="32" height="32" rx="8" fill="COLOR"/><path d="M11 9.5v13l11-6.5-11-6.5Z" fill="#fff"/>';

/** The brand mark (a play button on a rounded square) in the theme colour. */
export function faviconSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK.replace('COLOR', escapeXml(color))}</svg>`;
}

/** The default share card: the site's name and tagline in white on the theme colour, with the brand mark. */
export function shareCardSvg(name: string, tagline: string, color: string): string {
  // Long names shrink so they stay on the card (roughly 0.6em per character).
  const size = Math.max(48, Math.min(112, Math.floor(1000 / Math.max(1, name.length * 0.6))));
  const mark = MARK.replace('COLOR', '#ffffff').replace('fill="#fff"', `fill="${escapeXml(color)}"`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${escapeXml(color)}"/>` +
    `<g transform="translate(100 150) scale(4)">${mark}</g>` +
    `<text x="100" y="${390 + size * 0.3}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(name)}</text>` +
    (tagline ? `<text x="100" y="${470 + size * 0.3}" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ffffff" fill-opacity="0.85">${escapeXml(tagline)}</text>` : '') +
    '</svg>'
  );
}
