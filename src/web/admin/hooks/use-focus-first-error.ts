import { useEffect } from 'react';
import type { FieldErrors } from '../lib/field-errors';

/**
 * After a refused save, takes the user to the first invalid field: the
 * messages are often far from the Save button that was pressed (or inside a
 * section that was collapsed), and a screen-reader user would not hear them.
 */
export function useFocusFirstError(errors: FieldErrors) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const field = document.querySelector<HTMLElement>('.adm-main [aria-invalid="true"]');
    if (!field) return;
    // A section opens by itself when errors appear; this covers one folded again since.
    const folded = field.closest<HTMLElement>('[hidden]');
    if (folded?.id) document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(folded.id)}"]`)?.click();
    const frame = requestAnimationFrame(() => {
      field.focus({ preventScroll: true });
      field.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [errors]);
}
