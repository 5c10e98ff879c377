import { useEffect, useState } from 'react';
import type { Subscriber } from '../../../../../shared/schemas';
import { ApiError } from '../../../../api/client';
import { PageHeader } from '../../../components/ui/page-header';
import { formatSubscribedAt, listSubscribers } from '../api/subscribers';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; subscribers: Subscriber[] };

/** An answer from the server is "unsuccessful"; no answer at all is an exception (spec §8). */
const loadErrorText = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? 'Failed to load subscribers' : 'An error occurred while loading subscribers';

export default function SubscribersScreen() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    listSubscribers().then(
      (subscribers) => active && setState({ status: 'ready', subscribers }),
      (error: unknown) => {
        console.error(error);
        if (active) setState({ status: 'error', message: loadErrorText(error) });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  // No count while loading or after a failure: "0" would be a claim, not a fact.
  const total = state.status === 'ready' ? `Total Subscribers: ${state.subscribers.length}` : undefined;
  return (
    <div className="adm-page">
      <PageHeader title="Newsletter Subscribers" description={total} />
      {state.status === 'loading' ? (
        <p className="adm-inline-loading" role="status">
          Loading subscribers...
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div className="adm-alert adm-alert--error" role="alert">
          <p>{state.message}</p>
        </div>
      ) : null}
      {state.status === 'ready' && state.subscribers.length === 0 ? (
        <div className="adm-empty">
          <h2>No subscribers yet</h2>
          <p>Subscribers will appear here once they sign up.</p>
        </div>
      ) : null}
      {state.status === 'ready' && state.subscribers.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Email Address</th>
                <th scope="col">Subscription Date &amp; Time</th>
              </tr>
            </thead>
            <tbody>
              {state.subscribers.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td>{subscriber.email}</td>
                  <td>
                    <time dateTime={subscriber.createdAt}>{formatSubscribedAt(subscriber.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
