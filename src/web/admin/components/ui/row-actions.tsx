import { Link } from '../link';

type Props = { label: string; editHref: string; viewHref: string; onDelete: () => void };

/** Edit, delete and view-on-site for one list row; names carry the item so each is unique. */
export function RowActions({ label, editHref, viewHref, onDelete }: Props) {
  return (
    <div className="adm-row-actions">
      <Link className="adm-button adm-button--small" to={editHref} aria-label={`Edit ${label}`}>
        Edit
      </Link>
      <button type="button" className="adm-button adm-button--small adm-button--danger" onClick={onDelete} aria-label={`Delete ${label}`}>
        Delete
      </button>
      <a className="adm-button adm-button--small" href={viewHref} target="_blank" rel="noopener noreferrer" aria-label={`View ${label}`}>
        View
      </a>
    </div>
  );
}

export function EmptyState({ title, text, actionLabel, actionHref }: { title: string; text: string; actionLabel: string; actionHref: string }) {
  return (
    <div className="adm-empty">
      <h2>{title}</h2>
      <p>{text}</p>
      <Link className="adm-button adm-button--primary" to={actionHref}>
        {actionLabel}
      </Link>
    </div>
  );
}
