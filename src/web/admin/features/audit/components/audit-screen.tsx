import { useId, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useLoad } from '../../../hooks/use-load';
import { errorMessage } from '../../../lib/admin-api';
import { ACTION_FILTERS, fetchAuditPage } from '../api/audit';
import { InlineLoading } from '../../../components/ui/loading-screen';

const formatAt = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Who changed what, newest first, a page at a time. */
export default function AuditScreen() {
  const id = useId();
  const [action, setAction] = useState('');
  // Cursors of the pages before this one, so "Newer" can step back.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const state = useLoad(() => fetchAuditPage({ action }, cursor), `${action}|${cursor ?? ''}`);

  return (
    <div className="adm-page">
      <PageHeader title="Activity" description={state.status === 'ready' ? `${state.data.total} entries, kept for a year` : undefined} />
      <div className="adm-field">
        <label className="adm-field__label" htmlFor={`${id}-action`}>
          Show
        </label>
        <select
          id={`${id}-action`}
          className="adm-input"
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            setCursors([null]);
          }}
        >
          {ACTION_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' ? (
        <InlineLoading label="Loading activity..." />
      ) : null}
      {state.status === 'error' ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(state.error, 'Failed to load the activity log')}
        </p>
      ) : null}
      {state.status === 'ready' && state.data.entries.length === 0 ? (
        <div className="adm-empty">
          <h2>No activity yet</h2>
        </div>
      ) : null}
      {state.status === 'ready' && state.data.entries.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">What</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {state.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatAt(entry.at)}</time>
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.summary}</td>
                  <td>{entry.ip || 'command line'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="adm-page__footer">
        <button type="button" className="adm-button" disabled={cursors.length < 2} onClick={() => setCursors((list) => list.slice(0, -1))}>
          Newer
        </button>
        <button
          type="button"
          className="adm-button"
          disabled={state.status !== 'ready' || !state.data.nextCursor}
          onClick={() => state.status === 'ready' && setCursors((list) => [...list, state.data.nextCursor])}
        >
          Older
        </button>
      </div>
    </div>
  );
}
