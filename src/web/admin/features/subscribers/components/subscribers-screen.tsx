import { useCallback, useEffect, useState } from 'react';
import type { Subscriber } from '../../../../../shared/schemas';
import { ApiError } from '../../../../api/client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/admin-api';
import { countConfirmed, deleteSubscriber, deleteSubscribers, type SubscriberFilter } from '../api/subscribers';
import { useSubscriberPages } from '../hooks/use-subscriber-pages';
import { SubscriberTable } from './subscriber-table';
import { SubscriberToolbar } from './subscriber-toolbar';
import { WebhookDeliveries } from './webhook-deliveries';
import { InlineLoading } from '../../../components/ui/loading-screen';

/** An answer from the server is "unsuccessful"; no answer at all is an exception. */
const loadErrorText = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? 'Failed to load subscribers' : 'An error occurred while loading subscribers';

type PendingDelete = { ids: string[]; label: string } | null;

export default function SubscribersScreen() {
  const [filter, setFilter] = useState<SubscriberFilter>({ q: '', status: '' });
  const [search, setSearch] = useState('');
  const { state, loadMore, removeItems } = useSubscriberPages(filter);
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  // Typing searches after a short pause, not on every key.
  useEffect(() => {
    const timer = window.setTimeout(() => setFilter((current) => (current.q === search ? current : { ...current, q: search })), 250);
    return () => window.clearTimeout(timer);
  }, [search]);

  const refreshCount = useCallback(() => {
    countConfirmed().then(setConfirmed, (error: unknown) => console.error(error));
  }, []);
  useEffect(refreshCount, [refreshCount]);
  useEffect(() => setSelected(new Set()), [filter]);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const runDelete = async () => {
    if (!pending) return;
    setBusy(true);
    setActionError(null);
    try {
      if (pending.ids.length === 1) await deleteSubscriber(pending.ids[0]!);
      else await deleteSubscribers(pending.ids);
      const gone = new Set(pending.ids);
      removeItems(gone);
      setSelected((current) => new Set([...current].filter((id) => !gone.has(id))));
      refreshCount();
      setPending(null);
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to delete subscriber'));
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  const askDelete = (subscriber: Subscriber) => setPending({ ids: [subscriber.id], label: subscriber.email });
  const ready = state.status === 'ready' ? state : null;
  const unfiltered = filter.q === '' && filter.status === '';
  // No count while loading or after a failure: "0" would be a claim, not a fact.
  const total = ready && confirmed !== null ? `Total Subscribers: ${confirmed}` : undefined;

  return (
    <div className="adm-page">
      <PageHeader title="Newsletter Subscribers" description={total} />
      <SubscriberToolbar
        search={search}
        onSearch={setSearch}
        status={filter.status}
        onStatus={(status) => setFilter((current) => ({ ...current, status }))}
        shownIds={ready?.items.map((item) => item.id) ?? []}
        selected={selected}
        onSelect={setSelected}
        onDeleteSelected={() => setPending({ ids: [...selected], label: `${selected.size} subscribers` })}
        onError={setActionError}
      />
      {actionError ? (
        <div className="adm-alert adm-alert--error" role="alert">
          <p>{actionError}</p>
        </div>
      ) : null}
      {state.status === 'loading' ? (
        <InlineLoading label="Loading subscribers..." />
      ) : null}
      {state.status === 'error' ? (
        <div className="adm-alert adm-alert--error" role="alert">
          <p>{loadErrorText(state.error)}</p>
        </div>
      ) : null}
      {ready && ready.items.length === 0 && unfiltered ? (
        <div className="adm-empty">
          <h2>No subscribers yet</h2>
          <p>Subscribers will appear here once they sign up.</p>
        </div>
      ) : null}
      {ready && ready.items.length === 0 && !unfiltered ? <p className="adm-empty">No subscribers match this search.</p> : null}
      {ready && ready.items.length > 0 ? (
        <>
          <p className="adm-subscribers__count" aria-live="polite">
            {ready.total === 1 ? '1 address' : `${ready.total.toLocaleString('en-US')} addresses`}
            {unfiltered ? '' : ' match'}
          </p>
          <SubscriberTable
            items={ready.items}
            total={ready.total}
            hasMore={ready.nextCursor !== null}
            loadingMore={ready.loadingMore}
            onNeedMore={loadMore}
            selected={selected}
            onToggle={toggle}
            onDelete={askDelete}
          />
        </>
      ) : null}
      <WebhookDeliveries />
      <ConfirmDialog
        open={pending !== null}
        title="Delete Subscriber"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void runDelete()}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending && pending.ids.length > 1
            ? `Are you sure you want to delete these ${pending.ids.length} subscribers?`
            : 'Are you sure you want to delete this subscriber?'}
        </p>
        {pending ? <p className="adm-dialog__subject">{pending.label}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
