import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscriber } from '../../../../../shared/schemas';
import { pageSubscribers, type SubscriberFilter } from '../api/subscribers';

export type PagesState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; items: Subscriber[]; total: number; nextCursor: string | null; loadingMore: boolean };

/**
 * The owner's list, a page at a time: the first page for the current filter,
 * then the next one whenever the table asks (as the owner scrolls). A newer
 * filter cancels the answer to an older one.
 */
export function useSubscriberPages(filter: SubscriberFilter) {
  const [state, setState] = useState<PagesState>({ status: 'loading' });
  const generation = useRef(0);
  const { q, status } = filter;

  const reload = useCallback(() => {
    const mine = ++generation.current;
    const controller = new AbortController();
    setState({ status: 'loading' });
    pageSubscribers({ q, status }, null, controller.signal).then(
      (page) => mine === generation.current && setState({ status: 'ready', items: page.items, total: page.total, nextCursor: page.nextCursor, loadingMore: false }),
      (error: unknown) => {
        if (mine !== generation.current) return;
        console.error(error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [q, status]);

  useEffect(() => reload(), [reload]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.nextCursor || state.loadingMore) return;
    const mine = generation.current;
    setState({ ...state, loadingMore: true });
    pageSubscribers({ q, status }, state.nextCursor).then(
      (page) => {
        if (mine !== generation.current) return;
        setState((current) =>
          current.status === 'ready'
            ? { status: 'ready', items: [...current.items, ...page.items], total: page.total, nextCursor: page.nextCursor, loadingMore: false }
            : current,
        );
      },
      (error: unknown) => {
        console.error(error);
        if (mine === generation.current) setState((current) => (current.status === 'ready' ? { ...current, loadingMore: false } : current));
      },
    );
  }, [state, q, status]);

  /** After a deletion: the rows go at once, the count with them. */
  const removeItems = useCallback((ids: Set<string>) => {
    setState((current) =>
      current.status === 'ready'
        ? { ...current, items: current.items.filter((item) => !ids.has(item.id)), total: Math.max(0, current.total - ids.size) }
        : current,
    );
  }, []);

  return { state, loadMore, reload, removeItems };
}
