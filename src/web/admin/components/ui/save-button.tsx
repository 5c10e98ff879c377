import type { PublishState } from '../../../../shared/schemas';
import type { SaveStatus } from '../../hooks/use-save-state';
import { uploadingText } from '../../lib/uploads-in-flight';
import { Link } from '../link';

type Props = {
  status: SaveStatus;
  idleLabel?: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
  disabled?: boolean;
  /**
   * A field is invalid: Save refuses (the summary beside it says why). Shown as refused but not
   * disabled, not even aria-disabled: pressing it is how the user is taken to the first invalid field.
   */
  refused?: boolean;
  /** Save was pressed while this many files were uploading: it saves once they are in (issue 24). */
  waitingFor?: number;
};

/** "Save" → "Saving..." (disabled) → "Saved" for a moment. */
export function SaveButton({ status, idleLabel = 'Save', onClick, type = 'button', disabled, refused, waitingFor = 0 }: Props) {
  const label = waitingFor > 0 ? uploadingText(waitingFor) : status === 'saving' ? 'Saving...' : status === 'saved' ? 'Saved' : idleLabel;
  return (
    <button
      type={type}
      className={`adm-button adm-button--primary${status === 'saved' ? ' adm-button--success' : ''}${refused ? ' adm-button--refused' : ''}`}
      onClick={onClick}
      disabled={disabled || status === 'saving'}
      aria-live="polite"
    >
      {label}
    </button>
  );
}

type NewItemEditor<F extends PublishState> = { status: SaveStatus; invalid: boolean; submit: (change?: (form: F) => F) => Promise<void> };

/**
 * A new item's two actions (issue 24): "Save draft" (also what Enter in a field does: never
 * live by accident) and "Publish" (a scheduled item keeps its time).
 */
export function NewItemButtons<F extends PublishState>({ editor, waitingFor }: { editor: NewItemEditor<F>; waitingFor: number }) {
  return (
    <>
      <button
        type="submit"
        className="adm-button"
        disabled={editor.status === 'saving'}
        onClick={(event) => {
          event.preventDefault();
          void editor.submit((form) => ({ ...form, status: 'draft', publishAt: null }));
        }}
      >
        Save draft
      </button>
      <SaveButton
        status={editor.status}
        idleLabel="Publish"
        refused={editor.invalid}
        waitingFor={waitingFor}
        onClick={() => void editor.submit((form) => (form.status === 'scheduled' ? form : { ...form, status: 'published', publishAt: null }))}
      />
    </>
  );
}

type ItemEditor<F extends PublishState> = NewItemEditor<F> & { uploading: number; waitingForUploads: boolean };

/**
 * A publishable item's editor actions, at its top and its foot: Cancel, then "Update" for a stored
 * item or "Save draft" / "Publish" for a new one, each saying so while uploads it waits for are in flight.
 */
export function EditorButtons<F extends PublishState>({ editor, stored, cancelTo }: { editor: ItemEditor<F>; stored: boolean; cancelTo: string }) {
  const waitingFor = editor.waitingForUploads ? editor.uploading : 0;
  return (
    <>
      <Link className="adm-button" to={cancelTo}>
        Cancel
      </Link>
      {stored ? (
        <SaveButton type="submit" status={editor.status} idleLabel="Update" refused={editor.invalid} waitingFor={waitingFor} />
      ) : (
        <NewItemButtons editor={editor} waitingFor={waitingFor} />
      )}
    </>
  );
}
