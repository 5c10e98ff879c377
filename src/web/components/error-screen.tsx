import { useRouteError } from '../router';
import { useEffect } from 'react';

/**
 * React Router's default error element prints the stack; visitors only ever
 * see this text. The error goes to the console for developers.
 */
function ErrorScreen({ standalone }: { standalone: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  // Inside the layout the page already sits in <main>.
  const Tag = standalone ? 'main' : 'section';
  return (
    <Tag className={standalone ? 'status-screen status-screen--standalone' : 'status-screen'}>
      <h1 className="status-screen__title">Unexpected Application Error!</h1>
      <p className="status-screen__message">Something went wrong while showing this page. Please try again later.</p>
      {/* A full page load: the router state may be what broke. */}
      <a className="btn btn-primary btn-solid btn-md" href="/">
        Go Home
      </a>
    </Tag>
  );
}

export const PageErrorScreen = () => <ErrorScreen standalone={false} />;
export const RootErrorScreen = () => <ErrorScreen standalone />;
