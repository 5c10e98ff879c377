import { Navigate, createBrowserRouter } from 'react-router';
import { AdminNotFound, AdminRouteError, AdminShell } from '../components/layout/admin-shell';
import { paths } from '../lib/paths';
import { screenChunk } from './screen-chunk';

// Each screen is its own chunk: Quill and dnd-kit load only where they are used.
const screens = {
  // Chart.js loads inside this screen, after its figures (visits-chart.tsx).
  dashboard: screenChunk(() => import('../features/dashboard/components/dashboard-screen')),
  homepage: screenChunk(() => import('../features/homepage/components/homepage-hero-screen')),
  about: screenChunk(() => import('../features/about/components/about-screen')),
  categories: screenChunk(() => import('../features/categories/components/categories-list-screen')),
  category: screenChunk(() => import('../features/categories/components/category-form-screen')),
  products: screenChunk(() => import('../features/products/components/products-list-screen')),
  product: screenChunk(() => import('../features/products/components/product-form-screen')),
  pages: screenChunk(() => import('../features/pages/components/pages-list-screen')),
  page: screenChunk(() => import('../features/pages/components/page-form-screen')),
  navigation: screenChunk(() => import('../features/navigation/components/navigation-screen')),
  forms: screenChunk(() => import('../features/forms/components/forms-inbox-screen')),
  subscribers: screenChunk(() => import('../features/subscribers/components/subscribers-screen')),
  theme: screenChunk(() => import('../features/theme/components/theme-screen')),
  site: screenChunk(() => import('../features/site/components/site-settings-screen')),
  media: screenChunk(() => import('../features/media/components/media-library-screen')),
  security: screenChunk(() => import('../features/security/components/security-screen')),
  activity: screenChunk(() => import('../features/audit/components/audit-screen')),
  redirects: screenChunk(() => import('../features/redirects/components/redirects-screen')),
  attributes: screenChunk(() => import('../features/attributes/components/attributes-screen')),
  integrations: screenChunk(() => import('../features/integrations/components/integrations-screen')),
  'import-export': screenChunk(() => import('../features/import-export/components/import-export-screen')),
};

export type ScreenName = keyof typeof screens;

// Named by its address: the screen's key is the path segment it opens on (screenNameOf).
const ImportExportScreen = screens['import-export'].Screen;

/** An item of these lists (`/admin/products/:id`, `…/new`) shows its form screen. */
const formOf: Partial<Record<string, ScreenName>> = { categories: 'category', products: 'product', pages: 'page' };

/** The screen an admin address shows, if it names one. */
export function screenNameOf(pathname: string): ScreenName | undefined {
  const [section = '', item] = pathname.replace(/^\/admin\/?/, '').split('/');
  // The index opens the dashboard: its code loads while the session is checked, like any screen's.
  const name = item ? formOf[section] : section || 'dashboard';
  return name && Object.hasOwn(screens, name) ? (name as ScreenName) : undefined;
}

/**
 * Starts loading the screen of an admin address while the session is being
 * checked: the two need not wait for each other. Resolves when the screen can
 * render at once (or its load failed: then it is retried, and shown, when the
 * screen renders).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const name = screenNameOf(pathname);
  return name ? screens[name].preload().then(() => undefined, () => undefined) : Promise.resolve();
}

export function createAdminRouter() {
  return createBrowserRouter([
    {
      path: paths.root,
      element: <AdminShell />,
      errorElement: <AdminRouteError />,
      children: [
        // The admin index may be a dashboard (decision 060): it opens on how the site is doing.
        { index: true, element: <Navigate to={paths.dashboard} replace /> },
        { path: 'dashboard', element: <screens.dashboard.Screen /> },
        { path: 'homepage', element: <screens.homepage.Screen /> },
        { path: 'about', element: <screens.about.Screen /> },
        { path: 'categories', element: <screens.categories.Screen /> },
        { path: 'categories/new', element: <screens.category.Screen key="new" /> },
        { path: 'categories/:id', element: <screens.category.Screen /> },
        { path: 'products', element: <screens.products.Screen /> },
        { path: 'products/new', element: <screens.product.Screen key="new" /> },
        { path: 'products/:id', element: <screens.product.Screen /> },
        { path: 'pages', element: <screens.pages.Screen /> },
        { path: 'pages/new', element: <screens.page.Screen key="new" /> },
        { path: 'pages/:id', element: <screens.page.Screen /> },
        { path: 'navigation', element: <screens.navigation.Screen /> },
        { path: 'forms', element: <screens.forms.Screen /> },
        { path: 'subscribers', element: <screens.subscribers.Screen /> },
        { path: 'theme', element: <screens.theme.Screen /> },
        { path: 'site', element: <screens.site.Screen /> },
        { path: 'media', element: <screens.media.Screen /> },
        { path: 'security', element: <screens.security.Screen /> },
        { path: 'activity', element: <screens.activity.Screen /> },
        { path: 'redirects', element: <screens.redirects.Screen /> },
        { path: 'attributes', element: <screens.attributes.Screen /> },
        { path: 'import-export', element: <ImportExportScreen /> },
        { path: 'integrations', element: <screens.integrations.Screen /> },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
    // The server sends only /admin paths here; anything else goes back to the start.
    { path: '*', element: <Navigate to={paths.homepage} replace /> },
  ]);
}
