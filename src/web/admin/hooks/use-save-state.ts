import { useCallback, useEffect, useRef, useState } from 'react';
import { SAVED_INDICATOR_MS } from '../../../shared/constants';

export type SaveStatus = 'idle' | 'saving' | 'saved';

/** idle → saving → saved (for SAVED_INDICATOR_MS) → idle; errors go back to idle. */
export function useSaveState() {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** `failureText`: what to say beside Save, or null when the failure is already said elsewhere (under a field). */
  const run = useCallback(async (save: () => Promise<void>, failureText: (error: unknown) => string | null) => {
    clearTimeout(timer.current);
    setStatus('saving');
    setError(null);
    try {
      await save();
      setStatus('saved');
      timer.current = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS);
      return true;
    } catch (caught) {
      console.error(caught);
      setStatus('idle');
      setError(failureText(caught));
      return false;
    }
  }, []);

  return { status, error, setError, run };
}
