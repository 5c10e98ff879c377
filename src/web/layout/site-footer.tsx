import { Link } from 'react-router';
import type { CategorySummary, ProductLink } from '../loaders';
import { SOCIAL_LINKS } from '../components/social-links';
import { BrandLogo } from './brand-logo';
import { SITE_NAME } from '../page-meta';

type Props = { categories: CategorySummary[]; latestProducts: ProductLink[] };

export function SiteFooter({ categories, latestProducts }: Props) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--footer" aria-label="Showcase, Learning Platform: home">
            <BrandLogo />
          </Link>
        </div>
        <nav aria-labelledby="footer-nav-title">
          <h2 className="site-footer__title" id="footer-nav-title">
            Navigation
          </h2>
          <ul className="site-footer__list">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories-title">
          <h2 className="site-footer__title" id="footer-categories-title">
            Categories
          </h2>
          <ul className="site-footer__list">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={`/category/${category.slug}`}>{category.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-latest-title">
          <h2 className="site-footer__title" id="footer-latest-title">
            Latest Products
          </h2>
          <ul className="site-footer__list">
            {latestProducts.map((product) => (
              <li key={product.slug}>
                <Link to={`/product/${product.slug}`}>{product.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        {/* Around New Year the visitor's clock may be in another year than the server's: not a reason to re-render. */}
        <p suppressHydrationWarning>{`© ${new Date().getFullYear()} ${SITE_NAME}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
