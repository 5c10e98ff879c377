import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * A list row waiting for the delete confirmation, and the delete itself: on
 * success the row leaves the list; on failure the spec's alert (e.g. "Failed
 * to delete category") and the row stays.
 */
export function usePendingDelete<T extends { id: string }>(
  remove: (id: string) => Promise<unknown>,
  setItems: Dispatch<SetStateAction<T[]>>,
  failureText: string,
) {
  const [pending, setPending] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      await remove(pending.id);
      setItems((current) => current.filter((item) => item.id !== pending.id));
    } catch (error) {
      console.error(error);
      window.alert(failureText);
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  return { pending, ask: setPending, cancel: () => setPending(null), confirm, deleting };
}

export type PendingDelete<T extends { id: string }> = ReturnType<typeof usePendingDelete<T>>;
