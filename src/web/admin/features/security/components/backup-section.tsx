import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/admin-api';
import { downloadBackup } from '../api/security';

export function BackupSection() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadBackup();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create the backup'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="adm-section adm-section--plain" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-section__heading">
        Backup
      </h2>
      <div className="adm-section__body">
        <p>One archive with all content, settings and media files. Restore it with <code>npm run restore -- FILE</code>.</p>
        {error ? (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" className="adm-button" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing backup...' : 'Download Backup'}
        </button>
      </div>
    </section>
  );
}
