import { Link } from 'react-router';
import type { ProductSummary } from '../loaders';

/** Card titles sit one level under the section heading: h3 under a "Latest …" h2, h2 under a page's h1. */
type CardHeading = 'h2' | 'h3';

export function ProductCard({ product, heading: Heading = 'h3' }: { product: ProductSummary; heading?: CardHeading }) {
  return (
    <article className="product-card">
      <Link to={`/product/${product.slug}`} className="product-card__link">
        <div className="product-card__media">
          <img src={product.mainImage} alt="" width="640" height="360" loading="lazy" decoding="async" />
        </div>
        <div className="product-card__body">
          <Heading className="product-card__title">{product.title}</Heading>
          <p className="product-card__meta">{product.duration}</p>
        </div>
      </Link>
    </article>
  );
}

/** Items per row 1 to 4 (spec §5); the grid collapses to fewer columns on narrow screens. */
export function ProductGrid({ products, perRow, cardHeading }: { products: ProductSummary[]; perRow: number; cardHeading?: CardHeading }) {
  const columns = Math.min(4, Math.max(1, Math.round(perRow) || 2));
  return (
    <ul className={`product-grid product-grid--${columns}`}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} heading={cardHeading} />
        </li>
      ))}
    </ul>
  );
}
