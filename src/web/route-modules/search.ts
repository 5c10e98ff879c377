// The search page's own chunk (routes.tsx).
export { SearchPage as Component } from '../pages/search-page';
