import { useEffect, type RefObject } from 'react';

/** Ctrl+S (⌘+S on a Mac) saves the form, from any of its fields, instead of saving the web page. */
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      // While another dialog is open (unsaved changes, sign in again), that dialog has the user's attention.
      if (document.querySelector('dialog[open]')) return;
      form.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [form]);
}
