import { useEffect, useId, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../../../shared/schemas';
import { errorMessage } from '../../../lib/admin-api';
import { disableTwoFactor, enableTwoFactor, readTwoFactorStatus, startTwoFactorSetup } from '../api/security';
import { InlineLoading } from '../../../components/ui/loading-screen';

type Step =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'status'; status: TwoFactorStatus }
  | { kind: 'scan'; setup: TwoFactorSetup; qr: string }
  | { kind: 'codes'; recoveryCodes: string[] };

/** Turning TOTP on: scan the QR code, type a code back, then see the recovery codes once. */
export function TwoFactorSection() {
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () =>
    readTwoFactorStatus().then(
      (status) => setStep({ kind: 'status', status }),
      (failure: unknown) => setStep({ kind: 'failed', message: errorMessage(failure, 'Failed to load two-factor status') }),
    );
  useEffect(() => {
    void refresh();
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure, 'Request failed'));
    } finally {
      setBusy(false);
    }
  };
  const begin = () =>
    run(async () => {
      const setup = await startTwoFactorSetup();
      const qr = await QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 200 });
      setCode('');
      setStep({ kind: 'scan', setup, qr });
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { recoveryCodes } = await enableTwoFactor(code);
      setStep({ kind: 'codes', recoveryCodes });
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await disableTwoFactor(password, code);
      setPassword('');
      setCode('');
      await refresh();
    });
  };

  const codeField = (label: string) => (
    <div className="adm-field">
      <label className="adm-field__label" htmlFor={`${id}-code`}>
        {label}
      </label>
      <input id={`${id}-code`} className="adm-input" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} />
    </div>
  );

  return (
    <section className="adm-section adm-section--plain" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-section__heading">
        Two-factor sign-in
      </h2>
      <div className="adm-section__body">
        {error ? (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        {step.kind === 'loading' ? <InlineLoading /> : null}
        {step.kind === 'failed' ? <p className="adm-alert adm-alert--error">{step.message}</p> : null}
        {step.kind === 'status' && !step.status.enabled ? (
          <>
            <p>Off. With it on, signing in needs a code from an authenticator app on your phone as well as the password.</p>
            <button type="button" className="adm-button adm-button--primary" disabled={busy} onClick={() => void begin()}>
              Turn On Two-Factor Sign-In
            </button>
          </>
        ) : null}
        {step.kind === 'scan' ? (
          <form onSubmit={confirm}>
            <p>Scan this code with your authenticator app, then type the 6-digit code it shows.</p>
            <img src={step.qr} width={200} height={200} alt="QR code for your authenticator app" />
            <p>
              Or enter this key by hand: <code data-testid="totp-secret">{step.setup.secret}</code>
            </p>
            {codeField('Code from the app')}
            <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
              Confirm and Turn On
            </button>
          </form>
        ) : null}
        {step.kind === 'codes' ? (
          <>
            <p className="adm-alert adm-alert--success" role="status">
              Two-factor sign-in is on. Save these recovery codes somewhere safe: each signs in once without the app, and they are shown only now.
            </p>
            <ul aria-label="Recovery codes">
              {step.recoveryCodes.map((recovery) => (
                <li key={recovery}>
                  <code>{recovery}</code>
                </li>
              ))}
            </ul>
            <button type="button" className="adm-button adm-button--primary" onClick={() => void refresh()}>
              I Have Saved These Codes
            </button>
          </>
        ) : null}
        {step.kind === 'status' && step.status.enabled ? (
          <form onSubmit={turnOff}>
            <p>
              On. {step.status.recoveryCodesLeft} of 10 recovery codes left. To turn it off, confirm with your password and a code.
            </p>
            <div className="adm-field">
              <label className="adm-field__label" htmlFor={`${id}-password`}>
                Password
              </label>
              <input id={`${id}-password`} className="adm-input" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
            </div>
            {codeField('Code from the app or a recovery code')}
            <button type="submit" className="adm-button adm-button--danger" disabled={busy}>
              Turn Off Two-Factor Sign-In
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
