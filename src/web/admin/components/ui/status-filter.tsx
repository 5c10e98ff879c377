import { useId } from 'react';
import type { PublishState, PublishStatus } from '../../../../shared/schemas';
import { PUBLISH_STATUSES } from '../../../../shared/statuses';
import { STATUS_LABELS, formatWhen } from '../../lib/publishing';

/** All, or one status. The filtered list comes from the server (`?status=`) and is not reorderable: order is of the whole list. */
export function StatusFilter({ value, onChange }: { value: PublishStatus | ''; onChange: (value: PublishStatus | '') => void }) {
  const id = useId();
  return (
    <div className="adm-status-filter">
      <label htmlFor={id}>Show</label>
      <select id={id} className="adm-input" value={value} onChange={(event) => onChange(event.target.value as PublishStatus | '')}>
        <option value="">All statuses</option>
        {PUBLISH_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Published", "Draft", or "Scheduled: Dec 1, 2026, 9:00 AM". */
export function StatusBadge({ item }: { item: PublishState }) {
  const status = item.status ?? 'published';
  return (
    <span className={`adm-status adm-status--${status}`}>
      {STATUS_LABELS[status]}
      {status === 'scheduled' && item.publishAt ? `: ${formatWhen(item.publishAt)}` : ''}
    </span>
  );
}
