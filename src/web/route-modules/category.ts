// A category page's own chunk (routes.tsx).
export { CategoryPage as Component } from '../pages/category-page';
