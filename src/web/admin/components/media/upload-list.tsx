import type { UploadEntry } from '../../hooks/use-uploads';
import { uploadFailureText } from '../../lib/upload';

type Props = { entries: UploadEntry[]; onCancel: (key: number) => void; onDismiss: (key: number) => void };

/** Each file on its way: a progress bar and a cancel, or the reason it was refused, beside its name. */
export function UploadList({ entries, onCancel, onDismiss }: Props) {
  if (entries.length === 0) return null;
  return (
    <ul className="adm-uploads" aria-label="Uploads">
      {entries.map((entry) => (
        <li key={entry.key} className={`adm-uploads__item${entry.error ? ' adm-uploads__item--failed' : ''}`}>
          <span className="adm-uploads__name">{entry.name}</span>
          {entry.error ? (
            <>
              {/* Not an alert of its own: the field announces how many failed. */}
              <span className="adm-uploads__error">
                {uploadFailureText(entry.error)}
              </span>
              <button type="button" className="adm-button adm-button--small" onClick={() => onDismiss(entry.key)} aria-label={`Dismiss ${entry.name}`}>
                Dismiss
              </button>
            </>
          ) : (
            <>
              <progress className="adm-uploads__bar" max={1} value={entry.progress} aria-label={`Uploading ${entry.name}`} />
              <button type="button" className="adm-button adm-button--small" onClick={() => onCancel(entry.key)} aria-label={`Cancel upload of ${entry.name}`}>
                Cancel
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
