import type { ReactNode } from 'react';
import type { Blocker } from 'react-router';
import type { FieldErrors } from '../../lib/field-errors';
import type { RevisionsBase } from '../../lib/publishing';
import { RevisionsPanel } from './revisions-panel';
import { SaveSummary } from './save-summary';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

type Props = {
  /** What `useEditForm` says of the form: its errors, the last failure, unsaved changes and the navigation it holds back. */
  editor: { failure: string | null; dirty: boolean; blocker: Blocker };
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
export function EditorFooter({ editor, errors, revisions, children }: Props) {
  return (
    <>
      {revisions ? <RevisionsPanel base={revisions.base} dirty={editor.dirty} onRestored={revisions.onRestored} /> : null}
      <div className="adm-page__footer">
        <SaveSummary errors={errors} failure={editor.failure} announce={false} />
        {children}
      </div>
      <UnsavedChangesDialog blocker={editor.blocker} />
    </>
  );
}
