import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

type FieldShellProps = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
};

/** Label, control, hint and error, wired together for assistive technology. */
export function FieldShell({ id, label, hint, error, required, children }: FieldShellProps) {
  return (
    <div className={`adm-field${error ? ' adm-field--invalid' : ''}`}>
      <div className="adm-field__label-row">
        <label className="adm-field__label" htmlFor={id}>
          {label}
        </label>
        <RequiredMark required={required} />
      </div>
      {children}
      {hint ? (
        <p className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="adm-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Outside the label, so the field's accessible name stays exactly its label. */
export function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="adm-field__required" aria-hidden="true" title="Required">
      *
    </span>
  ) : null;
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
};

export function TextField({ label, value, onChange, hint, error, required, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        className="adm-input"
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
};

export function TextAreaField({ label, value, onChange, hint, error, required, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        className="adm-input adm-textarea"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        rows={4}
        {...rest}
      />
    </FieldShell>
  );
}

type SelectFieldProps<T extends string> = {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  error?: string;
};

export function SelectField<T extends string>({ label, value, options, onChange, error }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        className="adm-input adm-select"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        aria-describedby={describedBy(id, undefined, error)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type ToggleProps = { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string };

/** A checkbox presented as an on/off switch. */
export function ToggleField({ label, checked, onChange, hint }: ToggleProps) {
  const id = useId();
  return (
    <div className="adm-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="adm-toggle__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id} className="adm-toggle__label">
        {label}
      </label>
      {hint ? (
        <p className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
