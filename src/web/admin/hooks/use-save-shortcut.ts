import { useEffect, useRef, type RefObject } from 'react';

/**
 * Ctrl+S (⌘+S on a Mac) saves, from anywhere on the screen, instead of saving
 * the web page: `target` is the screen's form (submitted as if Save were
 * pressed) or its save function.
 */
export function useSaveShortcut(target: RefObject<HTMLFormElement | null> | (() => unknown)) {
  // The latest save function, without re-registering the listener on every render.
  const latest = useRef(target);
  latest.current = target;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      // While another dialog is open (unsaved changes, sign in again), that dialog has the user's attention.
      if (document.querySelector('dialog[open]')) return;
      const current = latest.current;
      if (typeof current === 'function') void current();
      else current.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
