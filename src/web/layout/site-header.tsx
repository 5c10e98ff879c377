import { useRef } from 'react';
import { Link } from '../components/link';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { Navigation } from '../../shared/schemas/navigation';
import { isExternalHref } from '../../shared/external-link';
import { useIsAdmin } from '../hooks/use-is-admin';
import { useDisclosure } from '../hooks/use-disclosure';
import { SocialLinks } from '../components/social-links';
import { BrandLogo, brandLabel } from './brand-logo';
import { HeaderSearch } from './header-search';
import { PriorityNav, type NavItem } from './priority-nav';

/**
 * The header menu as the owner saved it, or the spec's until then (Home, one link per category,
 * About: GET /api/navigation), and for a signed-in administrator the back-office. A sub-menu's
 * links follow their parent in the row and in "More".
 */
const navItems = (header: Navigation['header'], isAdmin: boolean): NavItem[] => [
  ...header
    .flatMap((item) => [item, ...(item.children ?? [])])
    .map((link, index) => ({ key: `${index} ${link.href}`, label: link.label, to: link.href, ...(link.href === '/' ? { end: true } : {}), ...(isExternalHref(link.href) ? { external: true } : {}) })),
  ...(isAdmin ? [{ key: 'admin', label: 'Admin', to: '/admin', fullLoad: true }] : []),
];

/**
 * The header. Its menus are `<details>` that the browser opens and closes by itself, so they work
 * from the first paint, before the page's script has arrived on a slow phone, and without
 * JavaScript; the script only adds closing on Escape, on a press elsewhere and after a link was
 * followed (use-disclosure.ts). The mobile menu's `<details>` holds only its toggle: the links
 * beside it are the same links the wide screens show in a row, shown when it is open (layout.css).
 */
export function SiteHeader({ navigation, site }: { navigation: Navigation; site: SiteSettings }) {
  const isAdmin = useIsAdmin();
  const header = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  useDisclosure(menu, header);

  return (
    <header className="site-header" ref={header}>
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={brandLabel(site)}>
          <BrandLogo site={site} />
        </Link>
        <HeaderSearch />
        <details ref={menu} className="menu-toggle">
          {/* Its open state is the summary's own (exposed as expanded); the label stays the same. */}
          <summary className="menu-toggle__button" aria-label="Menu" aria-controls="site-nav">
            <span className="menu-toggle__bar" aria-hidden="true" />
            <span className="menu-toggle__bar" aria-hidden="true" />
            <span className="menu-toggle__bar" aria-hidden="true" />
          </summary>
        </details>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <PriorityNav items={navItems(navigation.header, isAdmin)} />
          <SocialLinks links={site.socialLinks} className="site-nav__social" />
        </nav>
      </div>
    </header>
  );
}
