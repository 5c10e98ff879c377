import { useEffect, useRef, useState } from 'react';
import { useLocation } from '../router';
import { Link } from '../components/link';
import type { CategorySummary } from '../loaders';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { useIsAdmin } from '../hooks/use-is-admin';
import { SocialLinks } from '../components/social-links';
import { BrandLogo, brandLabel } from './brand-logo';
import { HeaderSearch } from './header-search';
import { PriorityNav, type NavItem } from './priority-nav';

/** Home, one link per category, About, and for a signed-in administrator the back-office. */
const navItems = (categories: CategorySummary[], isAdmin: boolean): NavItem[] => [
  { key: 'home', label: 'Home', to: '/', end: true },
  ...categories.map((category) => ({ key: category.id, label: category.title, to: `/category/${category.slug}` })),
  { key: 'about', label: 'About', to: '/about' },
  ...(isAdmin ? [{ key: 'admin', label: 'Admin', to: '/admin', fullLoad: true }] : []),
];

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
        <HeaderSearch />
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
          <PriorityNav items={navItems(categories, isAdmin)} />
          <SocialLinks links={site.socialLinks} className="site-nav__social" />
        </nav>
      </div>
    </header>
  );
}
