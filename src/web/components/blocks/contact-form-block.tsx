import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ContactFormBlock as Block } from '../../../shared/schemas/page';
import { HONEYPOT_FIELD } from '../../../shared/newsletter-form';
import { DEFAULT_SUCCESS_MESSAGE, FORM_BLOCK_FIELD, FORM_MESSAGE_MAX } from '../../../shared/contact-form';
import type { FormState } from './form-state';

type Props = { block: Block; pageId: string; pageSlug: string; sent: boolean; state: FormState | null; preview?: boolean };
type Status = { state: 'idle' | 'sending' } | { state: 'sent'; message: string } | { state: 'failed'; message: string | null; errors: Record<string, string> };

const NETWORK_ERROR = 'An error occurred. Please try again.';

/** The form's values as the JSON API takes them: a ticked checkbox is "on", like a plain post. */
const valuesOf = (form: HTMLFormElement): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && name !== FORM_BLOCK_FIELD) values[name] = value;
  return values;
};

async function send(pageId: string, blockId: string, values: Record<string, string>): Promise<Status> {
  try {
    const response = await fetch(`/api/forms/${encodeURIComponent(pageId)}/${encodeURIComponent(blockId)}/submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    });
    const answer = (await response.json().catch(() => null)) as { success?: boolean; data?: { message?: string }; error?: string; field?: string } | null;
    if (response.ok && answer?.success) return { state: 'sent', message: answer.data?.message || DEFAULT_SUCCESS_MESSAGE };
    const error = answer?.error || NETWORK_ERROR;
    const field = answer?.field ?? /^([A-Za-z]\w*): /.exec(error)?.[1];
    return field ? { state: 'failed', message: null, errors: { [field]: error.replace(/^[A-Za-z]\w*: /, '') } } : { state: 'failed', message: error, errors: {} };
  } catch {
    return { state: 'failed', message: NETWORK_ERROR, errors: {} };
  }
}

/**
 * A contact form that works without JavaScript (a plain post to the page, then its thank-you
 * line on the same page, or the form again with what was wrong under each field) and, with it,
 * sends in place: the thank-you line replaces the form, a refusal keeps every typed value.
 */
export function ContactFormBlock({ block, pageId, pageSlug, sent, state, preview = false }: Props) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const done = useRef<HTMLParagraphElement>(null);
  const success = block.successMessage || DEFAULT_SUCCESS_MESSAGE;
  const posted = state?.blockId === block.id ? state : null;
  const errors = status.state === 'failed' ? status.errors : (posted?.errors ?? {});
  const general = status.state === 'failed' ? status.message : (posted?.message ?? null);
  const value = (name: string) => posted?.values[name] ?? '';
  const ids = (name: string) => ({ id: `${block.id}-${name}`, error: `${block.id}-${name}-error` });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview || status.state === 'sending') return;
    setStatus({ state: 'sending' });
    const result = await send(pageId, block.id, valuesOf(event.currentTarget));
    setStatus(result);
    if (result.state === 'sent') requestAnimationFrame(() => done.current?.focus());
  };

  if (sent || status.state === 'sent') {
    return (
      <section className="page-block page-block--form" id={block.id} aria-label="Contact form">
        <p className="contact-form__sent" role="status" tabIndex={-1} ref={done}>
          {status.state === 'sent' ? status.message : success}
        </p>
      </section>
    );
  }

  const field = (name: string, label: string, control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, required: boolean) => {
    const { id, error } = ids(name);
    const problem = errors[name];
    return (
      <div className="contact-form__field" key={name}>
        <label htmlFor={id}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        {control({ id, ...(problem ? { 'aria-invalid': true as const, 'aria-describedby': error } : {}) })}
        {problem && (
          <p className="contact-form__error" id={error}>
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="page-block page-block--form" id={block.id} aria-label="Contact form">
      {/* A preview shows the form as visitors will see it, but nothing typed there is sent: no address to post to, the button off. */}
      {preview && (
        <p className="contact-form__preview" role="note">
          Preview: this form cannot be sent from a preview.
        </p>
      )}
      <form className="contact-form" {...(preview ? {} : { method: 'post', action: `/pages/${pageSlug}#${block.id}` })} onSubmit={onSubmit}>
        <input type="hidden" name={FORM_BLOCK_FIELD} value={block.id} />
        {general && (
          <p className="contact-form__error contact-form__error--general" role="alert">
            {general}
          </p>
        )}
        {field('name', 'Name', (props) => <input {...props} name="name" type="text" required maxLength={200} autoComplete="name" defaultValue={value('name')} />, true)}
        {field('email', 'E-mail', (props) => <input {...props} name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={value('email')} />, true)}
        {field('message', 'Message', (props) => <textarea {...props} name="message" required rows={6} maxLength={FORM_MESSAGE_MAX} defaultValue={value('message')} />, true)}
        {block.fields.map((extra) => {
          if (extra.type === 'checkbox') {
            const { id, error } = ids(extra.name);
            const problem = errors[extra.name];
            return (
              <div className="contact-form__field contact-form__field--check" key={extra.name}>
                <input
                  id={id}
                  name={extra.name}
                  type="checkbox"
                  required={extra.required}
                  defaultChecked={value(extra.name) !== '' && value(extra.name) !== 'no'}
                  {...(problem ? { 'aria-invalid': true, 'aria-describedby': error } : {})}
                />
                <label htmlFor={id}>
                  {extra.label}
                  {extra.required && <span aria-hidden="true"> *</span>}
                </label>
                {problem && (
                  <p className="contact-form__error" id={error}>
                    {problem}
                  </p>
                )}
              </div>
            );
          }
          if (extra.type === 'choice') {
            return field(
              extra.name,
              extra.label,
              (props) => (
                <select {...props} name={extra.name} required={extra.required} defaultValue={value(extra.name)}>
                  <option value="">Choose…</option>
                  {extra.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ),
              extra.required,
            );
          }
          return field(
            extra.name,
            extra.label,
            (props) => <input {...props} name={extra.name} type={extra.type === 'email' ? 'email' : 'text'} required={extra.required} maxLength={1000} defaultValue={value(extra.name)} />,
            extra.required,
          );
        })}
        {/* Hidden from people (and screen readers); form-filling bots fill it and are quietly ignored. */}
        <div className="newsletter__trap" aria-hidden="true">
          <label htmlFor={`${block.id}-${HONEYPOT_FIELD}`}>Website</label>
          <input id={`${block.id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {block.consentText && <p className="contact-form__consent">{block.consentText}</p>}
        <button className="btn btn-primary btn-solid btn-md" type="submit" disabled={preview || status.state === 'sending'}>
          {status.state === 'sending' ? 'Sending...' : 'Send message'}
        </button>
      </form>
    </section>
  );
}
