import { useId, useState } from 'react';
import { logout, readLogoutRedirectHome, writeLogoutRedirectHome } from '../../features/auth/api/auth';
import { hasUnsavedChanges, leaveWithoutUnsavedPrompt } from '../../hooks/use-unsaved-changes';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** The choice of where to land after logout is remembered locally. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [redirectHome, setRedirectHome] = useState(readLogoutRedirectHome);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    leaveWithoutUnsavedPrompt();
    await logout();
    if (redirectHome) window.location.assign('/');
    else window.location.reload();
  };

  return (
    <ConfirmDialog open={open} title="Confirm Logout" confirmLabel="Logout" busy={busy} onConfirm={() => void confirm()} onCancel={onClose}>
      <p>Are you sure you want to logout from the admin panel?</p>
      {open && hasUnsavedChanges() ? (
        <p className="adm-alert adm-alert--warning">You have unsaved changes. Logging out discards them.</p>
      ) : null}
      <div className="adm-checkbox">
        <input
          id={`${id}-redirect`}
          type="checkbox"
          checked={redirectHome}
          onChange={(event) => {
            setRedirectHome(event.target.checked);
            writeLogoutRedirectHome(event.target.checked);
          }}
        />
        <label htmlFor={`${id}-redirect`}>Redirect to homepage after logout</label>
      </div>
    </ConfirmDialog>
  );
}
