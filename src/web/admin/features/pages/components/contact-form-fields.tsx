import { useId } from 'react';
import type { Block } from '../../../../../shared/schemas/page';
import { FORM_FIELD_TYPES } from '../../../../../shared/schemas/page';
import { FieldShell, TextAreaField, TextField, describedBy } from '../../../components/ui/form-field';
import { MoveButtons } from '../../../components/ui/move-buttons';
import type { BlockFieldsProps } from './block-fields';

type ContactForm = Extract<Block, { type: 'contactForm' }>;
type FormField = ContactForm['fields'][number];

const TYPE_LABELS: Record<FormField['type'], string> = { text: 'Text', email: 'E-mail address', choice: 'Choice (a list)', checkbox: 'Checkbox' };

/** "Company size" → "companySize": a field's name in the submission, made from its label until the owner changes it. */
export function fieldNameOf(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const name = words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('');
  const safe = /^[a-z]/.test(name) ? name : name ? `field${name}` : '';
  return ['name', 'email', 'message', 'website'].includes(safe) ? `${safe}2` : safe.slice(0, 40);
}

/** The contact form block: the owner's extra fields (with type, required and options), the consent line and the thank-you message. */
export function ContactFormFields({ block, onChange, errors, announce }: BlockFieldsProps<ContactForm>) {
  const setFields = (update: (fields: FormField[]) => FormField[]) => onChange((current) => ({ ...current, fields: update(current.fields) }));
  const setField = (index: number, change: Partial<FormField>) => setFields((fields) => fields.map((field, i) => (i === index ? { ...field, ...change } : field)));
  const move = (from: number, to: number) => {
    setFields((fields) => {
      const next = [...fields];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    announce(`Field ${from + 1} moved to position ${to + 1} of ${block.fields.length}.`);
  };
  return (
    <>
      <p className="adm-field__hint">Every contact form asks for a name, an e-mail address and a message. Add fields of your own below.</p>
      <div className="adm-block-list">
        {errors.fields ? (
          <p className="adm-field__error" role="alert">
            Fields {errors.fields}
          </p>
        ) : null}
        <ol className="adm-block-items">
          {block.fields.map((field, index) => (
            <li key={index} className="adm-block-item">
              <FormFieldEditor index={index} field={field} errors={errors} onChange={(change) => setField(index, change)} />
              <div className="adm-block-item__tools">
                <MoveButtons label={`field ${index + 1}`} index={index} count={block.fields.length} onMove={move} />
                <button
                  type="button"
                  className="adm-button adm-button--small adm-button--danger"
                  onClick={() => {
                    setFields((fields) => fields.filter((_, i) => i !== index));
                    announce(`Field ${index + 1} removed.`);
                  }}
                >
                  Remove<span className="adm-visually-hidden"> field {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="adm-button adm-button--small"
          onClick={() => setFields((fields) => [...fields, { name: '', label: '', type: 'text', required: false, options: [] }])}
        >
          Add field
        </button>
      </div>
      <TextAreaField
        label="Consent text"
        hint="Optional: a line the visitor must tick before sending (e.g. how you use their message)"
        rows={2}
        maxLength={1000}
        value={block.consentText}
        onChange={(consentText) => onChange((current) => ({ ...current, consentText }))}
        error={errors.consentText}
      />
      <TextAreaField
        label="Thank-you message"
        hint="Shown once the message is sent; blank says “Thank you: your message has been sent.”"
        rows={2}
        maxLength={1000}
        value={block.successMessage}
        onChange={(successMessage) => onChange((current) => ({ ...current, successMessage }))}
        error={errors.successMessage}
      />
    </>
  );
}

function FormFieldEditor({ index, field, errors, onChange }: { index: number; field: FormField; errors: Record<string, string>; onChange: (change: Partial<FormField>) => void }) {
  const typeId = useId();
  const requiredId = useId();
  const at = (key: string) => errors[`fields.${index}.${key}`];
  const n = index + 1;
  return (
    <div className="adm-grid-2">
      <TextField
        label={`Field ${n} label`}
        required
        maxLength={200}
        value={field.label}
        // The name follows the label while it is the one made from it.
        onChange={(label) => onChange({ label, ...(field.name === '' || field.name === fieldNameOf(field.label) ? { name: fieldNameOf(label) } : {}) })}
        error={at('label')}
      />
      <TextField
        label={`Field ${n} name`}
        required
        maxLength={40}
        hint="How the answer is named in the inbox and the CSV: letters and digits, starting with a lower-case letter"
        value={field.name}
        onChange={(name) => onChange({ name })}
        error={at('name')}
      />
      <FieldShell id={typeId} label={`Field ${n} type`} error={at('type')}>
        <select
          id={typeId}
          className="adm-input adm-select"
          value={field.type}
          aria-describedby={describedBy(typeId, undefined, at('type'))}
          onChange={(event) => onChange({ type: event.target.value as FormField['type'] })}
        >
          {FORM_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </FieldShell>
      <div className="adm-checkbox adm-block-required">
        <input id={requiredId} type="checkbox" checked={field.required} onChange={(event) => onChange({ required: event.target.checked })} />
        <label htmlFor={requiredId}>Field {n} is required</label>
      </div>
      {field.type === 'choice' ? (
        <TextAreaField
          label={`Field ${n} options`}
          required
          hint="One option a line"
          rows={3}
          value={field.options.join('\n')}
          onChange={(text) => onChange({ options: text.split('\n') })}
          onBlur={() => onChange({ options: field.options.map((option) => option.trim()).filter(Boolean) })}
          error={at('options') ?? Object.entries(errors).find(([key]) => key.startsWith(`fields.${index}.options.`))?.[1]}
        />
      ) : null}
    </div>
  );
}
