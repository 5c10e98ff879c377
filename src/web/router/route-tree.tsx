import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteContext, RouterStateContext, NavigateContext, type Navigate, type RouteMatch, type RouterState, type SiteRoute } from './router-context';

/**
 * A route with an error boundary shows it when something below it throws while rendering, and
 * forgets the error when the visitor goes somewhere else. (The server renders with the same tree;
 * React's boundaries do not catch there, entry-server.tsx renders again with the error instead.)
 */
class RenderErrorBoundary extends Component<{ id: string; locationKey: string; fallback: ReactNode; children: ReactNode }, { error?: unknown; locationKey: string }> {
  override state: { error?: unknown; locationKey: string } = { locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: { error?: unknown; locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteContext.Provider value={{ id: this.props.id, outlet: null, error: this.state.error }}>{this.props.fallback}</RouteContext.Provider>;
  }
}

const contentOf = ({ Component, element }: SiteRoute, outlet: ReactNode): ReactNode => (Component ? <Component /> : element || outlet);
const errorScreenOf = ({ ErrorBoundary, errorElement }: SiteRoute): ReactNode => (ErrorBoundary ? <ErrorBoundary /> : errorElement || undefined);
/** Whether the route shows its own error screen (the nearest one above a failure shows it). */
export const hasErrorScreen = (route: SiteRoute) => Boolean(route.ErrorBoundary || route.errorElement);

/**
 * The matched routes, outermost first, each rendering the next as its outlet. A route whose loader
 * failed (`errors`) shows its error boundary in place of itself and everything below it.
 */
function renderMatches(matches: RouteMatch[], errors: RouterState['errors'], locationKey: string): ReactNode {
  const failedAt = errors ? matches.findIndex((match) => errors[match.route.id] !== undefined) : -1;
  const shown = failedAt >= 0 ? matches.slice(0, failedAt + 1) : matches;
  let outlet: ReactNode = null;
  for (let index = shown.length - 1; index >= 0; index -= 1) {
    const { route } = shown[index]!;
    const failed = index === failedAt;
    const errorScreen = errorScreenOf(route);
    let element: ReactNode = <RouteContext.Provider value={{ id: route.id, outlet }}>{failed ? errorScreen : contentOf(route, outlet)}</RouteContext.Provider>;
    if (errorScreen && !failed) {
      element = (
        <RenderErrorBoundary id={route.id} locationKey={locationKey} fallback={errorScreen}>
          {element}
        </RenderErrorBoundary>
      );
    }
    outlet = element;
  }
  return outlet;
}

/** The site's pages for a router state: the server's for its response, the browser's as it navigates. */
export function RouteTree({ state, navigate }: { state: RouterState; navigate?: Navigate }) {
  const tree = <RouterStateContext.Provider value={state}>{renderMatches(state.matches, state.errors, state.location.key)}</RouterStateContext.Provider>;
  return navigate ? <NavigateContext.Provider value={navigate}>{tree}</NavigateContext.Provider> : tree;
}
