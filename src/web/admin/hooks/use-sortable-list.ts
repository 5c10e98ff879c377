import { useState } from 'react';
import type { ReorderItem } from '../../../shared/schemas';
import { moveAndRenumber } from '../components/ui/sortable';
import { saveFailureText } from '../lib/save-failure';

type Item = { id: string; order: number };

/**
 * A list that reorders on screen first and then persists. A failed save is
 * reported above the list (`error`), then the list shows what the server holds: the order on screen
 * must not claim a save that did not happen (decision 012).
 */
export function useSortableList<T extends Item>(
  initial: T[],
  persist: (items: ReorderItem[]) => Promise<unknown>,
  failureText: string,
  reload: () => Promise<T[]>,
) {
  const [items, setItems] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const move = (from: number, to: number) => {
    const next = moveAndRenumber(items, from, to);
    setItems(next);
    setError(null);
    persist(next.map(({ id, order }) => ({ id, order }))).catch((caught: unknown) => {
      console.error(caught);
      setError(saveFailureText(caught, failureText));
      reload().then(setItems, (reloadError: unknown) => console.error(reloadError));
    });
  };
  return { items, setItems, move, error };
}
