// The home page's own chunk (routes.tsx).
export { HomePage as Component } from '../pages/home-page';
