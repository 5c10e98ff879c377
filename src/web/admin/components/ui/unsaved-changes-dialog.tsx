import type { Blocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/** The in-app half of the unsaved-changes warning (the other half is beforeunload). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved Changes"
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>You have unsaved changes. Leave this page and lose them?</p>
    </ConfirmDialog>
  );
}
