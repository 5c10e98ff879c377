import { renderToString } from 'react-dom/server';
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import { routes, PAGES_ROUTE_ID, ROOT_ROUTE_ID } from './routes';
import type { ContentSource } from './api/content-source';
import type { LoaderContext, RootData } from './loaders';
import type { FormState } from './components/blocks/form-state';
import { errorMetaFor, metaFor, type PageMeta } from './page-meta';
import type { HydrationPayload } from './hydration';
import { PreloadContext, type ImagePreload, type PreloadCollector } from './images/lcp-preload';
import { RouteTree } from './router/route-tree';
import type { RouteMatch, RouterState } from './router/router-context';

const handler = createStaticHandler(routes);

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      appHtml: string;
      meta: PageMeta;
      primaryColor: string | undefined;
      hydration: HydrationPayload;
      /** The page's largest picture above the fold, for a preload link in the head. */
      preloadImage: ImagePreload | undefined;
    }
  | { kind: 'redirect'; status: number; location: string };

/** Visitors never see error details: the boundary only needs to know that something failed. */
const PUBLIC_ERROR = { message: 'Unexpected Application Error!' };

/** React Router's static handler loads the page (matching, loaders, redirects, status); the site's own router renders it. */
function routerState(context: StaticHandlerContext): RouterState {
  const { pathname, search, hash } = context.location;
  return {
    location: { pathname, search, hash, state: null, key: 'default' },
    matches: context.matches.map(({ route, params, pathname: matched }) => ({ route: route as RouteMatch['route'], params, pathname: matched })),
    loaderData: context.loaderData,
    errors: context.errors,
    navigation: { state: 'idle' },
  };
}

function renderContext(context: StaticHandlerContext, preloads: PreloadCollector): string {
  return renderToString(
    <PreloadContext.Provider value={preloads}>
      <RouteTree state={routerState(context)} />
    </PreloadContext.Provider>,
  );
}

function withError(context: StaticHandlerContext, boundaryId: string, error: unknown): StaticHandlerContext {
  const keep = boundaryId === ROOT_ROUTE_ID ? {} : { [ROOT_ROUTE_ID]: context.loaderData[ROOT_ROUTE_ID] };
  return { ...context, statusCode: 500, loaderData: keep, errors: { [boundaryId]: error } };
}

/**
 * Runs the route loaders with the server's content source and renders the
 * matching page. A component that throws while rendering turns into the
 * "Unexpected Application Error!" screen with status 500: first inside the
 * layout, then, if the layout itself is what breaks, on its own.
 */
export async function renderPage(
  request: Request,
  contentSource: ContentSource,
  onError: (error: unknown) => void = () => {},
  /** A contact form posted without JavaScript that did not pass: the page shows it again with its errors (never cached). */
  formState?: FormState,
): Promise<RenderedPage> {
  const requestContext: LoaderContext = { contentSource, ...(formState ? { formState } : {}) };
  const result = await handler.query(request, { requestContext });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/' };
  }
  let context = result;
  if (context.errors) {
    for (const error of Object.values(context.errors)) onError(error);
  }
  let appHtml: string | undefined;
  let preloads: PreloadCollector = {};
  for (const boundary of [null, PAGES_ROUTE_ID, ROOT_ROUTE_ID]) {
    try {
      preloads = {};
      appHtml = renderContext(context, preloads);
      break;
    } catch (error) {
      onError(error);
      if (!boundary) context = withError(context, PAGES_ROUTE_ID, error);
      else if (boundary === PAGES_ROUTE_ID) context = withError(context, ROOT_ROUTE_ID, error);
    }
  }
  if (appHtml === undefined) {
    context = withError(context, ROOT_ROUTE_ID, new Error('render failed'));
    appHtml = '<main class="status-screen status-screen--standalone"><h1 class="status-screen__title">Unexpected Application Error!</h1><a href="/">Go Home</a></main>';
  }

  const errors = context.errors ? Object.fromEntries(Object.keys(context.errors).map((id) => [id, PUBLIC_ERROR])) : null;
  const root = context.loaderData[ROOT_ROUTE_ID] as RootData | undefined;
  // The request is made at the public address: its origin is the base of absolute URLs in the head.
  const base = new URL(request.url).origin;
  const meta = errors
    ? errorMetaFor(root, base)
    : metaFor(context.matches.map((match) => ({ id: match.route.id, data: context.loaderData[match.route.id] })), base);
  return {
    kind: 'page',
    status: context.statusCode,
    appHtml,
    meta,
    primaryColor: root?.theme.primaryColor,
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors },
    preloadImage: preloads.image,
  };
}
