import { useId, useState } from 'react';
import type { SubscriberStatus } from '../../../../../shared/schemas';
import { SUBSCRIBER_STATUSES } from '../../../../../shared/statuses';
import { errorMessage } from '../../../lib/admin-api';
import { downloadCsv } from '../api/subscribers';

type Props = {
  search: string;
  onSearch: (text: string) => void;
  status: SubscriberStatus | '';
  onStatus: (status: SubscriberStatus | '') => void;
  shownIds: string[];
  selected: Set<string>;
  onSelect: (ids: Set<string>) => void;
  onDeleteSelected: () => void;
  onError: (message: string | null) => void;
};

const STATUS_OPTIONS: Record<SubscriberStatus, string> = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

/** Search, status filter, selection and export above the list. */
export function SubscriberToolbar(props: Props) {
  const id = useId();
  const [exporting, setExporting] = useState(false);
  const allShownSelected = props.shownIds.length > 0 && props.shownIds.every((shown) => props.selected.has(shown));

  const exportCsv = async () => {
    setExporting(true);
    props.onError(null);
    try {
      await downloadCsv(props.status);
    } catch (error) {
      props.onError(errorMessage(error, 'Failed to export subscribers'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="adm-subscribers__toolbar">
      <label className="adm-field__label" htmlFor={`${id}-search`}>
        Search by e-mail
      </label>
      <input
        id={`${id}-search`}
        className="adm-input"
        type="search"
        value={props.search}
        placeholder="name@example.com"
        onChange={(event) => props.onSearch(event.target.value)}
      />
      <label className="adm-field__label" htmlFor={`${id}-status`}>
        Status
      </label>
      <select
        id={`${id}-status`}
        className="adm-input"
        value={props.status}
        onChange={(event) => props.onStatus(event.target.value as SubscriberStatus | '')}
      >
        <option value="">All</option>
        {SUBSCRIBER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_OPTIONS[status]}
          </option>
        ))}
      </select>
      <label className="adm-checkbox">
        <input
          type="checkbox"
          checked={allShownSelected}
          disabled={props.shownIds.length === 0}
          onChange={() => props.onSelect(allShownSelected ? new Set() : new Set(props.shownIds))}
        />
        Select all loaded
      </label>
      <button type="button" className="adm-button adm-button--danger" disabled={props.selected.size === 0} onClick={props.onDeleteSelected}>
        Delete selected ({props.selected.size})
      </button>
      <button type="button" className="adm-button" disabled={exporting} onClick={() => void exportCsv()}>
        {exporting ? 'Exporting...' : 'Export CSV'}
      </button>
    </div>
  );
}
