import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../../../shared/schemas/media';
import { errorMessage } from '../lib/admin-api';
import { fetchMediaPage, type MediaFilter } from '../lib/media-api';

const SEARCH_DELAY_MS = 250;

/**
 * The library a page at a time (never the whole list): the first page again
 * whenever the search or type changes, then "load more" pages by cursor.
 */
export function useMediaList(initial: MediaFilter = {}) {
  const [filter, setFilter] = useState<MediaFilter>(initial);
  const [items, setItems] = useState<MediaItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    request.current?.abort();
    request.current = controller;
    setLoading(true);
    const timer = window.setTimeout(() => {
      fetchMediaPage(filter, null, undefined, controller.signal).then(
        (page) => {
          setItems(page.items);
          setCursor(page.nextCursor);
          setTotal(page.total);
          setError(null);
          setLoading(false);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(errorMessage(failure, 'Failed to load media'));
          setLoading(false);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [filter, version]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await fetchMediaPage(filter, cursor);
      setItems((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
      setTotal(page.total);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to load media'));
    } finally {
      setLoading(false);
    }
  }, [cursor, filter]);

  return {
    filter,
    setFilter,
    items,
    total,
    loading,
    error,
    hasMore: cursor !== null,
    loadMore,
    reload: () => setVersion((value) => value + 1),
    replace: (item: MediaItem) => setItems((current) => current.map((entry) => (entry.id === item.id ? item : entry))),
    remove: (id: string) => {
      setItems((current) => current.filter((entry) => entry.id !== id));
      setTotal((value) => value - 1);
    },
  };
}
