/** Every admin route in one table (Bulletproof React's config/paths). */
export const paths = {
  root: '/admin',
  homepage: '/admin/homepage',
  about: '/admin/about',
  categories: '/admin/categories',
  newCategory: '/admin/categories/new',
  category: (id: string) => `/admin/categories/${encodeURIComponent(id)}`,
  products: '/admin/products',
  newProduct: '/admin/products/new',
  product: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  subscribers: '/admin/subscribers',
  theme: '/admin/theme',
  media: '/admin/media',
  security: '/admin/security',
  activity: '/admin/activity',
  publicCategory: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  publicProduct: (slug: string) => `/product/${encodeURIComponent(slug)}`,
} as const;
