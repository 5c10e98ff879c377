import type { FieldErrors } from '../../lib/field-errors';

/** `announce`: false for the copy beside the second Save button, so a screen reader hears it once. */
type Props = { errors: FieldErrors; failure: string | null; announce?: boolean };

/**
 * Beside Save: why the last save did not happen. Field errors sit under
 * their fields; this line says how many there are (they may be off screen or
 * in a folded section), or carries a failure that belongs to no field.
 * Nothing when the form may be saved.
 */
export function SaveSummary({ errors, failure, announce = true }: Props) {
  const count = Object.keys(errors).length;
  if (count === 0 && !failure) return null;
  const text = count > 0 ? `${count} ${count === 1 ? 'field needs' : 'fields need'} attention before saving` : failure;
  return (
    <p className="adm-save-summary" role={announce ? 'alert' : undefined}>
      {text}
    </p>
  );
}
