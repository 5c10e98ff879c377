import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { PageErrorScreen, RootErrorScreen } from './components/error-screen';
import { HomePage } from './pages/home-page';
import { AboutPage } from './pages/about-page';
import { CategoryPage } from './pages/category-page';
import { ProductPage } from './pages/product-page';
import { PageNotFound } from './pages/page-not-found';
import { SearchPage } from './pages/search-page';
import { searchLoader } from './search-loader';
import { searchMeta } from './search-meta';
import { aboutLoader, categoryLoader, homeLoader, pageNotFoundLoader, productLoader, rootLoader } from './loaders';
import { aboutMeta, categoryMeta, homeMeta, pageNotFoundMeta, productMeta, type RouteHandle } from './page-meta';

export const ROOT_ROUTE_ID = 'root';
export const PAGES_ROUTE_ID = 'pages';

const handle = (meta: RouteHandle['meta']): RouteHandle => ({ meta });

/**
 * The public site, shared by the server renderer (createStaticHandler) and the
 * browser (createBrowserRouter). /admin is not here: it is its own lazy app.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: rootLoader,
    // Header and footer data (categories, latest products, theme) changes only with content writes.
    shouldRevalidate: () => false,
    Component: RootLayout,
    ErrorBoundary: RootErrorScreen,
    children: [
      {
        // Pathless: a page that fails to render keeps the header and footer around its error screen.
        id: PAGES_ROUTE_ID,
        ErrorBoundary: PageErrorScreen,
        children: [
          { index: true, loader: homeLoader, Component: HomePage, handle: handle(homeMeta) },
          { path: 'about', loader: aboutLoader, Component: AboutPage, handle: handle(aboutMeta) },
          { path: 'category/:slug', loader: categoryLoader, Component: CategoryPage, handle: handle(categoryMeta) },
          { path: 'product/:slug', loader: productLoader, Component: ProductPage, handle: handle(productMeta) },
          { path: 'search', loader: searchLoader, Component: SearchPage, handle: handle(searchMeta) },
          { path: '*', loader: pageNotFoundLoader, Component: PageNotFound, handle: handle(pageNotFoundMeta) },
        ],
      },
    ],
  },
];
