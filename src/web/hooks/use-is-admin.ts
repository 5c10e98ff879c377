import { useEffect, useState } from 'react';
import { apiRequest, readStoredToken } from '../api/client';
import { STORAGE_KEYS } from '../../shared/constants';

/** The longest wait for an idle moment before the stored token is read: the Admin link is due within 1 s of hydration (issue 24). */
const STORAGE_READ_WAIT_MS = 300;

/** The auth flag the back-office stores beside its token at sign-in, wherever it was kept. */
function storedAuthFlag(): boolean {
  return (window.localStorage.getItem(STORAGE_KEYS.auth) ?? window.sessionStorage.getItem(STORAGE_KEYS.auth)) === 'true';
}

/**
 * Public HTML is the same for every visitor, so the Admin link starts hidden and is decided in the
 * browser, after hydration so that hydration sees the server's markup. A browser that holds a token
 * and the auth flag shows the link at once, and the token is verified straight after: a
 * token that no longer verifies hides it again. Waiting for the verification alone took one round
 * trip on top (0.6 s on a slow phone link), and it used to wait for the page to be idle: 4-10 s.
 */
export function useIsAdmin(): boolean {
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    let live = true;
    const check = () => {
      if (!live) return;
      const token = readStoredToken();
      if (!token) return;
      if (storedAuthFlag()) setIsAdmin(true);
      apiRequest('/auth/verify', { method: 'POST' }).then(
        () => live && setIsAdmin(true),
        () => live && setIsAdmin(false),
      );
    };
    // The first read of the browser's storage opens it, a long pause on a phone: not inside the
    // hydration's own work, but soon after it (the link is for the owner, not visitors).
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(check, { timeout: STORAGE_READ_WAIT_MS })
      : window.setTimeout(check, 50);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return isAdmin;
}
