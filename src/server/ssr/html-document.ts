import { themeCssVariables } from '../../shared/theme-shades';
import { DEFAULT_PRIMARY_COLOR } from '../../shared/schemas';
import { HYDRATION_SCRIPT_ID, type HydrationPayload } from '../../web/hydration';
import { canonicalPath, type PageMeta } from '../../web/page-meta';
import { STRUCTURED_DATA_ID, socialTags } from '../../web/head-tags';
import { serializeJsonLd } from '../../web/structured-data';
import type { ClientAssets } from './client-manifest';
import type { ImagePreload } from '../../web/images/lcp-preload';
import { WHOLE_STYLESHEET_ATTRIBUTE } from '../../web/whole-stylesheet';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script>: "<" escaped so no value can close the tag; U+2028/9 kept out for old parsers. */
export const serializeJsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Written into <head> so the first paint already has the site's colour (no flash of the default). */
export function themeStyle(primaryColor: string | undefined): string {
  const variables = themeCssVariables(primaryColor ?? DEFAULT_PRIMARY_COLOR);
  const body = Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `<style id="theme-variables">:root{${body}}</style>`;
}

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%232563eb'/%3E%3Cpath d='M11 9.5v13l11-6.5-11-6.5Z' fill='%23fff'/%3E%3C/svg%3E";

/**
 * The page's scripts. With a priority picture, only the starter is named: it loads the entry and its
 * modules once the picture is painted (decision 048). Otherwise the entry and its modules load at once.
 */
function scriptTags(assets: ClientAssets, afterPicture: boolean): string {
  if (afterPicture && assets.starter) {
    return `<script type="module" data-entry="${assets.entry}" data-modules="${assets.preload.join(' ')}">${assets.starter.text}</script>`;
  }
  return assets.preload.map((href) => `<link rel="modulepreload" href="${href}">`).join('') + `<script type="module" src="${assets.entry}"></script>`;
}

/**
 * The styles: inline (the whole sheet, or with `cssCut` the rules the page's HTML uses, then the whole
 * sheet as a link that applies only once the page's script switches it on: decision 077), else links.
 */
function assetTags(assets: ClientAssets | null, scripts: boolean, afterPicture: boolean, cssCut: string | undefined): string {
  if (!assets) return '';
  let styles: string;
  if (assets.inlineCss === undefined) styles = assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  else if (cssCut === undefined || !scripts) styles = `<style>${assets.inlineCss}</style>`;
  else styles = `<style>${cssCut}</style>` + assets.css.map((href) => `<link rel="stylesheet" href="${href}" media="print" ${WHOLE_STYLESHEET_ATTRIBUTE}>`).join('');
  return styles + (scripts ? scriptTags(assets, afterPicture) : '');
}

type DocumentParts = {
  meta: PageMeta;
  canonicalBase: string;
  pathname: string;
  primaryColor: string | undefined;
  assets: ClientAssets | null;
  appHtml: string;
  hydration: HydrationPayload | null;
  robots?: string;
  /**
   * False on a not-found page: it names no address of its own, so one page
   * serves every made-up address of its shape (issue 23).
   */
  canonical?: boolean;
  preloadImage?: ImagePreload | undefined;
  /** Styles only, no client scripts: a page shown at a URL the client router does not know (previews). */
  staticOnly?: boolean;
  /** HTML before the page (the preview banner). */
  before?: string;
  /** The stylesheet's rules this page's HTML uses (css-subset.ts); without it the whole sheet is inlined. */
  cssCut?: string | undefined;
};

/** Starts the largest picture's download with the stylesheet, before the body is parsed. */
function imagePreloadTag(preload: ImagePreload | undefined): string {
  if (!preload) return '';
  const attributes = [
    'rel="preload"',
    'as="image"',
    `href="${escapeHtml(preload.href)}"`,
    preload.srcSet ? `imagesrcset="${escapeHtml(preload.srcSet)}"` : '',
    preload.srcSet && preload.sizes ? `imagesizes="${escapeHtml(preload.sizes)}"` : '',
    preload.type ? `type="${escapeHtml(preload.type)}"` : '',
    'fetchpriority="high"',
  ];
  return `<link ${attributes.filter(Boolean).join(' ')}>`;
}

/** One JSON-LD script for the page's blocks; its text cannot close the element (serializeJsonLd). */
function structuredDataTag(meta: PageMeta): string {
  if (!meta.structuredData?.length) return '';
  const value = meta.structuredData.length === 1 ? meta.structuredData[0] : meta.structuredData;
  return `<script type="application/ld+json" id="${STRUCTURED_DATA_ID}">${serializeJsonLd(value)}</script>`;
}

export function htmlDocument(parts: DocumentParts): string {
  const canonical = `${parts.canonicalBase}${canonicalPath(parts.pathname)}${parts.meta.canonicalSearch ?? ''}`;
  const pager = (['prev', 'next'] as const)
    .map((rel) => (parts.meta[rel] ? `<link rel="${rel}" href="${escapeHtml(parts.canonicalBase + parts.meta[rel])}">` : ''))
    .join('');
  const data = parts.hydration && !parts.staticOnly
    ? `<script type="application/json" id="${HYDRATION_SCRIPT_ID}">${serializeJsonForHtml(parts.hydration)}</script>`
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(parts.meta.title)}</title>` +
    `<meta name="description" content="${escapeHtml(parts.meta.description)}">` +
    (parts.robots ? `<meta name="robots" content="${parts.robots}">` : '') +
    socialTags(parts.meta, canonical, parts.canonicalBase)
      .filter((tag) => parts.canonical !== false || tag.key !== 'og:url')
      .map((tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}">`)
      .join('') +
    (parts.canonical === false ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}" data-base="${escapeHtml(parts.canonicalBase)}">`) +
    pager +
    '<link rel="alternate" type="application/atom+xml" title="Catalogue feed" href="/feed.xml">' +
    `<link rel="icon" href="${parts.meta.icon ? escapeHtml(parts.meta.icon) : ICON}">` +
    structuredDataTag(parts.meta) +
    imagePreloadTag(parts.preloadImage) +
    assetTags(parts.assets, !parts.staticOnly, Boolean(parts.preloadImage), parts.cssCut) +
    // After the stylesheet, whose :root defaults it overrides.
    themeStyle(parts.primaryColor) +
    `</head><body>${parts.before ?? ''}<div id="root">${parts.appHtml}</div>${data}</body></html>`
  );
}
