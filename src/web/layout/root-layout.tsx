import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../loaders';
import { themeCssVariables } from '../../shared/theme-shades';
import { canonicalPath, metaFor } from '../page-meta';
import { applySocialHead } from '../head-tags';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import '../styles/index.css';

/** The publicUrl the server rendered with, read back from the canonical link. */
function canonicalBase(): string {
  const link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return link?.dataset.base ?? window.location.origin;
}

/** After client navigation the head follows the page; the server wrote it for the first response. */
function useHeadSync() {
  const matches = useMatches();
  const { pathname } = useLocation();
  useEffect(() => {
    // A page whose loader failed has no data: the server's error head stays.
    if (matches[matches.length - 1]?.data === undefined) return;
    const base = canonicalBase();
    const meta = metaFor(matches, base);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    const canonical = `${base}${canonicalPath(pathname)}${meta.canonicalSearch ?? ''}`;
    document.querySelector('link[rel="canonical"]')?.setAttribute('href', canonical);
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
  }, [matches, pathname]);
}

export function RootLayout() {
  const root = useRouteLoaderData('root') as RootData;
  const { pathname } = useLocation();
  useHeadSync();

  useEffect(() => {
    // Lets tests (and curious developers) see that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // Every route change starts at the top; the first render keeps the browser's own scroll restoration.
  // Focus moves to the new page too: the link that was used may be gone (a closed mobile menu), and
  // screen readers then start reading the new content instead of staying on the old page's link.
  const firstRender = useRef(true);
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  // The server wrote these into <head>; keep them in step if the theme is reloaded.
  useEffect(() => {
    for (const [name, value] of Object.entries(themeCssVariables(root.theme.primaryColor))) {
      document.documentElement.style.setProperty(name, value);
    }
  }, [root.theme.primaryColor]);

  const navigation = useNavigation();

  return (
    <>
      {/* Client navigation waits for the next page's data: show that something is happening. */}
      <div className={navigation.state === 'loading' ? 'route-progress is-active' : 'route-progress'} aria-hidden="true" />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader categories={root.categories} site={root.site} />
      <main id="main" className="site-main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter categories={root.categories} latestProducts={root.latestProducts} site={root.site} />
    </>
  );
}
