import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { LoadingScreen } from '../components/ui/loading-screen';
import { clearTokens, verifyStoredToken } from '../features/auth/api/auth';
import { LoginScreen } from '../features/auth/components/login-screen';
import { UNAUTHORIZED_EVENT } from '../lib/admin-api';
import { createAdminRouter } from './router';

type AuthStatus = 'checking' | 'anonymous' | 'admin';

/** Loading screen, then the login screen or the admin shell (spec §2, §4). */
export function AdminApp() {
  const [status, setStatus] = useState<AuthStatus>('checking');
  const router = useRef<ReturnType<typeof createAdminRouter> | null>(null);

  useEffect(() => {
    let active = true;
    verifyStoredToken().then((outcome) => {
      if (active) setStatus(outcome === 'valid' ? 'admin' : 'anonymous');
    });
    const expired = () => {
      clearTokens();
      setStatus('anonymous');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, expired);
    return () => {
      active = false;
      window.removeEventListener(UNAUTHORIZED_EVENT, expired);
    };
  }, []);

  useEffect(() => {
    document.title = status === 'admin' ? 'Admin Panel' : 'Admin Login';
  }, [status]);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'anonymous') return <LoginScreen onLoggedIn={() => setStatus('admin')} />;
  router.current ??= createAdminRouter();
  return <RouterProvider router={router.current} />;
}
