import { useLayoutEffect, useState } from 'react';
import type { RouteObject } from 'react-router';
import { matchRoutes, type MatchableRoute } from './match-routes';
import type { HydrationPayload } from '../hydration';
import { hasErrorScreen, RouteTree } from './route-tree';
import { wholeStylesheet } from '../whole-stylesheet';
import { pathOf, resolveTo, type NavigateOptions, type RouteMatch, type RouterLocation, type RouterState, type To } from './router-context';

/**
 * The public site's navigation in the browser: the first page comes from the server's HTML and
 * hydration data; a click on a site link, a tag chip or the back button then loads the next page's
 * data with the route loaders (routes.tsx) and renders it, the history entry following. The
 * subset of React Router's data router the public site uses, in a fraction of its script
 * (docs/decisions/046); its loaders, `redirect`, `redirectDocument` and `data` answers mean the same.
 */
export type BrowserRouter = {
  getState: () => RouterState;
  subscribe: (listener: (state: RouterState) => void) => () => void;
  navigate: (to: To, options?: NavigateOptions) => void;
};

type HistoryAction = 'push' | 'replace' | 'pop';
/** What a history entry holds, in React Router's format. */
type HistoryEntry = { usr?: unknown; key?: string; idx?: number };
type LoaderResult = { ok: true; value: unknown } | { ok: false; error: unknown } | undefined;

const newKey = () => Math.random().toString(36).slice(2, 10);

