import { useState } from 'react';
import type { RevisionEntry } from '../../../../shared/schemas';
import { useLoad } from '../../hooks/use-load';
import { errorMessage } from '../../lib/admin-api';
import { formatWhen, listRevisions, restoreRevision, type RevisionsBase } from '../../lib/publishing';
import { CollapsibleSection } from './collapsible-section';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The saved versions of one item, newest first, each restorable in a click.
 * A restore is saved on the server as a new revision; the editor then
 * reloads what is stored (`onRestored`), so nothing in the form is stale.
 * With unsaved changes in the form, a dialog asks first.
 */
export function RevisionsPanel({ base, dirty, onRestored }: { base: RevisionsBase; dirty: boolean; onRestored: () => void }) {
  const [reload, setReload] = useState(0);
  const state = useLoad(() => listRevisions(base), `${base} ${reload}`);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The version waiting for the user's yes: a restore would drop what they typed since the last save.
  const [pending, setPending] = useState<RevisionEntry | null>(null);

  const restore = async (entry: RevisionEntry) => {
    setPending(null);
    setBusy(entry.id);
    setFailure(null);
    try {
      await restoreRevision(base, entry.id);
      setReload((n) => n + 1);
      onRestored();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to restore revision'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <CollapsibleSection title="Revisions" defaultOpen={false}>
      {failure ? (
        <p className="adm-field__error" role="alert">
          {failure}
        </p>
      ) : null}
      {state.status === 'loading' ? <p className="adm-field__hint">Loading revisions...</p> : null}
      {state.status === 'error' ? <p className="adm-field__error">Failed to load revisions</p> : null}
      {state.status === 'ready' && state.data.length === 0 ? <p className="adm-field__hint">No revisions yet.</p> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ol className="adm-revisions" aria-label="Revisions">
          {state.data.map((entry, index) => (
            <li key={entry.id} className="adm-revisions__item">
              <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
              <span className="adm-revisions__summary">{entry.summary}</span>
              {index === 0 ? (
                <span className="adm-field__hint">Current</span>
              ) : (
                <button type="button" className="adm-button" disabled={busy !== null} onClick={() => (dirty ? setPending(entry) : void restore(entry))}>
                  {busy === entry.id ? 'Restoring...' : 'Restore'}
                </button>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Restore Revision"
        confirmLabel="Restore"
        danger
        onConfirm={() => pending && void restore(pending)}
        onCancel={() => setPending(null)}
      >
        <p>Restoring replaces your unsaved changes. Continue?</p>
        {pending ? (
          <p className="adm-dialog__subject">
            {formatWhen(pending.createdAt)}: {pending.summary}
          </p>
        ) : null}
      </ConfirmDialog>
    </CollapsibleSection>
  );
}
