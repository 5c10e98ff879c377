import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from '../router';
import { makeLinks } from './link-factory';

/** The public site's links, navigating with its own router (src/web/router). */
export const { Link, NavLink } = makeLinks({ useHref, useLinkClickHandler, useLocation, useResolvedPath });
