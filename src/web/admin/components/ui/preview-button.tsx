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
  const open = async () => {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const { url } = await createPreview(request());
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      window.alert(errorMessage(error, 'Failed to create preview'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="adm-button" onClick={() => void open()} disabled={busy}>
      {busy ? 'Opening...' : 'Preview'}
    </button>
  );
}
