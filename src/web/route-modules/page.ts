// A page made of blocks: its own chunk (routes.tsx).
export { SitePage as Component } from '../pages/site-page';
