import { Link } from '../components/link';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { Navigation } from '../../shared/schemas/navigation';
import { SOCIAL_NETWORK_INFO } from '../../shared/social-networks';
import { isExternalHref } from '../../shared/external-link';
import { BrandLogo, brandLabel } from './brand-logo';

type Props = { columns: Navigation['footer']; site: SiteSettings };

function FooterLink({ label, href }: { label: string; href: string }) {
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return <Link to={href}>{label}</Link>;
}

/**
 * The footer's columns as the owner saved them (GET /api/navigation), or the spec's until then:
 * Navigation (Home, About), Categories, Latest Products. The social links of the site settings
 * close the first column, as the spec's Navigation list has them.
 */
export function SiteFooter({ columns, site }: Props) {
  const social = site.socialLinks.map((link, index) => (
    <li key={`social-${link.network}-${index}`}>
      <a href={link.url} target="_blank" rel="noopener noreferrer">
        {SOCIAL_NETWORK_INFO[link.network].label}
      </a>
    </li>
  ));
  const shown = columns.length > 0 ? columns : social.length > 0 ? [{ heading: 'Follow us', links: [] }] : [];
  return (
    <footer className="site-footer">
      <div className={`container site-footer__grid site-footer__grid--${shown.length}`}>
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
        {shown.map((column, index) => (
          <nav key={`${index} ${column.heading}`} aria-labelledby={`footer-column-${index}-title`}>
            <h2 className="site-footer__title" id={`footer-column-${index}-title`}>
              {column.heading}
            </h2>
            <ul className="site-footer__list">
              {column.links.map((link, linkIndex) => (
                <li key={`${linkIndex} ${link.href}`}>
                  <FooterLink label={link.label} href={link.href} />
                </li>
              ))}
              {index === 0 && social}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        {/* Around New Year the visitor's clock may be in another year than the server's: not a reason to re-render. */}
        <p suppressHydrationWarning>{`© ${new Date().getFullYear()} ${site.name}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
