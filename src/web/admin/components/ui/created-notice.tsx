import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../link';

/** Handed from a create form to its list through the navigation state. */
export type CreatedItem = { id: string; title: string; viewHref: string; addHref: string };

export const createdState = (created: CreatedItem) => ({ created });

/** The item just created, when the list was reached from its form (not on a reload or a later visit). */
export function useCreatedItem(): CreatedItem | null {
  const state = useLocation().state as { created?: CreatedItem } | null;
  return state?.created ?? null;
}

/** Brings the new row into view once the list shows it. */
export function useRevealCreatedRow(created: CreatedItem | null, shown: boolean) {
  useEffect(() => {
    if (!created || !shown) return;
    document.querySelector(`[data-row-id="${CSS.escape(created.id)}"]`)?.scrollIntoView({ block: 'center' });
  }, [created, shown]);
}

/** After a create: what was made, a way to see it on the site, and a way to make the next one. */
export function CreatedNotice({ created, noun }: { created: CreatedItem | null; noun: string }) {
  if (!created) return null;
  return (
    <div className="adm-alert adm-alert--success adm-created" role="status">
      <span>
        {noun} “{created.title}” created.
      </span>
      <a className="adm-button adm-button--small" href={created.viewHref} target="_blank" rel="noopener noreferrer">
        View<span className="adm-visually-hidden"> {created.title}</span>
      </a>
      <Link className="adm-button adm-button--small" to={created.addHref}>
        Add another
      </Link>
    </div>
  );
}
