import type { SaveStatus } from '../../hooks/use-save-state';

/** The error of the last save, or the success banner while the Saved state lasts. */
export function SaveFeedback({ status, error }: { status: SaveStatus; error: string | null }) {
  if (error) {
    return (
      <p className="adm-alert adm-alert--error" role="alert">
        {error}
      </p>
    );
  }
  return (
    <div role="status" aria-live="polite">
      {status === 'saved' ? <p className="adm-alert adm-alert--success">Changes saved successfully</p> : null}
    </div>
  );
}

export function LoadError({ what }: { what: string }) {
  return (
    <p className="adm-alert adm-alert--error" role="alert">
      Failed to load {what}. Please reload the page.
    </p>
  );
}
