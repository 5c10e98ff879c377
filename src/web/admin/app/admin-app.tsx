import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { LoadingScreen } from '../components/ui/loading-screen';
import { clearTokens, verifyStoredToken } from '../features/auth/api/auth';
import { LoginScreen } from '../features/auth/components/login-screen';
import { SessionExpiredDialog } from '../components/layout/session-expired-dialog';
import { UNAUTHORIZED_EVENT } from '../lib/admin-api';
import { forgetEarly } from '../lib/early-answers';
import { askFirstRequests } from './first-requests';
import { createAdminRouter, preloadScreen } from './router';

/** `expired`: the session ended while the admin was open; its screens stay, under a sign-in dialog. */
type AuthStatus = 'checking' | 'anonymous' | 'admin' | 'expired';

/** Loading screen, then the login screen or the admin shell. */
export function AdminApp() {
  const [status, setStatus] = useState<AuthStatus>('checking');
  const router = useRef<ReturnType<typeof createAdminRouter> | null>(null);

  useEffect(() => {
    let active = true;
    // The screen's code and first rows load while the session is checked, not after it.
    const screenReady = preloadScreen(window.location.pathname);
    askFirstRequests(window.location.pathname);
    verifyStoredToken().then(async (outcome) => {
      // A screen whose code is in renders at once, rows and all (app/screen-chunk.tsx).
      if (outcome === 'valid') await screenReady;
      if (active) setStatus(outcome === 'valid' ? 'admin' : 'anonymous');
    });
    const expired = () => {
      clearTokens();
      setStatus((current) => (current === 'admin' || current === 'expired' ? 'expired' : 'anonymous'));
    };
    window.addEventListener(UNAUTHORIZED_EVENT, expired);
    return () => {
      active = false;
      window.removeEventListener(UNAUTHORIZED_EVENT, expired);
    };
  }, []);

  // After the first screen's own effects (a parent's run after its children's): it has taken
  // the answers sent early for it; any left would be old by the time another screen asked.
  useEffect(() => {
    if (status !== 'checking') forgetEarly();
  }, [status]);

  useEffect(() => {
    if (status === 'expired') return;
    document.title = status === 'admin' ? 'Admin Panel' : 'Admin Login';
  }, [status]);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'anonymous') return <LoginScreen onLoggedIn={() => setStatus('admin')} />;
  router.current ??= createAdminRouter();
  return (
    <>
      <RouterProvider router={router.current} />
      {status === 'expired' ? <SessionExpiredDialog onSignedIn={() => setStatus('admin')} /> : null}
    </>
  );
}
