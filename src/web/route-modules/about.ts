// The about page's own chunk (routes.tsx).
export { AboutPage as Component } from '../pages/about-page';
