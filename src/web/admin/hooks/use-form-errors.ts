import { useState } from 'react';
import { ApiError } from '../../api/client';
import type { FieldErrors } from '../lib/field-errors';

/** The value at a field path ("heroConfig.button1.link") of a form, to notice when it changes. */
function valueAt(form: unknown, path: string): string {
  let value: unknown = form;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return JSON.stringify(value ?? null);
}

type ServerError = { field: string; message: string; value: string };

/**
 * The errors a form shows, kept true while the user types: after the first
 * refused save, every change re-checks the form, so a field's error goes as
 * soon as its value is valid and a new one appears where it breaks. A
 * server's refusal about one field (a taken slug) stays under that field
 * until its value changes: only the server could say whether the new one is free.
 */
export function useFormErrors<F>(form: F, validate: (form: F) => FieldErrors) {
  const [checking, setChecking] = useState(false);
  const [server, setServer] = useState<ServerError | null>(null);
  // A new object only when a save is refused: the first invalid field gets the focus then, not at every keystroke.
  const [refused, setRefused] = useState<FieldErrors>({});

  const errors: FieldErrors = checking ? validate(form) : {};
  if (server && valueAt(form, server.field) === server.value && !(server.field in errors)) errors[server.field] = server.message;

  return {
    errors,
    refused,
    invalid: Object.keys(errors).length > 0,
    /** Before a save: true when the form may be sent; otherwise shows every error and focuses the first. */
    check(): boolean {
      setChecking(true);
      const found = validate(form);
      if (server && valueAt(form, server.field) === server.value) found[server.field] = server.message;
      if (Object.keys(found).length === 0) return true;
      setRefused(found);
      return false;
    },
    /** After a refused save: true when the server named a field (its message is now under it). */
    fromServer(error: unknown): boolean {
      if (!(error instanceof ApiError) || !error.field) return false;
      setServer({ field: error.field, message: error.message, value: valueAt(form, error.field) });
      setRefused({ [error.field]: error.message });
      return true;
    },
  };
}
