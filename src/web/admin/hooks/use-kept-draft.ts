import { useEffect, useState } from 'react';

/** What one editor keeps in the browser while it has unsaved changes. */
type KeptDraft<F> = { at: string; base: F; form: F };

const PREFIX = 'showcase:admin-draft:';
const WRITE_DELAY_MS = 300;

function read<F>(key: string): KeptDraft<F> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as KeptDraft<F>) : null;
  } catch {
    return null;
  }
}

/**
 * Unsaved fields kept in this browser per item (`key`, e.g. `product:42`), so a reload, a crash or a
 * phone discarding the tab loses nothing (issue 24). Written shortly after each change, removed once
 * the form is saved or the changes are undone. On opening the item again, a kept draft that differs
 * from what is loaded is offered back (`offer`), never applied unasked.
 */
export function useKeptDraft<F>(key: string | undefined, state: { form: F; base: F; dirty: boolean }, loaded: F) {
  const [offer, setOffer] = useState<KeptDraft<F> | null>(() => {
    if (!key) return null;
    const kept = read<F>(key);
    return kept && JSON.stringify(kept.form) !== JSON.stringify(loaded) ? kept : null;
  });

  useEffect(() => {
    // While an offer is open the stored draft is left alone: the form is not yet the owner's.
    if (!key || offer) return;
    if (!state.dirty) {
      localStorage.removeItem(PREFIX + key);
      return;
    }
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify({ at: new Date().toISOString(), base: state.base, form: state.form }));
      } catch {
        // Storage full or off (private mode): the form still holds the work, as before.
      }
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, offer, state.dirty, state.form, state.base]);

  return {
    offer,
    /** The offer is answered: restored (the caller applies it) or discarded. */
    close: (discard: boolean) => {
      if (discard && key) localStorage.removeItem(PREFIX + key);
      setOffer(null);
    },
  };
}
