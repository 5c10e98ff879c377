import { useEffect, useRef } from 'react';
import { LoginScreen } from '../../features/auth/components/login-screen';

export const SESSION_EXPIRED_TEXT = 'Your session has expired. Sign in again to carry on: your unsaved changes are still here.';

/**
 * Shown over the screen the user was on when the server stopped accepting
 * the session (it expired, or was signed out elsewhere): the form underneath
 * stays mounted with everything typed, so after signing in again Save
 * just works. Escape does not close it: nothing can be saved until then.
 */
export function SessionExpiredDialog({ onSignedIn }: { onSignedIn: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="adm-session-expired" aria-label="Session expired" onCancel={(event) => event.preventDefault()}>
      <LoginScreen onLoggedIn={onSignedIn} notice={SESSION_EXPIRED_TEXT} />
    </dialog>
  );
}
