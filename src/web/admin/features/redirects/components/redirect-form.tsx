import { useId, useState, type FormEvent } from 'react';
import { RedirectInputSchema, type Redirect } from '../../../../../shared/schemas';
import { FieldShell, TextField, describedBy } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/admin-api';
import { toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { createRedirect, updateRedirect } from '../api/redirects';

type Props = {
  /** The manual redirect being edited; null to add one. */
  editing: Redirect | null;
  onSaved: (redirect: Redirect) => void;
  onCancel: () => void;
};

const FIELDS = new Set(['from', 'to', 'status']);

/** The server names the field first ("from: a redirect from this address already exists"): shown beside that field. */
function serverErrors(error: unknown): { fields: FieldErrors; form: string | null } {
  const message = errorMessage(error, 'Failed to save redirect');
  const match = /^(\w+): (.+)$/.exec(message);
  if (match && FIELDS.has(match[1]!)) return { fields: { [match[1]!]: match[2]! }, form: null };
  return { fields: {}, form: message };
}

/** Add or edit one manual redirect: address → address or URL, 301 or 302. */
export function RedirectForm({ editing, onSaved, onCancel }: Props) {
  const statusId = useId();
  const [from, setFrom] = useState(editing?.from ?? '');
  const [to, setTo] = useState(editing?.to ?? '');
  const [status, setStatus] = useState<301 | 302>(editing?.status ?? 301);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = RedirectInputSchema.safeParse({ from, to, status });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = editing ? await updateRedirect(editing.id, parsed.data) : await createRedirect(parsed.data);
      onSaved(saved);
      if (!editing) {
        setFrom('');
        setTo('');
        setStatus(301);
      }
    } catch (error) {
      console.error(error);
      const { fields, form } = serverErrors(error);
      setErrors(fields);
      setFormError(form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="adm-section adm-section__body" aria-label={editing ? 'Edit redirect' : 'Add redirect'} onSubmit={(event) => void submit(event)} noValidate>
      <div className="adm-redirects__form">
        <TextField label="From" required placeholder="/old-page" hint="A path of this site" value={from} onChange={setFrom} error={errors.from} />
        <TextField label="To" required placeholder="/new-page or https://…" hint="A path or a full URL" value={to} onChange={setTo} error={errors.to} />
        <FieldShell id={statusId} label="Type" error={errors.status}>
          <select
            id={statusId}
            className="adm-input adm-select"
            value={status}
            onChange={(event) => setStatus(Number(event.target.value) === 302 ? 302 : 301)}
            aria-describedby={describedBy(statusId, undefined, errors.status)}
          >
            <option value={301}>301 Permanent</option>
            <option value={302}>302 Temporary</option>
          </select>
        </FieldShell>
        <div className="adm-redirects__form-actions">
          <button type="submit" className="adm-button adm-button--primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update' : 'Add Redirect'}
          </button>
          {editing ? (
            <button type="button" className="adm-button" onClick={onCancel} disabled={saving}>
              Cancel
            </button>
          ) : null}
        </div>
      </div>
      {formError ? (
        <p className="adm-alert adm-alert--error" role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
