import { useId, useState, type FormEvent } from 'react';
import { login } from '../api/auth';

/** `notice`: why the sign-in is asked again (a session that expired mid-edit), said in place of the subtitle. */
export function LoginScreen({ onLoggedIn, notice }: { onLoggedIn: () => void; notice?: string }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await login(password, remember, askCode ? code : undefined);
    setBusy(false);
    if (outcome.ok) return onLoggedIn();
    if (outcome.twoFactor && !askCode) {
      // The password was right: the question is not an error.
      setAskCode(true);
      setError(null);
      return;
    }
    setError(outcome.message);
  };

  return (
    <main className="adm-login">
      <form className="adm-login__card" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="adm-login__title">
          Welcome Back
        </h1>
        {notice ? (
          <p className="adm-alert adm-alert--warning" role="alert">
            {notice}
          </p>
        ) : (
          <p className="adm-login__subtitle">Sign in to manage your website</p>
        )}
        {error ? (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={`${id}-password`}>
            Password
          </label>
          <input
            id={`${id}-password`}
            className="adm-input"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {askCode ? (
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={`${id}-code`}>
              Two-factor code
            </label>
            <input
              id={`${id}-code`}
              className="adm-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              aria-describedby={`${id}-code-hint`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <p className="adm-field__hint" id={`${id}-code-hint`}>
              The 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
          </div>
        ) : null}
        <div className="adm-checkbox">
          <input id={`${id}-remember`} type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <label htmlFor={`${id}-remember`}>Remember me</label>
        </div>
        <button type="submit" className="adm-button adm-button--primary adm-button--block" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </main>
  );
}
