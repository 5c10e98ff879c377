import { useEffect, useState } from 'react';
import { readStoredToken } from '../api/client';
import { apiRequest } from '../api/client';

/**
 * Public HTML is the same for every visitor, so the Admin link starts hidden
 * and appears after the stored token verifies (spec §4), in an effect so
 * hydration sees the server's markup.
 */
export function useIsAdmin(): boolean {
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    if (!readStoredToken()) return;
    let live = true;
    apiRequest('/auth/verify', { method: 'POST' }).then(
      () => live && setIsAdmin(true),
      () => live && setIsAdmin(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return isAdmin;
}
