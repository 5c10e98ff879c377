// The public site's router (router-context.tsx says why it is ours): pages and layout import from here.
export {
  Outlet,
  useHref,
  useLinkClickHandler,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useResolvedPath,
  useRouteError,
  useRouteLoaderData,
  type To,
  type UIMatch,
} from './router-context';
