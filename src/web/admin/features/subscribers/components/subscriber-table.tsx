import { useEffect, useState, type UIEvent } from 'react';
import type { Subscriber } from '../../../../../shared/schemas';
import { formatSubscribedAt } from '../api/subscribers';

/** Every row has this height, so the scroll position says which rows are in view. */
const ROW_PX = 52;
const VIEWPORT_PX = 620;
/** Rows drawn above and below the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN = 15;
/** Ask for the next page this many rows before the loaded ones run out. */
const PREFETCH_ROWS = 40;

const STATUS_LABELS: Record<Subscriber['status'], string> = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

type Props = {
  items: Subscriber[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onDelete: (subscriber: Subscriber) => void;
};

/**
 * The list drawn as a window over the loaded rows: at 50,000 subscribers the
 * page still holds a few dozen rows in the DOM, and the next page is fetched
 * as the owner nears the end of what is loaded.
 */
export function SubscriberTable({ items, total, hasMore, loadingMore, onNeedMore, selected, onToggle, onDelete }: Props) {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + VIEWPORT_PX) / ROW_PX) + OVERSCAN);
  const shown = items.slice(first, last);
  const needMore = hasMore && !loadingMore && last >= items.length - PREFETCH_ROWS;
  useEffect(() => {
    if (needMore) onNeedMore();
  }, [needMore, onNeedMore]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop);
  return (
    <div className="adm-table-wrap adm-virtual" style={{ maxHeight: VIEWPORT_PX + ROW_PX }} onScroll={onScroll} data-testid="subscriber-scroller">
      <table className="adm-table adm-virtual__table" aria-rowcount={total + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Email Address</th>
            <th scope="col">Subscription Date &amp; Time</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="adm-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {first > 0 ? (
            <tr aria-hidden="true" style={{ height: first * ROW_PX }}>
              <td colSpan={4} />
            </tr>
          ) : null}
          {shown.map((subscriber, offset) => (
            <tr key={subscriber.id} aria-rowindex={first + offset + 2} style={{ height: ROW_PX }}>
              <td>
                <label className="adm-subscriber__email">
                  <input
                    type="checkbox"
                    checked={selected.has(subscriber.id)}
                    onChange={() => onToggle(subscriber.id)}
                    aria-label={`Select ${subscriber.email}`}
                  />
                  <span>{subscriber.email}</span>
                </label>
              </td>
              <td>
                <time dateTime={subscriber.createdAt}>{formatSubscribedAt(subscriber.createdAt)}</time>
              </td>
              <td>
                <span className={`adm-status adm-status--${subscriber.status}`}>{STATUS_LABELS[subscriber.status]}</span>
              </td>
              <td>
                <button type="button" className="adm-button adm-button--small adm-button--danger" onClick={() => onDelete(subscriber)} aria-label={`Delete ${subscriber.email}`}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {last < items.length ? (
            <tr aria-hidden="true" style={{ height: (items.length - last) * ROW_PX }}>
              <td colSpan={4} />
            </tr>
          ) : null}
        </tbody>
      </table>
      {loadingMore ? (
        <p className="adm-inline-loading" role="status">
          Loading more subscribers...
        </p>
      ) : null}
    </div>
  );
}
