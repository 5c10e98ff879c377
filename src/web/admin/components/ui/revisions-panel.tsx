import { useRef, useState } from 'react';
import type { RevisionEntry } from '../../../../shared/schemas';
import { useLoad } from '../../hooks/use-load';
import { errorMessage } from '../../lib/admin-api';
import { formatWhen, getRevision, listRevisions, restoreRevision, type RevisionsBase } from '../../lib/publishing';
import { revisionChanges, type FieldChange } from '../../lib/revision-diff';
import { CollapsibleSection } from './collapsible-section';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The saved versions of one item, newest first. Restore first shows what it
 * would change, field by field, now beside that version, and asks (issue 24:
 * it used to go live in one click). A restore is saved on the server as a new
 * revision; the editor then reloads what is stored (`onRestored`).
 */
export function RevisionsPanel({ base, dirty, savedAt = null, onRestored }: { base: RevisionsBase; dirty: boolean; savedAt?: Date | null; onRestored: () => void }) {
  const [reload, setReload] = useState(0);
  // Read again after each save in the editor: that save is the newest version.
  const state = useLoad(() => listRevisions(base), `${base} ${reload} ${savedAt?.getTime() ?? ''}`);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The version waiting for the user's yes, with what it would change.
  const [pending, setPending] = useState<{ entry: RevisionEntry; changes: FieldChange[] } | null>(null);

  // The button stays enabled (and focused) while the versions load: the dialog gives the focus back to it.
  const comparing = useRef(false);
  const compare = async (entry: RevisionEntry, current: RevisionEntry) => {
    if (comparing.current) return;
    comparing.current = true;
    setFailure(null);
    try {
      const [then, now] = await Promise.all([getRevision(base, entry.id), getRevision(base, current.id)]);
      setPending({ entry, changes: revisionChanges(now.snapshot, then.snapshot) });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to load the revision'));
    } finally {
      comparing.current = false;
    }
  };

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
                <button type="button" className="adm-button" disabled={busy !== null} onClick={() => void compare(entry, state.data[0]!)}>
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
        confirmLabel="Restore this version"
        onConfirm={() => pending && void restore(pending.entry)}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <>
            <p className="adm-dialog__subject">
              {formatWhen(pending.entry.createdAt)}: {pending.entry.summary}
            </p>
            {pending.changes.length === 0 ? (
              <p>This version is the same as the current one.</p>
            ) : (
              <table className="adm-revision-diff">
                <caption>What the restore changes (the page address and publishing stay as they are)</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Now</th>
                    <th scope="col">This version</th>
                  </tr>
                </thead>
                <tbody>
                  {pending.changes.map((change) => (
                    <tr key={change.field}>
                      <th scope="row">{change.label}</th>
                      <td>{change.now}</td>
                      <td>{change.then}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {dirty ? <p>Restoring also replaces your unsaved changes in the form.</p> : null}
          </>
        ) : null}
      </ConfirmDialog>
    </CollapsibleSection>
  );
}
