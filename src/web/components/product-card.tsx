import { Link } from './link';
import type { ProductSummary } from '../page-data';
import { Picture } from '../images/picture';
import { Price } from './price';

/** Card titles sit one level under the section heading: h3 under a "Latest …" h2, h2 under a page's h1. */
type CardHeading = 'h2' | 'h3';

/** How wide a card is at each breakpoint of the grid (components.css). */
const cardSizes = (columns: number) =>
  columns === 1 ? '100vw' : `(min-width: 1024px) ${Math.round(100 / columns)}vw, (min-width: 640px) 50vw, 100vw`;

export function ProductCard({ product, heading: Heading = 'h3', sizes = cardSizes(2) }: { product: ProductSummary; heading?: CardHeading; sizes?: string }) {
  return (
    <article className="product-card" data-sale-ends={product.saleEndsAt}>
      <Link to={`/product/${product.slug}`} className="product-card__link">
        <div className="product-card__media">
          <Picture src={product.mainImage} alt="" sizes={sizes} width={640} height={360} />
        </div>
        <div className="product-card__body">
          {product.badge && <p className={`badge badge--${product.badge.toLowerCase().replace(/[^a-z]+/g, '-')}`}>{product.badge}</p>}
          <Heading className="product-card__title">{product.title}</Heading>
          <p className="product-card__meta">{product.duration}</p>
          <Price text={product.priceText} as="p" className="product-card__price" />
        </div>
      </Link>
    </article>
  );
}

/** Items per row 1 to 4; the grid collapses to fewer columns on narrow screens. */
export function ProductGrid({ products, perRow, cardHeading }: { products: ProductSummary[]; perRow: number; cardHeading?: CardHeading }) {
  const columns = Math.min(4, Math.max(1, Math.round(perRow) || 2));
  return (
    <ul className={`product-grid product-grid--${columns}`}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} heading={cardHeading} sizes={cardSizes(columns)} />
        </li>
      ))}
    </ul>
  );
}
