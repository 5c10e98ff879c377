import { useId } from 'react';
import type { PublishStatus } from '../../../../shared/schemas';
import { PUBLISH_STATUSES } from '../../../../shared/statuses';
import { STATUS_LABELS, fromLocalInput, toLocalInput } from '../../lib/publishing';
import { FieldShell, describedBy } from './form-field';

type Props = {
  status: PublishStatus;
  publishAt: string | null;
  onChange: (value: { status: PublishStatus; publishAt: string | null }) => void;
  error?: string;
};

/** Draft, scheduled (with the time it goes live, in the browser's zone) or published. */
export function PublishFields({ status, publishAt, onChange, error }: Props) {
  const statusId = useId();
  const timeId = useId();
  const hint = 'Drafts and scheduled items are hidden from visitors until they are published.';
  return (
    <div className="adm-grid-2">
      <FieldShell id={statusId} label="Status" hint={hint}>
        <select
          id={statusId}
          className="adm-input"
          value={status}
          aria-describedby={describedBy(statusId, hint)}
          onChange={(event) => onChange({ status: event.target.value as PublishStatus, publishAt: event.target.value === 'scheduled' ? publishAt : null })}
        >
          {PUBLISH_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </FieldShell>
      {status === 'scheduled' ? (
        <FieldShell id={timeId} label="Publish At" required error={error}>
          <input
            id={timeId}
            className="adm-input"
            type="datetime-local"
            step={1}
            value={toLocalInput(publishAt)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(timeId, undefined, error)}
            onChange={(event) => onChange({ status, publishAt: fromLocalInput(event.target.value) })}
          />
        </FieldShell>
      ) : null}
    </div>
  );
}

/** The error for a schedule without a time, named like the server's field. */
export const publishAtError = (form: { status: PublishStatus; publishAt: string | null }) =>
  form.status === 'scheduled' && !form.publishAt ? 'Choose when to publish' : undefined;
