import { useState } from 'react';
import type { ReorderItem } from '../../../shared/schemas';
import { moveAndRenumber } from '../components/ui/sortable';

type Item = { id: string; order: number };

/**
 * A list that reorders on screen first and then persists; a failed save is
 * reported but not rolled back (spec §4).
 */
export function useSortableList<T extends Item>(
  initial: T[],
  persist: (items: ReorderItem[]) => Promise<unknown>,
  failureText: string,
) {
  const [items, setItems] = useState(initial);
  const move = (from: number, to: number) => {
    const next = moveAndRenumber(items, from, to);
    setItems(next);
    persist(next.map(({ id, order }) => ({ id, order }))).catch((error: unknown) => {
      console.error(error);
      window.alert(failureText);
    });
  };
  return { items, setItems, move };
}
