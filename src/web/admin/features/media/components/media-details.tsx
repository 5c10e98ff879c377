import { useState, type MouseEvent } from 'react';
import type { MediaItem } from '../../../../../shared/schemas/media';
import { errorMessage } from '../../../lib/admin-api';
import { deleteMedia, formatBytes, saveMedia } from '../../../lib/media-api';

type Props = { item: MediaItem; onSaved: (item: MediaItem) => void; onDeleted: (id: string) => void; onClose?: () => void };

const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * One library item: its facts and where it is used, its alt text and
 * decorative flag, and its focal point, set by clicking on the picture
 * (crops keep that point in frame; the server makes the crops again).
 */
export function MediaDetails({ item, onSaved, onDeleted, onClose }: Props) {
  const [alt, setAlt] = useState(item.alt);
  const [decorative, setDecorative] = useState(item.decorative);
  const [focal, setFocal] = useState(item.focalPoint);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure, 'Request failed'));
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      onSaved(await saveMedia(item.id, { alt, decorative, ...(item.type === 'image' ? { focalPoint: focal } : {}) }));
      setStatus('Saved');
    });

  const remove = () =>
    run(async () => {
      await deleteMedia(item.id);
      onDeleted(item.id);
    });

  const placeFocus = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
    setFocal({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };

  return (
    // On a phone a sheet over the grid (issue 24: it opened 4,000 px below it); beside the grid on wide screens.
    <section className="adm-card adm-media-details" aria-label="Selected media">
      {onClose ? (
        <button type="button" className="adm-button adm-button--small adm-media-details__close" onClick={onClose}>
          Close<span className="adm-visually-hidden"> media details</span>
        </button>
      ) : null}
      {item.type === 'image' ? (
        <button type="button" className="adm-focal" onClick={placeFocus} aria-label={`Set focal point of ${item.name || 'image'}`}>
          <img src={item.url} alt={alt || item.name} />
          <span className="adm-focal__marker" style={{ left: percent(focal.x), top: percent(focal.y) }} aria-hidden="true" />
        </button>
      ) : (
        <video src={item.url} controls preload="metadata" className="adm-media-details__video" />
      )}
      <dl className="adm-media-details__facts">
        <dt>File</dt>
        <dd>{item.name || item.url}</dd>
        <dt>Size</dt>
        <dd>
          {item.width && item.height ? `${item.width}×${item.height}, ` : ''}
          {formatBytes(item.bytes)}
        </dd>
        {item.type === 'image' ? (
          <>
            <dt>Focal point</dt>
            <dd>
              {percent(focal.x)} from the left, {percent(focal.y)} from the top
            </dd>
          </>
        ) : null}
        <dt>Used by</dt>
        <dd>{item.usedBy.length ? item.usedBy.map((usage) => `${usage.title} (${usage.kind})`).join(', ') : 'Not used anywhere'}</dd>
      </dl>
      <label className="adm-field__label" htmlFor={`alt-${item.id}`}>
        Alt text
      </label>
      <textarea id={`alt-${item.id}`} className="adm-input" rows={2} value={alt} disabled={decorative} onChange={(event) => setAlt(event.target.value)} />
      <label className="adm-checkbox">
        <input type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} /> Decorative (no alt text on pages)
      </label>
      <div className="adm-media-details__actions">
        <button type="button" className="adm-button adm-button--primary" onClick={() => void save()} disabled={busy}>
          Save
        </button>
        <button type="button" className="adm-button adm-button--danger" onClick={() => void remove()} disabled={busy}>
          Delete
        </button>
        {status ? <span role="status">{status}</span> : null}
      </div>
      {error ? (
        <p className="adm-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
