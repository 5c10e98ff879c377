import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import type { To } from '../router';

/** The router hooks a link is made of: the public site's router and React Router (back-office) both have them. */
export type LinkHooks = {
  useHref: (to: To) => string;
  useLinkClickHandler: <E extends Element>(to: To, options: { replace?: boolean; target?: string }) => (event: MouseEvent<E>) => void;
  useLocation: () => { pathname: string };
  useResolvedPath: (to: To) => { pathname: string };
};

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

/**
 * The site's links, from a router's hooks: `useHref` writes the address, `useLinkClickHandler` turns
 * a plain left click into a client navigation and leaves modified clicks (new tab, new window) and
 * `target` to the browser.
 *
 * Why not React Router's <Link>/<NavLink>: they bring its framework-mode prefetching code along
 * (about 3 kB gzip), which a data-mode app never runs (docs/decisions/041).
 */
export function makeLinks({ useHref, useLinkClickHandler, useLocation, useResolvedPath }: LinkHooks) {
  function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
    const href = useHref(to);
    const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
    const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented) navigate(event);
    };
    return <a {...rest} href={href} target={target} onClick={handleClick} />;
  }

  /** A link that knows whether it leads to the current page: `aria-current="page"` and the class say so. */
  function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
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

  return { Link, NavLink };
}
