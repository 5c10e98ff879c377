import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';
import { HYDRATION_SCRIPT_ID, type HydrationPayload } from './hydration';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

if (/^\/admin(?:\/|$)/.test(window.location.pathname)) {
  // The back-office is its own lazy chunk: public pages never load its code.
  void import('./admin/mount').then((module) => module.mountAdmin(container));
} else {
  const script = document.getElementById(HYDRATION_SCRIPT_ID);
  const hydrationData = script?.textContent ? (JSON.parse(script.textContent) as HydrationPayload) : undefined;
  // The public routes are not lazy, so the first match is ready to hydrate at once.
  const router = createBrowserRouter(routes, { hydrationData });
  hydrateRoot(container, <RouterProvider router={router} />);
}
