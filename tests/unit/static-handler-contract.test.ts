import { createStaticHandler, data, redirect, redirectDocument, type LoaderFunction, type RouteObject, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes, PAGES_ROUTE_ID, ROOT_ROUTE_ID } from '../../src/web/routes';
import { hasErrorScreen } from '../../src/web/router/route-tree';

/**
 * What the server's React Router static handler hands the site's own router (decision 046):
 * entry-server.tsx turns its answer into the `RouterState` that `RouteTree` renders and the browser
 * hydrates from, and browser-router.tsx reads React Router's `redirect`, `redirectDocument` and
 * `data` answers by their shape. A React Router upgrade that changes any of it fails here, by name,
 * before a page renders wrong. The site's real route tree is used, its loaders swapped for ones
 * whose answers the test decides (the pages' data is tested through the API).
 */
const requestContext = { contentSource: 'the server content source' };
const seen: { context: unknown; url: string }[] = [];

const loaders: Record<string, LoaderFunction> = {
  [ROOT_ROUTE_ID]: ({ context }) => ({ layout: 'root data', context }),
  home: () => ({ page: 'home' }),
  category: ({ params, request, context }) => {
    seen.push({ context, url: request.url });
    return { page: 'category', slug: params.slug };
  },
  product: ({ params }) => {
    if (params.slug === 'renamed') throw redirect('/product/new-name?kept=1');
    if (params.slug === 'elsewhere') throw redirectDocument('/product/on-the-server');
    if (params.slug === 'gone') return data({ notFound: true }, { status: 404 });
    if (params.slug === 'broken') throw new Error('the product could not be read');
    return { page: 'product', slug: params.slug };
  },
  'not-found': () => data({ notFound: true }, { status: 404 }),
};

function withLoaders(tree: RouteObject[]): RouteObject[] {
  return tree.map((route) => {
    const { loader: _real, children, ...rest } = route;
    const loader = route.id ? loaders[route.id] : undefined;
    return { ...rest, ...(loader ? { loader } : {}), ...(children ? { children: withLoaders(children) } : {}) } as RouteObject;
  });
}

const handler = createStaticHandler(withLoaders(routes));
const query = (path: string) => handler.query(new Request(`https://shop.example.com${path}`), { requestContext });

async function pageContext(path: string): Promise<StaticHandlerContext> {
  const answer = await query(path);
  if (answer instanceof Response) throw new Error(`${path} answered a ${answer.status} Response`);
  return answer;
}

describe('what the static handler hands the public router', () => {
  it('a page: the fields entry-server.tsx reads, and no others', async () => {
    const context = await pageContext('/category/design?tags=red#grid');
    // entry-server.tsx reads location, matches, loaderData, errors, statusCode and actionData.
    expect(Object.keys(context).sort()).toEqual(['actionData', 'actionHeaders', 'basename', 'errors', 'loaderData', 'loaderHeaders', 'location', 'matches', 'statusCode']);
    expect(context.location).toMatchObject({ pathname: '/category/design', search: '?tags=red' });
    expect(typeof context.location.hash).toBe('string');
    expect(context.statusCode).toBe(200);
    expect(context.errors).toBeNull();
    expect(context.actionData).toBeNull();
  });

  it('matches: outermost first, each with its route id, params and matched pathname', async () => {
    const context = await pageContext('/category/design');
    expect(context.matches.map(({ route, params, pathname }) => ({ id: route.id, params, pathname }))).toEqual([
      { id: ROOT_ROUTE_ID, params: { slug: 'design' }, pathname: '/' },
      { id: PAGES_ROUTE_ID, params: { slug: 'design' }, pathname: '/' },
      { id: 'category', params: { slug: 'design' }, pathname: '/category/design' },
    ]);
    expect(Object.keys(context.matches[0]!).sort()).toEqual(['params', 'pathname', 'pathnameBase', 'route']);
  });

  it('routes as RouteTree draws them: a component (the lazy page module resolved), an error screen where routes.tsx puts one', async () => {
    const [root, pages, category] = (await pageContext('/category/design')).matches.map((match) => match.route);
    // route-tree.tsx draws `Component` or `element`, and `ErrorBoundary` or `errorElement`.
    const draws = (route: RouteObject) => Boolean(route.Component ?? route.element);
    expect([draws(root!), draws(pages!), draws(category!)]).toEqual([true, false, true]);
    expect([hasErrorScreen(root!), hasErrorScreen(pages!), hasErrorScreen(category!)]).toEqual([true, true, false]);
    expect(category!.lazy).toBeUndefined();
  });

  it('loader data by route id, only for routes with a loader; loaders get the request and the request context', async () => {
    seen.length = 0;
    const context = await pageContext('/category/design?tags=red');
    expect(context.loaderData).toEqual({
      [ROOT_ROUTE_ID]: { layout: 'root data', context: requestContext },
      category: { page: 'category', slug: 'design' },
    });
    expect(seen).toEqual([{ context: requestContext, url: 'https://shop.example.com/category/design?tags=red' }]);
  });

  it('data() with a status: the value unwrapped into loaderData, the status as statusCode', async () => {
    const gone = await pageContext('/product/gone');
    expect(gone.statusCode).toBe(404);
    expect(gone.loaderData.product).toEqual({ notFound: true });
    const unknown = await pageContext('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.matches.at(-1)).toMatchObject({ route: { id: 'not-found' }, params: { '*': 'no/such/page' } });
  });

  it('a loader that throws: the error under the nearest route with an error screen, status 500, the layout data kept', async () => {
    const context = await pageContext('/product/broken');
    expect(context.statusCode).toBe(500);
    expect(Object.keys(context.errors ?? {})).toEqual([PAGES_ROUTE_ID]);
    expect(context.errors?.[PAGES_ROUTE_ID]).toBeInstanceOf(Error);
    expect(Object.keys(context.loaderData)).toEqual([ROOT_ROUTE_ID]);
  });

  it('redirect() and redirectDocument(): a Response with its status and Location, the whole-page kind marked by its header', async () => {
    const moved = (await query('/product/renamed')) as Response;
    expect(moved).toBeInstanceOf(Response);
    expect([moved.status, moved.headers.get('Location')]).toEqual([302, '/product/new-name?kept=1']);
    const whole = (await query('/product/elsewhere')) as Response;
    expect(whole).toBeInstanceOf(Response);
    expect([whole.status, whole.headers.get('Location')]).toEqual([302, '/product/on-the-server']);
    // browser-router.tsx loads the page as a document when this header is there.
    expect(whole.headers.has('X-Remix-Reload-Document')).toBe(true);
    expect(moved.headers.has('X-Remix-Reload-Document')).toBe(false);
  });

  it('data() as a loader in the browser returns it: the wrapper browser-router.tsx unwraps by its type', () => {
    expect(data({ notFound: true }, { status: 404 })).toMatchObject({ type: 'DataWithResponseInit', data: { notFound: true }, init: { status: 404 } });
  });
});
