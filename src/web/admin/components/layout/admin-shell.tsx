import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavLink } from '../link';
import { paths } from '../../lib/paths';
import { InlineLoading } from '../ui/loading-screen';
import { LogoutDialog } from './logout-dialog';
import { DatabaseAwayBanner } from './database-away-banner';

const NAV_ITEMS = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.homepage, label: 'Homepage' },
  { to: paths.about, label: 'About' },
  { to: paths.products, label: 'Products' },
  { to: paths.categories, label: 'Categories' },
  { to: paths.pages, label: 'Pages' },
  { to: paths.navigation, label: 'Navigation' },
  { to: paths.forms, label: 'Forms' },
  { to: paths.attributes, label: 'Attributes' },
  { to: paths.redirects, label: 'Redirects' },
  { to: paths.importExport, label: 'Import & export' },
  { to: paths.integrations, label: 'Integrations' },
  { to: paths.subscribers, label: 'Subscribers' },
  { to: paths.theme, label: 'Theme' },
  { to: paths.site, label: 'Site settings' },
  { to: paths.media, label: 'Media' },
  { to: paths.security, label: 'Security' },
  { to: paths.activity, label: 'Activity' },
];

export function AdminShell() {
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => {
    setMenuOpen(false);
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <div className="adm-shell">
      <aside className={`adm-sidebar${menuOpen ? ' adm-sidebar--open' : ''}`}>
        <div className="adm-sidebar__brand">
          <span>Admin Panel</span>
          <button
            type="button"
            className="adm-sidebar__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="adm-sidebar-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        </div>
        <nav id="adm-sidebar-nav" className="adm-sidebar__nav" aria-label="Admin">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => `adm-sidebar__link${isActive ? ' adm-sidebar__link--active' : ''}`}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="adm-sidebar__footer">
            <li>
              <a className="adm-sidebar__link" href="/" target="_blank" rel="noopener noreferrer">
                Visit Website
              </a>
            </li>
            <li>
              <button type="button" className="adm-sidebar__link adm-sidebar__logout" onClick={() => setLogoutOpen(true)}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <main className="adm-main">
        <DatabaseAwayBanner />
        <Suspense fallback={<InlineLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </div>
  );
}

export function AdminNotFound() {
  return (
    <div className="adm-empty">
      <h1>Page Not Found</h1>
      <p>The page you&apos;re looking for doesn&apos;t exist.</p>
      <NavLink className="adm-button adm-button--primary" to={paths.homepage}>
        Go to Homepage Hero
      </NavLink>
    </div>
  );
}

export function AdminRouteError() {
  return (
    <div className="adm-empty" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page.</p>
      <a className="adm-button" href={paths.homepage}>
        Reload the admin
      </a>
    </div>
  );
}
