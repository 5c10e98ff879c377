import { lazy } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { AdminNotFound, AdminRouteError, AdminShell } from '../components/layout/admin-shell';
import { paths } from '../lib/paths';

// Each screen is its own chunk: Quill and dnd-kit load only where they are used.
const screens = {
  homepage: () => import('../features/homepage/components/homepage-hero-screen'),
  about: () => import('../features/about/components/about-screen'),
  categories: () => import('../features/categories/components/categories-list-screen'),
  category: () => import('../features/categories/components/category-form-screen'),
  products: () => import('../features/products/components/products-list-screen'),
  product: () => import('../features/products/components/product-form-screen'),
  subscribers: () => import('../features/subscribers/components/subscribers-screen'),
  theme: () => import('../features/theme/components/theme-screen'),
  site: () => import('../features/site/components/site-settings-screen'),
  media: () => import('../features/media/components/media-library-screen'),
  security: () => import('../features/security/components/security-screen'),
  activity: () => import('../features/audit/components/audit-screen'),
  redirects: () => import('../features/redirects/components/redirects-screen'),
};
const HomepageHeroScreen = lazy(screens.homepage);
const AboutScreen = lazy(screens.about);
const CategoriesListScreen = lazy(screens.categories);
const CategoryFormScreen = lazy(screens.category);
const ProductsListScreen = lazy(screens.products);
const ProductFormScreen = lazy(screens.product);
const SubscribersScreen = lazy(screens.subscribers);
const ThemeScreen = lazy(screens.theme);
const SiteSettingsScreen = lazy(screens.site);
const MediaLibraryScreen = lazy(screens.media);
const SecurityScreen = lazy(screens.security);
const AuditScreen = lazy(screens.activity);
const RedirectsScreen = lazy(screens.redirects);

/** An item of these lists (`/admin/products/:id`, `…/new`) shows its form screen. */
const formOf: Partial<Record<string, keyof typeof screens>> = { categories: 'category', products: 'product' };

/**
 * Starts loading the screen of an admin address while the session is being
 * checked: the two need not wait for each other, so the screen (and then its
 * first rows) comes one round trip sooner. The lazy screen gets the same module.
 */
export function preloadScreen(pathname: string): void {
  const [section = '', item] = pathname.replace(/^\/admin\/?/, '').split('/');
  const name = item ? formOf[section] : (section as keyof typeof screens);
  const load = name && Object.hasOwn(screens, name) ? screens[name] : undefined;
  // A failed load is retried (and shown) when the screen renders.
  load?.().catch(() => {});
}

export function createAdminRouter() {
  return createBrowserRouter([
    {
      path: paths.root,
      element: <AdminShell />,
      errorElement: <AdminRouteError />,
      children: [
        { index: true, element: <Navigate to={paths.homepage} replace /> },
        { path: 'homepage', element: <HomepageHeroScreen /> },
        { path: 'about', element: <AboutScreen /> },
        { path: 'categories', element: <CategoriesListScreen /> },
        { path: 'categories/new', element: <CategoryFormScreen key="new" /> },
        { path: 'categories/:id', element: <CategoryFormScreen /> },
        { path: 'products', element: <ProductsListScreen /> },
        { path: 'products/new', element: <ProductFormScreen key="new" /> },
        { path: 'products/:id', element: <ProductFormScreen /> },
        { path: 'subscribers', element: <SubscribersScreen /> },
        { path: 'theme', element: <ThemeScreen /> },
        { path: 'site', element: <SiteSettingsScreen /> },
        { path: 'media', element: <MediaLibraryScreen /> },
        { path: 'security', element: <SecurityScreen /> },
        { path: 'activity', element: <AuditScreen /> },
        { path: 'redirects', element: <RedirectsScreen /> },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
    // The server sends only /admin paths here; anything else goes back to the start.
    { path: '*', element: <Navigate to={paths.homepage} replace /> },
  ]);
}
