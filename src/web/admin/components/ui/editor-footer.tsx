import type { ReactNode } from 'react';
import type { Blocker } from 'react-router';
import type { FieldErrors } from '../../lib/field-errors';
import type { RevisionsBase } from '../../lib/publishing';
import { RevisionsPanel } from './revisions-panel';
import { SaveSummary } from './save-summary';
import { SavedNote } from './saved-note';
import { uploadingText } from '../../lib/uploads-in-flight';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

type Props = {
  /** What `useEditForm` says of the form: its errors, the last failure, unsaved changes and the navigation it holds back. */
  editor: {
    failure: string | null;
    dirty: boolean;
    blocker: Blocker;
    savedAt?: Date | null;
    uploading?: number;
    waitingForUploads?: boolean;
    canReloadAndKeep?: boolean;
    reloadAndKeep?: () => Promise<void>;
    merged?: { clashes: string[] } | null;
  };
  /** The saved item on the site, for the "View" link after a save (none for drafts). */
  viewHref?: string | null;
  errors: FieldErrors;
  /** The item's saved versions, for items that have them (not before the item is first saved). */
  revisions?: { base: RevisionsBase; onRestored: () => void } | null;
  /** The Save button(s). */
  children: ReactNode;
};

/**
 * The end of every editing screen: the saved versions, the second Save with
 * the reason a save did not happen, and the question asked before leaving
 * with unsaved changes.
 */
export function EditorFooter({ editor, errors, revisions, viewHref, children }: Props) {
  // Sticky at the bottom of the screen while there is something to save or just saved (issue 24):
  // on a long form on a phone, Save was only at its two ends.
  const sticky = editor.dirty || Boolean(editor.savedAt) || Boolean(editor.uploading);
  return (
    <>
      {revisions ? <RevisionsPanel base={revisions.base} dirty={editor.dirty} savedAt={editor.savedAt ?? null} onRestored={revisions.onRestored} /> : null}
      <div className={`adm-page__footer${sticky ? ' adm-page__footer--sticky' : ''}`} data-testid="save-bar">
        <SaveSummary errors={errors} failure={editor.failure} announce={false} />
        {editor.uploading ? (
          <p className="adm-field__hint" role="status">
            {uploadingText(editor.uploading)}
            {editor.waitingForUploads ? ' Saving when done.' : ''}
          </p>
        ) : null}
        {editor.canReloadAndKeep && editor.reloadAndKeep ? (
          <button type="button" className="adm-button" onClick={() => void editor.reloadAndKeep?.()}>
            Reload and keep my changes
          </button>
        ) : null}
        {editor.merged ? (
          <p className="adm-field__hint" role="status">
            Loaded the latest version with your changes put back.
            {editor.merged.clashes.length
              ? ` Also changed by someone else (yours kept): ${editor.merged.clashes.join(', ')}. Check before saving.`
              : ' Nothing you changed was changed there.'}
          </p>
        ) : null}
        {!editor.dirty ? <SavedNote at={editor.savedAt ?? null} viewHref={viewHref} /> : null}
        {children}
      </div>
      <UnsavedChangesDialog blocker={editor.blocker} />
    </>
  );
}
