import { useState } from 'react';
import type { PreviewRequest } from '../../../../shared/schemas';
import { errorMessage } from '../../lib/admin-api';
import { createPreview } from '../../lib/publishing';

/**
 * Opens the public page as the form would make it, saved or not, on a signed
 * link valid for an hour. The tab opens at once (in the click, so no pop-up
 * blocker stops it) and goes to the link when the server answers.
 */
export function PreviewButton({ request }: { request: () => PreviewRequest }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    setError(null);
    try {
      const { url } = await createPreview(request());
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (failure) {
      tab?.close();
      setError(errorMessage(failure, 'Failed to create preview'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error ? (
        <span className="adm-save-summary" role="alert">
          {error}
        </span>
      ) : null}
      <button type="button" className="adm-button" onClick={() => void open()} disabled={busy}>
        {busy ? 'Opening...' : 'Preview'}
      </button>
    </>
  );
}
