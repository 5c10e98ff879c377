/** The sorts of a product list (`?sort=`, issue 28); `order` is the owner's. Apart from zod: the public pages read it. */
export const PRODUCT_SORTS = ['order', 'newest', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
