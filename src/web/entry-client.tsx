import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { routes } from './routes';
import { HYDRATION_SCRIPT_ID, type HydrationPayload } from './hydration';
import { BrowserRouterView, createBrowserRouter } from './router/browser-router';
import { wholeStylesheet } from './whole-stylesheet';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

if (/^\/admin(?:\/|$)/.test(window.location.pathname)) {
  // The back-office is its own lazy chunk: public pages never load its code.
  void import('./admin/mount').then((module) => module.mountAdmin(container));
} else {
  // The page inlined only its own rules: the whole sheet applies from now on (decision 077).
  void wholeStylesheet();
  const script = document.getElementById(HYDRATION_SCRIPT_ID);
  const hydrationData = script?.textContent ? (JSON.parse(script.textContent) as HydrationPayload) : undefined;
  void createBrowserRouter(routes, hydrationData).then((router) => {
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
    // holding the main thread for the whole page: a phone stays responsive while it hydrates.
    startTransition(() => {
      hydrateRoot(container, <BrowserRouterView router={router} />);
    });
  });
}
