import { matchRoutes as reactRouterMatch, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from '../../src/web/router/match-routes';
import { routes } from '../../src/web/routes';

// The server matches with React Router (its static handler); the browser with the site's own
// matcher. Both must pick the same routes with the same parameters, or a client navigation would
// show another page than the server does for the same address.
const paths = [
  '/',
  '/about',
  '/About/',
  '/category/design-basics',
  '/category/design-basics/',
  '/category/caf%C3%A9',
  '/category/a%2Fb',
  '/category/bad%E0%A4%A',
  '/category',
  '/category/x/y',
  '/product/learn-figma',
  '/PRODUCT/Learn-Figma',
  '/search',
  '/search/more',
  '/no-such-page',
  '/deep/no/such/page',
  '//',
  '/admin',
];

const summary = (matches: { route: { id?: string }; params: Record<string, string | undefined>; pathname: string }[] | null) =>
  matches?.map(({ route, params, pathname }) => ({ id: route.id, params: { ...params }, pathname })) ?? null;

describe('the public router matches as React Router does', () => {
  for (const path of paths) {
    it(path, () => {
      const ours = summary(matchRoutes(routes as never, path));
      const theirs = summary(reactRouterMatch(routes as RouteObject[], path));
      expect(ours?.map((match) => match.id)).toEqual(theirs?.map((match) => match.id));
      expect(ours?.at(-1)?.params).toEqual(theirs?.at(-1)?.params);
    });
  }
});
