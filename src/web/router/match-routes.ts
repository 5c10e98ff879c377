import type { Params } from './router-context';

/**
 * Which routes a path shows, outermost first: React Router's matching for the route shapes the site
 * uses (static segments, `:name` parameters, a final `*`, index and pathless routes), without
 * importing React Router into the first-load script (docs/decisions/046). Like React Router's, it is
 * case-insensitive, ignores a trailing slash, decodes parameters, and prefers the more specific
 * route: a static segment over a parameter, a parameter over `*`.
 * `tests/unit/match-routes.test.ts` holds it to React Router's own answers for the site's routes.
 */
export type MatchableRoute = { id?: string; path?: string; index?: boolean; children?: MatchableRoute[] };
export type Matched<R> = { route: R; params: Params; pathname: string };

type Branch<R> = { routes: R[]; segments: string[][]; score: number };

const segmentsOf = (path: string | undefined) => (path ?? '').split('/').filter(Boolean);

function branches<R extends MatchableRoute>(routes: R[], parents: R[] = [], parentSegments: string[][] = []): Branch<R>[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const segments = [...parentSegments, segmentsOf(route.path)];
    const own: Branch<R>[] = route.children?.length ? [] : [{ routes: chain, segments, score: scoreOf(segments.flat(), route.index === true) }];
    return [...branches((route.children ?? []) as R[], chain, segments), ...own];
  });
}

/** React Router's ranking: static 10, parameter 3, an index route 2, `*` -2. */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return score;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function matchBranch<R>(branch: Branch<R>, parts: string[]): Matched<R>[] | null {
  const params: Params = {};
  let at = 0;
  const consumedAfter: number[] = [];
  for (const segments of branch.segments) {
    for (const segment of segments) {
      if (segment === '*') {
        params['*'] = parts.slice(at).map(decode).join('/');
        at = parts.length;
      } else if (segment.startsWith(':')) {
        if (at >= parts.length) return null;
        params[segment.slice(1)] = decode(parts[at]!);
        at += 1;
      } else {
        if (at >= parts.length || parts[at]!.toLowerCase() !== segment.toLowerCase()) return null;
        at += 1;
      }
    }
    consumedAfter.push(at);
  }
  if (at !== parts.length) return null;
  return branch.routes.map((route, position) => ({
    route,
    params,
    pathname: `/${parts.slice(0, consumedAfter[position]).join('/')}`,
  }));
}

export function matchRoutes<R extends MatchableRoute>(routes: R[], pathname: string): Matched<R>[] | null {
  const parts = pathname.split('/').filter(Boolean);
  const ranked = branches(routes).sort((a, b) => b.score - a.score);
  for (const branch of ranked) {
    const matched = matchBranch(branch, parts);
    if (matched) return matched;
  }
  return null;
}
