import type { ProductSummary } from '../../page-data';
import { ProductGrid } from '../product-card';

/** The cards of the products the block names (read by the loader, at most its limit). */
export function ProductGridBlock({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <div className="page-block page-block--products">
      <ProductGrid products={products} perRow={products.length >= 3 ? 3 : 2} cardHeading="h2" />
    </div>
  );
}
