import type { ReactNode } from 'react';
import type { PendingDelete } from '../../hooks/use-pending-delete';
import { ConfirmDialog } from './confirm-dialog';

/** The delete confirmation of a list: the spec's question, the item's title, what else the delete does (`children`), and why it failed. */
export function DeleteDialog<T extends { id: string; title: string }>({
  removal,
  title,
  question,
  children,
}: {
  removal: PendingDelete<T>;
  title: string;
  question: string;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={removal.pending !== null}
      title={title}
      confirmLabel="Delete"
      danger
      busy={removal.deleting}
      onConfirm={() => void removal.confirm()}
      onCancel={removal.cancel}
    >
      <p>{question}</p>
      {removal.pending ? <p className="adm-dialog__subject">{removal.pending.title}</p> : null}
      {children}
      {removal.error ? (
        <p className="adm-field__error" role="alert">
          {removal.error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
