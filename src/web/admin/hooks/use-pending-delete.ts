import { useState, type Dispatch, type SetStateAction } from 'react';
import { saveFailureText } from '../lib/save-failure';

/**
 * A list row waiting for the delete confirmation, and the delete itself: on
 * success the row leaves the list; on failure the dialog stays open with the
 * spec's text (e.g. "Failed to delete category") and the server's reason, and the row stays.
 */
export function usePendingDelete<T extends { id: string }>(
  remove: (id: string) => Promise<unknown>,
  setItems: Dispatch<SetStateAction<T[]>>,
  failureText: string,
) {
  const [pending, setPending] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!pending) return;
    setDeleting(true);
    setError(null);
    try {
      await remove(pending.id);
      setItems((current) => current.filter((item) => item.id !== pending.id));
      setPending(null);
    } catch (caught) {
      console.error(caught);
      setError(saveFailureText(caught, failureText));
    } finally {
      setDeleting(false);
    }
  };

  const close = () => {
    setPending(null);
    setError(null);
  };
  const ask = (item: T) => {
    setError(null);
    setPending(item);
  };
  return { pending, ask, cancel: close, confirm, deleting, error };
}

export type PendingDelete<T extends { id: string }> = ReturnType<typeof usePendingDelete<T>>;
