import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';
import { HYDRATION_SCRIPT_ID, type HydrationPayload } from './hydration';

/**
 * The page's own chunk (routes.tsx) must be in place before hydration: a route still `lazy` would
 * make the router load it first and render nothing meanwhile, unlike the server's HTML. The server
 * preloads that chunk, so this waits for a download already under way.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

if (/^\/admin(?:\/|$)/.test(window.location.pathname)) {
  // The back-office is its own lazy chunk: public pages never load its code.
  void import('./admin/mount').then((module) => module.mountAdmin(container));
} else {
  const script = document.getElementById(HYDRATION_SCRIPT_ID);
  const hydrationData = script?.textContent ? (JSON.parse(script.textContent) as HydrationPayload) : undefined;
  void loadMatchedRoutes().then(() => {
    const router = createBrowserRouter(routes, { hydrationData });
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
    // holding the main thread for the whole page: a phone stays responsive while it hydrates.
    startTransition(() => {
      hydrateRoot(container, <RouterProvider router={router} />);
    });
  });
}
