import { useEffect, useId, useState } from 'react';
import type { MediaItem } from '../../../../shared/schemas/media';
import { errorMessage } from '../../lib/admin-api';
import { formatBytes, saveMedia } from '../../lib/media-api';
import { mediaByUrl, rememberMedia } from '../../lib/media-by-url';

/** The last part of an address: what a file outside the library is called in a form. */
const fileNameOf = (url: string) => url.split(/[?#]/)[0]?.split('/').pop() || url;

/**
 * Under a picture or video in a form (issue 24): the file's name and size, not its address; for
 * a picture also its alt text, or a "Missing alt text" mark that opens the field. The alt text is
 * the library item's, so it is saved to the library at once and used wherever the picture appears.
 */
export function MediaFacts({ url, label, kind = 'image' }: { url: string; label: string; kind?: 'image' | 'video' }) {
  const id = useId();
  // undefined while the library is asked; null: not a library file (an older address, another site).
  const [item, setItem] = useState<MediaItem | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [alt, setAlt] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    setItem(undefined);
    void mediaByUrl(url).then((found) => {
      if (!active) return;
      setItem(found);
      setAlt(found?.alt ?? '');
    });
    return () => {
      active = false;
    };
  }, [url]);

  if (item === undefined) return null;
  if (item === null || kind === 'video') {
    return (
      <div className="adm-picture-facts">
        <p className="adm-picture-facts__file">
          <span className="adm-picture-facts__name">{item?.name || fileNameOf(url)}</span>
          {item ? ` · ${formatBytes(item.bytes)}` : null}
        </p>
      </div>
    );
  }
  const missing = !item.alt && !item.decorative;

  const save = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const saved = await saveMedia(item.id, { alt });
      rememberMedia(saved);
      setItem(saved);
      setEditing(false);
      setStatus('Alt text saved');
    } catch (error) {
      setStatus(errorMessage(error, 'Failed to save media'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="adm-picture-facts">
      <p className="adm-picture-facts__file">
        <span className="adm-picture-facts__name">{item.name || url.split('/').pop()}</span> · {formatBytes(item.bytes)}
      </p>
      {editing ? (
        <div className="adm-picture-facts__alt">
          <label className="adm-field__label" htmlFor={id}>
            Alt text for {label}
          </label>
          <input id={id} className="adm-input" value={alt} onChange={(event) => setAlt(event.target.value)} placeholder="What the picture shows" />
          <button type="button" className="adm-button adm-button--small adm-button--primary" disabled={busy} onClick={() => void save()}>
            Save alt text
          </button>
          <button type="button" className="adm-button adm-button--small" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      ) : missing ? (
        <button type="button" className="adm-button adm-button--small adm-picture-facts__missing" onClick={() => setEditing(true)}>
          Missing alt text<span className="adm-visually-hidden"> for {label}</span>
        </button>
      ) : (
        <p className="adm-picture-facts__alt-text">
          Alt: {item.decorative ? '(decorative)' : item.alt}{' '}
          <button type="button" className="adm-link-button" onClick={() => setEditing(true)}>
            Edit alt text<span className="adm-visually-hidden"> for {label}</span>
          </button>
        </p>
      )}
      {status ? (
        <p className="adm-field__hint" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
