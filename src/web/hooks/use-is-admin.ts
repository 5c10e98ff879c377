import { useEffect, useState } from 'react';
import { apiRequest, readStoredToken } from '../api/client';

/**
 * Public HTML is the same for every visitor, so the Admin link starts hidden
 * and appears after the stored token verifies (spec §4), in an effect so
 * hydration sees the server's markup.
 */
export function useIsAdmin(): boolean {
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    let live = true;
    // The first read of the browser's storage opens it, a long pause on a phone: wait until the
    // page is idle, so it does not lengthen hydration (the link is for the owner, not visitors).
    const check = () => {
      if (!live || !readStoredToken()) return;
      apiRequest('/auth/verify', { method: 'POST' }).then(
        () => live && setIsAdmin(true),
        () => live && setIsAdmin(false),
      );
    };
    const idle = window.requestIdleCallback ? window.requestIdleCallback(check, { timeout: 2000 }) : window.setTimeout(check, 200);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return isAdmin;
}
