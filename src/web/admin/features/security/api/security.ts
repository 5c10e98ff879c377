import type {
  ChangePasswordInput,
  PasswordChanged,
  RecoveryCodes,
  SessionInfo,
  SessionRevoked,
  SessionsRevoked,
  TwoFactorOff,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../../../shared/schemas';
import { API_BASE, apiRequest, readStoredToken } from '../../../../api/client';
import { adminRequest } from '../../../lib/admin-api';

// A wrong current password answers 401 without ending the session, so these
// two calls skip adminRequest's "401 means signed out" rule.
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<PasswordChanged>('/auth/password', { method: 'PUT', body: input, failure: 'Failed to change the password' });
export const disableTwoFactor = (password: string, code: string) =>
  apiRequest<TwoFactorOff>('/auth/2fa/disable', { method: 'POST', body: { password, code }, failure: 'Failed to turn two-factor sign-in off' });

export const readTwoFactorStatus = () => adminRequest<TwoFactorStatus>('/auth/2fa');
export const startTwoFactorSetup = () => adminRequest<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST' });
export const enableTwoFactor = (code: string) =>
  adminRequest<RecoveryCodes>('/auth/2fa/enable', { method: 'POST', body: { code }, failure: 'Failed to turn two-factor sign-in on' });

export const listSessions = () => adminRequest<SessionInfo[]>('/auth/sessions');
export const revokeSession = (id: string) => adminRequest<SessionRevoked>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const revokeOtherSessions = () => adminRequest<SessionsRevoked>('/auth/sessions/revoke-others', { method: 'POST' });

/** Fetches the archive with the admin token, then hands it to the browser as a download. */
export async function downloadBackup(): Promise<void> {
  const response = await fetch(`${API_BASE}/backup`, { headers: { Authorization: `Bearer ${readStoredToken() ?? ''}` } });
  if (!response.ok) throw new Error('Failed to create the backup');
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'showcase-backup.tar.gz';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
