import { STORAGE_KEYS } from '../../../../../shared/constants';
import type { ApiResponse, LoginResult } from '../../../../../shared/schemas';
import { API_BASE, ApiError, apiRequest, readStoredToken } from '../../../../api/client';

/**
 * With Remember me the token and the auth flag are stored persistently;
 * otherwise they live only for the session and the persistent copies are
 * cleared.
 */
export function storeToken(token: string, remember: boolean): void {
  const [keep, drop] = remember ? [window.localStorage, window.sessionStorage] : [window.sessionStorage, window.localStorage];
  keep.setItem(STORAGE_KEYS.token, token);
  keep.setItem(STORAGE_KEYS.auth, 'true');
  drop.removeItem(STORAGE_KEYS.token);
  drop.removeItem(STORAGE_KEYS.auth);
}

export function clearTokens(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.auth);
  }
}

export type LoginOutcome = { ok: true } | { ok: false; message: string; twoFactor?: boolean };

/** The server's error or "Invalid credentials"; "Login failed. Please try again." when the call throws. */
export async function login(password: string, remember: boolean, code?: string): Promise<LoginOutcome> {
  let payload: ApiResponse<LoginResult> | undefined;
  let ok = false;
  try {
    const response = await fetch(`${API_BASE}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(code ? { password, remember, code } : { password, remember }),
    });
    ok = response.ok;
    payload = (await response.json().catch(() => undefined)) as ApiResponse<LoginResult> | undefined;
  } catch (error) {
    console.error(error);
    return { ok: false, message: 'Login failed. Please try again.' };
  }
  if (ok && payload?.success && payload.data.token) {
    storeToken(payload.data.token, remember);
    return { ok: true };
  }
  const failure = payload && payload.success === false ? (payload as { error: string; data?: { twoFactor?: boolean } }) : undefined;
  // With two-factor sign-in on, the server asks for the code after a right password.
  return { ok: false, message: failure?.error || 'Invalid credentials', twoFactor: failure?.data?.twoFactor === true };
}

export type VerifyOutcome = 'valid' | 'invalid' | 'unreachable';

/** Checks the stored token at start-up; a refused token is forgotten. */
export async function verifyStoredToken(): Promise<VerifyOutcome> {
  if (!readStoredToken()) return 'invalid';
  try {
    await apiRequest('/auth/verify', { method: 'POST' });
    return 'valid';
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) {
      clearTokens();
      return 'invalid';
    }
    console.error(error);
    return 'unreachable';
  }
}

/** Asks the server to revoke the token, then forgets it whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST' });
  } catch (error) {
    console.error(error);
  } finally {
    clearTokens();
  }
}

export function readLogoutRedirectHome(): boolean {
  return window.localStorage.getItem(STORAGE_KEYS.logoutRedirectHome) === 'true';
}

export function writeLogoutRedirectHome(value: boolean): void {
  window.localStorage.setItem(STORAGE_KEYS.logoutRedirectHome, String(value));
}
