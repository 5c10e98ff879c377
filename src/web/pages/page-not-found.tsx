import { NotFoundScreen } from '../components/not-found-screen';

export function PageNotFound() {
  return <NotFoundScreen title="Page Not Found" message="The page you're looking for doesn't exist." />;
}
