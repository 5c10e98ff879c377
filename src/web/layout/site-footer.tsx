import { Link } from '../components/link';
import type { CategorySummary, ProductLink } from '../loaders';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { SOCIAL_NETWORK_INFO } from '../../shared/social-networks';
import { BrandLogo, brandLabel } from './brand-logo';

type Props = { categories: CategorySummary[]; latestProducts: ProductLink[]; site: SiteSettings };

export function SiteFooter({ categories, latestProducts, site }: Props) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--footer" aria-label={brandLabel(site)}>
            <BrandLogo site={site} />
          </Link>
          {site.contactEmail && (
            <p className="site-footer__contact">
              <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
            </p>
          )}
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
            {site.socialLinks.map((link, index) => (
              <li key={`${link.network}-${index}`}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {SOCIAL_NETWORK_INFO[link.network].label}
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
        <p suppressHydrationWarning>{`© ${new Date().getFullYear()} ${site.name}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
