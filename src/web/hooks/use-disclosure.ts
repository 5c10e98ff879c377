import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from '../router';

/**
 * What the script adds to a `<details>` menu, which opens and closes by itself from the first paint
 * (and without JavaScript): it closes on a page change, on Escape (focus back on its summary) and on
 * a press outside `area` (the details itself unless given: the mobile menu's links sit beside its
 * toggle). Returns the `onToggle` handler to put on the details.
 */
export function useDisclosure(details: RefObject<HTMLDetailsElement | null>, area?: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Opened before the script ran: the browser toggled it, React saw no event.
  useEffect(() => setOpen(details.current?.open ?? false), [details]);
  // After a link was followed; not when the script starts, which would shut a menu opened before it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (details.current) details.current.open = false;
  }, [details, pathname]);
  useEffect(() => {
    const element = details.current;
    if (!open || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An Escape a control inside has used (a list of suggestions closing) is not for the menu.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      element.open = false;
      element.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(area?.current ?? element).contains(event.target as Node)) element.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [details, area, open]);
  return (event: { currentTarget: HTMLDetailsElement }) => setOpen(event.currentTarget.open);
}
