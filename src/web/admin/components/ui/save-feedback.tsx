import { Link } from '../link';
import { ApiError } from '../../../api/client';
import type { SaveStatus } from '../../hooks/use-save-state';

/** The success banner while the Saved state lasts (a failure is said beside Save, by SaveSummary). */
export function SaveFeedback({ status }: { status: SaveStatus }) {
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

type NotFoundProps = { title: string; text: string; backHref: string; backLabel: string };

/** An edit link to an item deleted meanwhile: reloading would not help, so say so and lead back to the list. */
export function ItemNotFound({ title, text, backHref, backLabel }: NotFoundProps) {
  return (
    <div className="adm-empty">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="adm-button adm-button--primary" to={backHref}>
        {backLabel}
      </Link>
    </div>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
