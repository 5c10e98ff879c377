import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation, useRouteLoaderData } from '../router';
import type { RootData } from '../loaders';
import { themeCssVariables } from '../../shared/theme-shades';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import '../styles/index.css';

/**
 * After client navigation the head follows the page; the server wrote it for the first response, so
 * the code that rewrites it (page-meta, structured data) is fetched with the first navigation.
 */
function useHeadSync() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    void import('../head-sync').then(({ syncHead }) => syncHead(matches, pathname));
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
      <SiteHeader navigation={root.navigation} site={root.site} />
      <main id="main" className="site-main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter columns={root.navigation.footer} site={root.site} />
    </>
  );
}
