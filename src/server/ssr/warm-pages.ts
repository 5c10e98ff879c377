import type { FastifyInstance } from 'fastify';
import { listCategories } from '../modules/categories/category.service';
import { pageProducts } from '../modules/products/product.service';

/** Enough to cover what a visitor reaches first, few enough that a copy is ready within seconds. */
const MAX_CATEGORIES = 30;
const MAX_PRODUCTS = 30;

/**
 * Renders the home, the category pages and the products listed first into this process's render
 * cache, before the copy says it is ready (decision 061). The site keeps no record of visits, so the
 * most visited pages are taken to be those the home and the menu lead to.
 */
export async function warmPages(app: FastifyInstance): Promise<number> {
  const { db, catalogueFigures } = app.ctx;
  const categories = (await listCategories(db, 'visitor')).slice(0, MAX_CATEGORIES);
  const products = await pageProducts(db, 'visitor', { limit: MAX_PRODUCTS }, catalogueFigures);
  const paths = ['/', ...categories.map((category) => `/category/${category.slug}`), ...products.items.map((product) => `/product/${product.slug}`)];
  for (const url of paths) await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
  return paths.length;
}
