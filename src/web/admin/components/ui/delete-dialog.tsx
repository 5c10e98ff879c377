import type { PendingDelete } from '../../hooks/use-pending-delete';
import { ConfirmDialog } from './confirm-dialog';

/** The delete confirmation of a list: the spec's question, then the item's title. */
export function DeleteDialog<T extends { id: string; title: string }>({
  removal,
  title,
  question,
}: {
  removal: PendingDelete<T>;
  title: string;
  question: string;
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
    </ConfirmDialog>
  );
}
