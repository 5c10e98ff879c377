import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { CategorySummary } from '../loaders';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { useIsAdmin } from '../hooks/use-is-admin';
import { SocialLinks } from '../components/social-links';
import { BrandLogo, brandLabel } from './brand-logo';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'site-nav__link is-active' : 'site-nav__link');

export function SiteHeader({ categories, site }: { categories: CategorySummary[]; site: SiteSettings }) {
  const [open, setOpen] = useState(false);
  const isAdmin = useIsAdmin();
  const { pathname } = useLocation();
  // The mobile menu closes once a link took the visitor elsewhere.
  useEffect(() => setOpen(false), [pathname]);

  // Escape closes the open menu and hands focus back to the toggle, so keyboard users are not left inside a hidden list.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={brandLabel(site)}>
          <BrandLogo site={site} />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
        </button>
        <nav id="site-nav" className={open ? 'site-nav is-open' : 'site-nav'} aria-label="Main">
          <ul className="site-nav__list">
            <li>
              <NavLink to="/" end className={navClass}>
                Home
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <NavLink to={`/category/${category.slug}`} className={navClass}>
                  {category.title}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/about" className={navClass}>
                About
              </NavLink>
            </li>
            {isAdmin && (
              <li>
                {/* The back-office is its own app: a full page load. */}
                <a href="/admin" className="site-nav__link">
                  Admin
                </a>
              </li>
            )}
          </ul>
          <SocialLinks links={site.socialLinks} className="site-nav__social" />
        </nav>
      </div>
    </header>
  );
}
