/**
 * After a save that stays in the editor: when it was saved, and a way to see
 * it on the site (issue 24: Update used to leave the editor without a word).
 */
export function SavedNote({ at, viewHref, title }: { at: Date | null; viewHref?: string | null; title?: string }) {
  if (!at) return null;
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <p className="adm-saved-note" role="status">
      <span>Saved at {time}</span>
      {viewHref ? (
        <a className="adm-button adm-button--small" href={viewHref} target="_blank" rel="noopener noreferrer">
          View<span className="adm-visually-hidden"> {title ?? 'on the site'}</span>
        </a>
      ) : null}
    </p>
  );
}
