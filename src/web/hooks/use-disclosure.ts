import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from '../router';

/**
 * What the script adds to a `<details>` menu, which opens and closes by itself from the first paint
 * (and without JavaScript): it closes on a page change, on Escape (focus back on its summary) and on
 * a press outside `area` (the details itself unless given: the mobile menu's links sit beside its
 * toggle). The listeners stay on and read the details' own `open` when a key or press comes: one
 * attached only once React had seen the menu open missed an Escape pressed right after opening.
 */
export function useDisclosure(details: RefObject<HTMLDetailsElement | null>, area?: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // After a link was followed; not when the script starts, which would shut a menu opened before it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (details.current) details.current.open = false;
  }, [details, pathname]);
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An Escape a control inside has used (a list of suggestions closing) is not for the menu.
      if (!element.open || event.key !== 'Escape' || event.defaultPrevented) return;
      element.open = false;
      element.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && !(area?.current ?? element).contains(event.target as Node)) element.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [details, area]);
}
