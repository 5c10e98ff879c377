import { useId, useRef, useState } from 'react';
import { uploadFailureText, uploadFile, uploadImage } from '../../lib/upload';
import { RequiredMark, describedBy } from './form-field';

type Props = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  hint?: string;
  error?: string;
  required?: boolean;
};

type PickerProps = Props & { kind: 'image' | 'video' };

/**
 * Upload a file (or paste a link) and see what is stored. The server checks
 * type and size from the bytes, so its refusal (415, 413) is shown verbatim.
 */
function MediaPicker({ kind, label, value, onChange, hint, error, required }: PickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = uploadError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    // The shared upload endpoint takes images too, so a video picker checks the declared type itself.
    if (kind === 'video' && file.type && !file.type.startsWith('video/')) {
      setUploadError(uploadFailureText('Unsupported file type: choose an MP4 or WebM video'));
      if (input.current) input.current.value = '';
      return;
    }
    setUploading(true);
    setUploadError(null);
    // Image pickers use the image-only endpoint, so the server refuses anything else.
    const outcome = kind === 'image' ? await uploadImage(file) : await uploadFile(file);
    setUploading(false);
    if (input.current) input.current.value = '';
    if (outcome.success) onChange(outcome.url);
    else setUploadError(uploadFailureText(outcome.error));
  };

  return (
    <div className={`adm-field adm-media${shownError ? ' adm-field--invalid' : ''}`}>
      <div className="adm-field__label-row">
        <label className="adm-field__label" htmlFor={id}>
          {label}
        </label>
        <RequiredMark required={required} />
      </div>
      <div className="adm-media__row">
        <div className="adm-media__preview">
          {value ? (
            kind === 'image' ? (
              <img src={value} alt={`${label} preview`} />
            ) : (
              <video src={value} muted controls preload="metadata" aria-label={`${label} preview`} />
            )
          ) : (
            <span className="adm-media__empty">No {kind}</span>
          )}
        </div>
        <div className="adm-media__controls">
          <input
            ref={input}
            id={id}
            type="file"
            accept={kind === 'image' ? 'image/*' : 'video/*'}
            aria-required={required || undefined}
            className="adm-media__file"
            disabled={uploading}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy(id, hint, shownError ?? undefined)}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <input
            type="text"
            className="adm-input"
            aria-label={`${label} URL`}
            placeholder="or paste a link"
            value={value}
            onChange={(event) => {
              setUploadError(null);
              onChange(event.target.value);
            }}
          />
          {value ? (
            <button type="button" className="adm-button adm-button--small" onClick={() => onChange('')}>
              Remove<span className="adm-visually-hidden"> {label}</span>
            </button>
          ) : null}
          {uploading ? (
            <p className="adm-field__hint" role="status">
              Uploading...
            </p>
          ) : null}
        </div>
      </div>
      {hint ? (
        <p className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {shownError ? (
        <p className="adm-field__error" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

export const ImagePicker = (props: Props) => <MediaPicker kind="image" {...props} />;
export const VideoPicker = (props: Props) => <MediaPicker kind="video" {...props} />;
