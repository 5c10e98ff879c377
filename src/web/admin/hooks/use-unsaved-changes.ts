import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Warns before leaving a form with unsaved changes: the browser's own prompt
 * on reload/close, and an in-app confirmation for router navigation.
 * `allowNextNavigation` lets a successful save leave without asking.
 */
// Module state, not context: the logout dialog lives in the shell, outside every form.
let dirtyForms = 0;
let leavingOnPurpose = false;

/** Whether a form on screen holds changes that are not saved. */
export const hasUnsavedChanges = () => dirtyForms > 0;

/**
 * The user already confirmed that leaving loses the changes (logout): no
 * second, browser-made prompt, whose "Stay" would leave them on a form whose
 * session is already revoked.
 */
export function leaveWithoutUnsavedPrompt() {
  leavingOnPurpose = true;
}

export function useUnsavedChanges(dirty: boolean) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    dirtyForms += 1;
    const warn = (event: BeforeUnloadEvent) => {
      if (bypass.current || leavingOnPurpose) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      dirtyForms -= 1;
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  return { blocker, allowNextNavigation };
}
