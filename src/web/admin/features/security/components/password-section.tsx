import { useId, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../../shared/schemas';
import { errorMessage } from '../../../lib/admin-api';
import { changePassword } from '../api/security';

export function PasswordSection() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) {
      setResult({ ok: false, text: `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.` });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setResult({ ok: true, text: 'Password changed. Every other session was signed out.' });
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error, 'Failed to change the password') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-section adm-section--plain" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-section__heading">
        Password
      </h2>
      <form className="adm-section__body" onSubmit={(event) => void submit(event)}>
        {result ? (
          <p className={`adm-alert ${result.ok ? 'adm-alert--success' : 'adm-alert--error'}`} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        ) : null}
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={`${id}-current`}>
            Current password
          </label>
          <input id={`${id}-current`} className="adm-input" type="password" autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} />
        </div>
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={`${id}-new`}>
            New password
          </label>
          <input
            id={`${id}-new`}
            className="adm-input"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            aria-describedby={`${id}-hint`}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <p className="adm-field__hint" id={`${id}-hint`}>
            At least {MIN_PASSWORD_LENGTH} characters, and not one of the most common passwords. Every other session is signed out.
          </p>
        </div>
        <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
          {busy ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
