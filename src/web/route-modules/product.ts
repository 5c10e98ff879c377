// A product page's own chunk (routes.tsx).
export { ProductPage as Component } from '../pages/product-page';
