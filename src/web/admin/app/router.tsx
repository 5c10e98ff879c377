import { lazy } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { AdminNotFound, AdminRouteError, AdminShell } from '../components/layout/admin-shell';
import { paths } from '../lib/paths';

// Each screen is its own chunk: Quill and dnd-kit load only where they are used.
const HomepageHeroScreen = lazy(() => import('../features/homepage/components/homepage-hero-screen'));
const AboutScreen = lazy(() => import('../features/about/components/about-screen'));
const CategoriesListScreen = lazy(() => import('../features/categories/components/categories-list-screen'));
const CategoryFormScreen = lazy(() => import('../features/categories/components/category-form-screen'));
const ProductsListScreen = lazy(() => import('../features/products/components/products-list-screen'));
const ProductFormScreen = lazy(() => import('../features/products/components/product-form-screen'));
const SubscribersScreen = lazy(() => import('../features/subscribers/components/subscribers-screen'));
const ThemeScreen = lazy(() => import('../features/theme/components/theme-screen'));
const SiteSettingsScreen = lazy(() => import('../features/site/components/site-settings-screen'));
const MediaLibraryScreen = lazy(() => import('../features/media/components/media-library-screen'));
const SecurityScreen = lazy(() => import('../features/security/components/security-screen'));
const AuditScreen = lazy(() => import('../features/audit/components/audit-screen'));
const RedirectsScreen = lazy(() => import('../features/redirects/components/redirects-screen'));

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
