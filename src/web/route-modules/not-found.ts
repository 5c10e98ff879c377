// The not-found page's own chunk (routes.tsx).
export { PageNotFound as Component } from '../pages/page-not-found';
