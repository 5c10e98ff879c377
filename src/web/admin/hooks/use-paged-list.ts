import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import type { Page } from '../../../shared/schemas/list';

export type PagedListState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; rows: T[]; total: number; nextCursor: string | null };

const SEARCH_DELAY_MS = 250;

/**
 * A long admin list, one page at a time (so the DOM holds one page, at any
 * size of the table), searchable. Pages follow the API's cursors; the ones
 * already passed are remembered so "Previous" goes back.
 */
export function usePagedList<T>(load: (query: { q: string; cursor: string | undefined }) => Promise<Page<T>>) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  // cursors[i] starts page i; page 0 starts at the beginning.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [state, setState] = useState<PagedListState<T>>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const pageIndex = cursors.length - 1;
  const cursor = cursors[pageIndex];

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setCursors([undefined]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let active = true;
    load({ q, cursor }).then(
      (page) => active && setState({ status: 'ready', rows: page.items, total: page.total, nextCursor: page.nextCursor }),
      (error: unknown) => {
        console.error(error);
        if (active) setState({ status: 'error', error });
      },
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, cursor, reloads]);

  const next = () => {
    if (state.status === 'ready' && state.nextCursor) setCursors((current) => [...current, state.nextCursor ?? undefined]);
  };
  const previous = () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current));
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const setRows = (update: SetStateAction<T[]>) =>
    setState((current) => (current.status === 'ready' ? { ...current, rows: typeof update === 'function' ? update(current.rows) : update } : current));

  return { state, search, setSearch, q, pageIndex, next, previous, reload, setRows };
}
