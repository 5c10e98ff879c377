import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { PageErrorScreen, RootErrorScreen } from './components/error-screen';

export const ROOT_ROUTE_ID = 'root';
export const PAGES_ROUTE_ID = 'pages';

type RouteModule = Pick<RouteObject, 'Component'>;

/**
 * Each page's component is a route module (src/web/route-modules/<id>.ts), loaded before the page
 * hydrates. The client build puts them all in one chunk, `pages`, that every public page preloads
 * (vite.config.ts, decision 048). The route id is the module's file name: the page's head is looked
 * up by it (page-meta.ts).
 */
const ROUTE_MODULE_DIR = './route-modules/';
const routeModules = import.meta.glob<RouteModule>('./route-modules/*.ts');

function page(id: string, match: { index: true } | { path: string }, loader: LoaderFunction): RouteObject {
  const load = routeModules[`${ROUTE_MODULE_DIR}${id}.ts`];
  if (!load) throw new Error(`no route module for the page "${id}"`);
  return { ...match, id, loader, lazy: load } as RouteObject;
}

/**
 * The browser runs a loader only when it navigates (the first page's data comes with the HTML), so
 * the loaders' code is fetched then, not with the first load.
 */
const loaders = () => import('./loaders');
const fromLoaders =
  (name: 'rootLoader' | 'homeLoader' | 'aboutLoader' | 'categoryLoader' | 'productLoader' | 'sitePageLoader' | 'pageNotFoundLoader'): LoaderFunction =>
  async (args: LoaderFunctionArgs) =>
    (await loaders())[name](args);
const searchLoader: LoaderFunction = async (args) => (await import('./search-loader')).searchLoader(args);

/**
 * The public site, shared by the server renderer (createStaticHandler) and the
 * browser (createBrowserRouter). /admin is not here: it is its own lazy app.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: fromLoaders('rootLoader'),
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
          page('home', { index: true }, fromLoaders('homeLoader')),
          page('about', { path: 'about' }, fromLoaders('aboutLoader')),
          page('category', { path: 'category/:slug' }, fromLoaders('categoryLoader')),
          page('product', { path: 'product/:slug' }, fromLoaders('productLoader')),
          page('page', { path: 'pages/:slug' }, fromLoaders('sitePageLoader')),
          page('search', { path: 'search' }, searchLoader),
          page('not-found', { path: '*' }, fromLoaders('pageNotFoundLoader')),
        ],
      },
    ],
  },
];
