import type { UIMatch } from './router';
import { canonicalPath, metaFor } from './page-meta';
import { applySocialHead } from './head-tags';

/** The publicUrl the server rendered with, read back from the canonical link. */
function canonicalBase(): string {
  const link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return link?.dataset.base ?? window.location.origin;
}

/** Rewrites the document head for the page the browser navigated to (the server wrote the first one). */
export function syncHead(matches: UIMatch[], pathname: string): void {
  // A page whose loader failed has no data: the server's error head stays.
  if (matches[matches.length - 1]?.data === undefined) return;
  const base = canonicalBase();
  const meta = metaFor(matches, base);
  document.title = meta.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  const canonical = `${base}${canonicalPath(pathname)}${meta.canonicalSearch ?? ''}`;
  // A not-found page is served without one (one page for every made-up address): the next page gets it back.
  let canonicalLink = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonicalLink) {
    canonicalLink = document.createElement('link');
    canonicalLink.rel = 'canonical';
    canonicalLink.dataset.base = base;
    document.head.append(canonicalLink);
  }
  canonicalLink.setAttribute('href', canonical);
  applySocialHead(document.head, meta, canonical, base);
  for (const rel of ['prev', 'next'] as const) {
    let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
    const href = meta[rel];
    if (!href) {
      link?.remove();
      continue;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = rel;
      document.head.append(link);
    }
    link.href = `${base}${href}`;
  }
}
