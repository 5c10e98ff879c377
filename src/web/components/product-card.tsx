import { Link } from 'react-router';
import type { ProductSummary } from '../loaders';

export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <article className="product-card">
      <Link to={`/product/${product.slug}`} className="product-card__link">
        <div className="product-card__media">
          <img src={product.mainImage} alt="" width="640" height="360" loading="lazy" decoding="async" />
        </div>
        <div className="product-card__body">
          <h3 className="product-card__title">{product.title}</h3>
          <p className="product-card__meta">{product.duration}</p>
        </div>
      </Link>
    </article>
  );
}

/** Items per row 1 to 4 (spec §5); the grid collapses to fewer columns on narrow screens. */
export function ProductGrid({ products, perRow }: { products: ProductSummary[]; perRow: number }) {
  const columns = Math.min(4, Math.max(1, Math.round(perRow) || 2));
  return (
    <ul className={`product-grid product-grid--${columns}`}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