function locationOf(url: URL, state: unknown, key: string): RouterLocation {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

/** A page's own component is its own chunk (routes.tsx): it is fetched once, when first needed. */
const resolving = new WeakMap<RouteObject, Promise<void>>();
function resolveLazy(route: RouteObject): Promise<void> {
  const lazy = route.lazy;
  if (typeof lazy !== 'function') return Promise.resolve();
  let pending = resolving.get(route);
  if (!pending) {
    pending = (lazy as () => Promise<Partial<RouteObject>>)().then((module) => {
      Object.assign(route, module, { lazy: undefined });
    });
    resolving.set(route, pending);
  }
  return pending;
}

function matchesFor(routes: RouteObject[], pathname: string): RouteMatch[] {
  return (matchRoutes(routes as MatchableRoute[], pathname) ?? []).map(({ route, params, pathname: matched }) => ({
    route: route as RouteMatch['route'],
    params,
    pathname: matched,
  }));
}

const isRedirect = (value: unknown): value is Response => value instanceof Response && value.status >= 300 && value.status < 400 && value.headers.has('Location');

/** React Router's `data(value, init)` wraps what the page gets; the status only matters on the server. */
function unwrap(value: unknown): unknown {
  const wrapped = value as { type?: string; data?: unknown } | null;
  return wrapped && typeof wrapped === 'object' && wrapped.type === 'DataWithResponseInit' ? wrapped.data : value;
}

export async function createBrowserRouter(routes: RouteObject[], hydration: HydrationPayload | undefined): Promise<BrowserRouter> {
  const historyState = (window.history.state ?? {}) as HistoryEntry;
  const firstMatches = matchesFor(routes, window.location.pathname);
  // The page's chunk is already downloading (the server preloads it): hydration must not render without it.
  await Promise.all(firstMatches.map(({ route }) => resolveLazy(route as RouteObject)));

  let state: RouterState = {
    location: locationOf(new URL(window.location.href), historyState.usr ?? null, historyState.key ?? 'default'),
    matches: firstMatches,
    loaderData: hydration?.loaderData ?? {},
    errors: hydration?.errors ?? null,
    navigation: { state: 'idle' },
  };
  let index = historyState.idx ?? 0;
  if (historyState.idx === undefined) window.history.replaceState({ usr: state.location.state, key: state.location.key, idx: index }, '');

  const listeners = new Set<(state: RouterState) => void>();
  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  let current: AbortController | undefined;

  /** Leaves the app for a whole page load: another site, or an answer only the server gives. */
  const loadDocument = (url: URL, action: HistoryAction) => {
    if (action === 'replace') window.location.replace(url);
    else window.location.assign(url);
  };

  async function load(url: URL, action: HistoryAction, options: { state?: unknown; key?: string; redirects?: number } = {}): Promise<void> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const location = locationOf(url, options.state ?? null, options.key ?? newKey());
    const matches = matchesFor(routes, url.pathname);
    const commit = (next: Pick<RouterState, 'loaderData' | 'errors'>) => {
      if (action !== 'pop') {
        index = action === 'push' ? index + 1 : index;
        const entry: HistoryEntry = { usr: location.state, key: location.key, idx: index };
        if (action === 'push') window.history.pushState(entry, '', pathOf(location));
        else window.history.replaceState(entry, '', pathOf(location));
      }
      update({ location, matches, ...next, navigation: { state: 'idle' } });
    };

    // Only the fragment changed: the page stays as it is.
    const sameDocument = url.pathname === state.location.pathname && url.search === state.location.search;
    if (sameDocument && url.hash !== '' && action !== 'pop') {
      commit({ loaderData: state.loaderData, errors: state.errors });
      return;
    }

    update({ navigation: { state: 'loading', location } });
    const request = new Request(url, { signal: controller.signal });
    // The next page may use rules the first page's HTML did not (whole-stylesheet.ts).
    const styled = wholeStylesheet();
    const results: LoaderResult[] = await Promise.all(
      matches.map(async ({ route, params }) => {
        const object = route as RouteObject;
        try {
          await resolveLazy(object);
          if (typeof object.loader !== 'function') return undefined;
          // The layout's data changes only with content writes (routes.tsx says when to keep it).
          const keep = state.loaderData[route.id] !== undefined && object.shouldRevalidate?.({} as never) === false;
          if (keep) return { ok: true, value: state.loaderData[route.id] };
          return { ok: true, value: await object.loader({ request, params, context: undefined } as never) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    await styled;
    if (controller.signal.aborted) return;

    for (const result of results) {
      const answer = result?.ok ? result.value : result?.error;
      if (!isRedirect(answer)) continue;
      const target = new URL(answer.headers.get('Location')!, url);
      // A redirect that only a whole page can follow (redirectDocument), or one that leaves the site.
      if (answer.headers.has('X-Remix-Reload-Document') || target.origin !== window.location.origin || (options.redirects ?? 0) >= 10) {
        loadDocument(target, action === 'pop' ? 'replace' : action);
      } else {
        await load(target, action === 'pop' ? 'replace' : action, { redirects: (options.redirects ?? 0) + 1 });
      }
      return;
    }

    const loaderData: Record<string, unknown> = {};
    let errors: RouterState['errors'] = null;
    for (const [position, result] of results.entries()) {
      if (!result) continue;
      if (result.ok) {
        loaderData[matches[position]!.route.id] = unwrap(result.value);
        continue;
      }
      // The nearest route at or above the one that failed that has an error screen shows it;
      // the routes below it render nothing, so their data is dropped.
      let boundary = position;
      while (boundary > 0 && !hasErrorScreen(matches[boundary]!.route)) boundary -= 1;
      errors = { [matches[boundary]!.route.id]: result.error };
      for (const below of matches.slice(boundary)) delete loaderData[below.route.id];
      console.error(result.error);
      break;
    }
    commit({ loaderData, errors });
  }

  window.addEventListener('popstate', (event) => {
    const entry = (event.state ?? {}) as HistoryEntry;
    index = entry.idx ?? index;
    void load(new URL(window.location.href), 'pop', { state: entry.usr, key: entry.key });
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      const url = new URL(pathOf(resolveTo(to, state.location.pathname)), window.location.origin);
      void load(url, options.replace ? 'replace' : 'push', { state: options.state });
    },
  };
}

/** The page, re-rendered on every navigation of `router`. */
export function BrowserRouterView({ router }: { router: BrowserRouter }) {
  const [state, setState] = useState(router.getState);
  useLayoutEffect(() => router.subscribe(setState), [router]);
  return <RouteTree state={state} navigate={router.navigate} />;
}
