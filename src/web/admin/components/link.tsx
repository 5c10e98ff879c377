import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';
import { makeLinks } from '../../components/link-factory';

/** The back-office's links, navigating with React Router (the back-office's router). */
export const { Link, NavLink } = makeLinks({ useHref, useLinkClickHandler, useLocation, useResolvedPath });
