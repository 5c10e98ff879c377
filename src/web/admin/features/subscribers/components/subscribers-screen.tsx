import { useEffect, useState } from 'react';
import { ApiError } from '../../../../api/client';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, SearchField } from '../../../components/ui/pager';
import { usePagedList } from '../../../hooks/use-paged-list';
import { SUBSCRIBERS_PAGE_SIZE, formatSubscribedAt, pageSubscribers } from '../api/subscribers';

/** An answer from the server is "unsuccessful"; no answer at all is an exception (spec §8). */
const loadErrorText = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? 'Failed to load subscribers' : 'An error occurred while loading subscribers';

export default function SubscribersScreen() {
  const list = usePagedList(pageSubscribers);
  const { state } = list;
  // The count of every subscriber, not of a search's matches: taken from the first unfiltered answer.
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    if (state.status === 'ready' && list.q === '' && list.pageIndex === 0) setTotal(state.total);
  }, [state, list.q, list.pageIndex]);

  // No count while loading or after a failure: "0" would be a claim, not a fact.
  const description = state.status !== 'error' && total !== null ? `Total Subscribers: ${total}` : undefined;
  const none = state.status === 'ready' && state.total === 0 && list.q === '';
  return (
    <div className="adm-page">
      <PageHeader title="Newsletter Subscribers" description={description} />
      {total !== null && total > 0 ? <SearchField label="Search subscribers" value={list.search} onChange={list.setSearch} /> : null}
      {state.status === 'loading' ? (
        <p className="adm-inline-loading" role="status">
          Loading subscribers...
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div className="adm-alert adm-alert--error" role="alert">
          <p>{loadErrorText(state.error)}</p>
        </div>
      ) : null}
      {none ? (
        <div className="adm-empty">
          <h2>No subscribers yet</h2>
          <p>Subscribers will appear here once they sign up.</p>
        </div>
      ) : null}
      {state.status === 'ready' && !none && state.rows.length === 0 ? <p className="adm-empty-note">No subscribers match “{list.q}”.</p> : null}
      {state.status === 'ready' && state.rows.length > 0 ? (
        <>
          {state.total > SUBSCRIBERS_PAGE_SIZE ? (
            <Pager
              noun="subscribers"
              first={list.pageIndex * SUBSCRIBERS_PAGE_SIZE + 1}
              shown={state.rows.length}
              total={state.total}
              onPrevious={list.pageIndex > 0 ? list.previous : undefined}
              onNext={state.nextCursor ? list.next : undefined}
            />
          ) : null}
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Email Address</th>
                  <th scope="col">Subscription Date &amp; Time</th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map((subscriber) => (
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
        </>
      ) : null}
    </div>
  );
}
