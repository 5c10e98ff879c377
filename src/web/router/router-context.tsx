import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';

/**
 * The public site's router: the state a page renders from and the hooks its components read it
 * with (the names and meanings of React Router's, the subset the site uses). The server fills the
 * state from React Router's static handler (entry-server.tsx); the browser from the page's
 * hydration data, then by its own navigation (browser-router.ts). Why not React Router's browser
 * router: docs/decisions/046.
 */

export type RouterLocation = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type To = string | Partial<Pick<RouterLocation, 'pathname' | 'search' | 'hash'>>;
export type Params = Record<string, string | undefined>;

/**
 * What the router needs of a route (React Router's RouteObject fits it). The server's matches come
 * from React Router's static handler, which turns `Component` into `element` and `ErrorBoundary`
 * into `errorElement`; the browser's are the route objects themselves.
 */
export type SiteRoute = {
  id?: string;
  Component?: React.ComponentType | null;
  ErrorBoundary?: React.ComponentType | null;
  element?: ReactNode;
  errorElement?: ReactNode;
  children?: SiteRoute[];
};

export type RouteMatch = { route: SiteRoute & { id: string }; params: Params; pathname: string };

/** A matched route with its loader's data, as `useMatches` gives it. */
export type UIMatch = { id: string; pathname: string; params: Params; data: unknown };

export type RouterState = {
  location: RouterLocation;
  matches: RouteMatch[];
  loaderData: Record<string, unknown>;
  /** The error each boundary route shows, by route id; null when the page rendered. */
  errors: Record<string, unknown> | null;
  /** `loading` while the next page's data is on its way; `location` is where it goes. */
  navigation: { state: 'idle' | 'loading'; location?: RouterLocation };
};

export type NavigateOptions = { replace?: boolean; preventScrollReset?: boolean; state?: unknown };
export type Navigate = (to: To, options?: NavigateOptions) => void;

type RouteContextValue = { id: string; outlet: ReactNode; error?: unknown };

export const RouterStateContext = createContext<RouterState | null>(null);
export const NavigateContext = createContext<Navigate>(() => {
  throw new Error('navigation needs the browser');
});
export const RouteContext = createContext<RouteContextValue>({ id: '', outlet: null });

function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('a page component rendered outside the site router');
  return state;
}

export const useLocation = () => useRouterState().location;
export const useNavigation = () => useRouterState().navigation;
export const useNavigate = () => useContext(NavigateContext);
export const useLoaderData = () => useRouterState().loaderData[useContext(RouteContext).id];
export const useRouteLoaderData = (routeId: string) => useRouterState().loaderData[routeId];
export const Outlet = () => <>{useContext(RouteContext).outlet}</>;

/** The error the nearest error boundary shows: a loader's or a render's. */
export function useRouteError(): unknown {
  const { id, error } = useContext(RouteContext);
  const { errors } = useRouterState();
  return error ?? errors?.[id];
}

export function useMatches(): UIMatch[] {
  const { matches, loaderData } = useRouterState();
  return useMemo(
    () => matches.map(({ route, params, pathname }) => ({ id: route.id, pathname, params, data: loaderData[route.id] })),
    [matches, loaderData],
  );
}

/** `to` as a path with search and hash; a relative path is resolved against the current page. */
export function resolveTo(to: To, from: string): Pick<RouterLocation, 'pathname' | 'search' | 'hash'> {
  const path = typeof to === 'string' ? to : `${to.pathname ?? from}${to.search ?? ''}${to.hash ?? ''}`;
  const url = new URL(path, `http://site${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const pathOf = ({ pathname, search, hash }: Pick<RouterLocation, 'pathname' | 'search' | 'hash'>) => `${pathname}${search}${hash}`;

export const useResolvedPath = (to: To) => resolveTo(to, useLocation().pathname);
export const useHref = (to: To) => pathOf(useResolvedPath(to));

/**
 * A plain left click on a link becomes a client navigation; a modified click (new tab, new window)
 * or a `target` other than this page is the browser's. Like React Router's, a link to the page that
 * is showing replaces the history entry instead of adding one.
 */
export function useLinkClickHandler<E extends Element>(to: To, { replace, target }: { replace?: boolean; target?: string } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  return (event: MouseEvent<E>) => {
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(path, { replace: replace ?? pathOf(location) === pathOf(path) });
  };
}
