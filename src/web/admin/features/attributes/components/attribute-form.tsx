import { useId, useState, type FormEvent } from 'react';
import { AttributeInputSchema, type Attribute, type AttributeType } from '../../../../../shared/schemas';
import { slugify } from '../../../../../shared/slugify';
import { FieldShell, TextField, describedBy } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/admin-api';
import { toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { createAttribute, updateAttribute } from '../api/attributes';

type Props = { editing: Attribute | null; onSaved: (attribute: Attribute) => void; onCancel: () => void };

const FIELDS = new Set(['name', 'slug', 'type', 'values', 'unit', 'filter']);

function serverErrors(error: unknown): { fields: FieldErrors; form: string | null } {
  const message = errorMessage(error, 'Failed to save attribute');
  const match = /^(\w+)(?:\.\d+)?: (.+)$/.exec(message);
  if (match && FIELDS.has(match[1]!)) return { fields: { [match[1]!]: match[2]! }, form: null };
  return { fields: {}, form: message };
}

/** Add or edit one attribute: name, slug, type (a choice with its values, a number with its unit, yes/no), and whether it is a filter. */
export function AttributeForm({ editing, onSaved, onCancel }: Props) {
  const typeId = useId();
  const valuesId = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(editing !== null);
  const [type, setType] = useState<AttributeType>(editing?.type ?? 'choice');
  const [values, setValues] = useState((editing?.values ?? []).join('\n'));
  const [unit, setUnit] = useState(editing?.unit ?? '');
  const [filter, setFilter] = useState(editing?.filter ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      slug,
      type,
      ...(type === 'choice' ? { values: values.split('\n').map((value) => value.trim()).filter(Boolean) } : {}),
      ...(type === 'number' ? { unit: unit.trim() || null } : {}),
      filter,
    };
    const parsed = AttributeInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = editing ? await updateAttribute(editing.id, input) : await createAttribute(input);
      onSaved(saved);
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
    <form className="adm-section adm-section__body" aria-label={editing ? 'Edit attribute' : 'Add attribute'} onSubmit={(event) => void submit(event)} noValidate>
      <div className="adm-attributes__form">
        <TextField
          label="Name"
          required
          placeholder="Level"
          value={name}
          onChange={(next) => {
            setName(next);
            if (!slugTouched) setSlug(slugify(next));
          }}
          error={errors.name}
        />
        <TextField
          label="Slug"
          required
          hint="Names it in addresses: ?level=beginner"
          value={slug}
          onChange={(next) => {
            setSlugTouched(true);
            setSlug(next);
          }}
          error={errors.slug}
        />
        <FieldShell id={typeId} label="Type" error={errors.type}>
          <select id={typeId} className="adm-input adm-select" value={type} onChange={(event) => setType(event.target.value as AttributeType)} aria-describedby={describedBy(typeId, undefined, errors.type)}>
            <option value="choice">Choice</option>
            <option value="number">Number</option>
            <option value="boolean">Yes / no</option>
          </select>
        </FieldShell>
        {type === 'choice' ? (
          <FieldShell id={valuesId} label="Values" hint="One per line" error={errors.values}>
            <textarea id={valuesId} className="adm-input" rows={4} value={values} onChange={(event) => setValues(event.target.value)} aria-describedby={describedBy(valuesId, 'One per line', errors.values)} />
          </FieldShell>
        ) : null}
        {type === 'number' ? <TextField label="Unit" placeholder="min" value={unit} onChange={setUnit} error={errors.unit} /> : null}
        <label className="adm-check">
          <input type="checkbox" checked={filter} onChange={(event) => setFilter(event.target.checked)} /> Offer as a filter on category and search pages
        </label>
        <div className="adm-redirects__form-actions">
          <button type="submit" className="adm-button adm-button--primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update' : 'Add Attribute'}
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
