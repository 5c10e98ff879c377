import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/**
 * The site's links (public pages and back-office), built from React Router's own hooks:
 * `useHref` writes the address, `useLinkClickHandler` turns a plain left click into a client
 * navigation and leaves modified clicks (new tab, new window) and `target` to the browser.
 *
 * Why not React Router's <Link>/<NavLink>: they bring its framework-mode prefetching code along
 * (about 3 kB gzip of the public first-load script), which a data-mode app never runs.
 */
type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

/** A link that knows whether it leads to the current page: `aria-current="page"` and the class say so. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  // As React Router's NavLink: "/category" is active on "/category" and "/category/x", not on "/categoryx";
  // "/" only on the home page itself.
  const below = target.endsWith('/') ? target : `${target}/`;
  const isActive = pathname === target || (!end && target !== '/' && pathname.startsWith(below));
  return (
    <Link
      {...rest}
      to={to}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
