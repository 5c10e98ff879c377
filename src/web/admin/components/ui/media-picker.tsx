import { useEffect, useId, useRef, useState } from 'react';
import { fileFailureText, limitsText, useUploadLimits } from '../../lib/upload-limits';
import { useUploads } from '../../hooks/use-uploads';
import { DropZone } from '../media/drop-zone';
import { MediaFacts } from '../media/media-facts';
import { LibraryDialog } from '../media/library-dialog';
import { UploadList } from '../media/upload-list';
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

/** A link to a video site (shown embedded on the page), not a file a <video> element can preview. */
const isVideoSiteLink = (value: string) => /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com|youtu\.be|vimeo\.com)\//i.test(value);

/**
 * One image or video: upload it (file input, drag-and-drop or paste, with a
 * progress bar and a cancel) or choose it from the media library; a video may
 * also be a video-site link. The field shows the file's name and size with
 * Replace, never an address to edit (issue 24). The server's type and size
 * limits are stated under the field and a file outside them is refused before
 * it is sent; the server checks the bytes anyway, and its refusal (415, 413)
 * is shown verbatim, with the file's name.
 */
function MediaPicker({ kind, label, value, onChange, hint, error, required }: PickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  // The library dialog goes away with its focused item: the keyboard carries on from the button that
  // opened it. Once the dialog is gone: while it is open, the rest of the page cannot take the focus.
  const wasChoosing = useRef(false);
  useEffect(() => {
    if (wasChoosing.current && !choosing) chooseButton.current?.focus();
    wasChoosing.current = choosing;
  }, [choosing]);
  const uploads = useUploads({
    kind,
    onUploaded: (url) => onChange(url),
    onFailed: (message, fileName) => setUploadError(fileFailureText(fileName, message)),
  });
  const limits = limitsText(kind, useUploadLimits());
  const shownError = uploadError ?? error;

  const pick = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setUploadError(null);
    await uploads.start([file]);
    if (input.current) input.current.value = '';
  };

  return (
    <div className={`adm-field adm-media${shownError ? ' adm-field--invalid' : ''}`}>
      <div className="adm-field__label-row">
        <label className="adm-field__label" htmlFor={id}>
          {label}
        </label>
        <RequiredMark required={required} />
      </div>
      <DropZone name={label} onFiles={(files) => void pick(files)} disabled={uploads.uploading}>
        <div className="adm-media__row">
          <div className="adm-media__preview">
            {value ? (
              kind === 'image' ? (
                <img src={value} alt={`${label} preview`} />
              ) : isVideoSiteLink(value) ? (
                <span className="adm-media__empty">Video-site link</span>
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
              disabled={uploads.uploading}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={[describedBy(id, hint, shownError ?? undefined), limits ? `${id}-limits` : ''].filter(Boolean).join(' ') || undefined}
              onChange={(event) => void pick(Array.from(event.target.files ?? []))}
            />
            {value && !isVideoSiteLink(value) ? <MediaFacts url={value} label={label} kind={kind} /> : null}
            {value ? (
              <button type="button" className="adm-button adm-button--small" disabled={uploads.uploading} onClick={() => input.current?.click()}>
                Replace<span className="adm-visually-hidden"> {label}</span>
              </button>
            ) : null}
            <p className="adm-dropzone__hint">or drop a file here, or paste one</p>
            <button ref={chooseButton} type="button" className="adm-button adm-button--small" onClick={() => setChoosing(true)}>
              Choose from library<span className="adm-visually-hidden"> for {label}</span>
            </button>
            {kind === 'video' ? (
              <VideoSiteLink
                label={label}
                value={value}
                onChange={(link) => {
                  setUploadError(null);
                  onChange(link);
                }}
              />
            ) : null}
            {value ? (
              <button type="button" className="adm-button adm-button--small" onClick={() => onChange('')}>
                Remove<span className="adm-visually-hidden"> {label}</span>
              </button>
            ) : null}
            {uploads.uploading ? (
              <p className="adm-field__hint" role="status">
                Uploading...
              </p>
            ) : null}
            <UploadList entries={uploads.entries} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
          </div>
        </div>
      </DropZone>
      {hint ? (
        <p className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {limits ? (
        <p className="adm-field__hint adm-field__limits" id={`${id}-limits`}>
          {limits}
        </p>
      ) : null}
      {shownError ? (
        <p className="adm-field__error" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      ) : null}
      {choosing ? (
        <LibraryDialog
          kind={kind}
          label={label}
          onClose={() => setChoosing(false)}
          onChoose={(url) => {
            setChoosing(false);
            setUploadError(null);
            onChange(url);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * A YouTube or Vimeo address for a video field (shown embedded on the page): the one address a
 * media field takes as text. It shows only such a link, never an uploaded file's address.
 */
function VideoSiteLink({ label, value, onChange }: { label: string; value: string; onChange: (link: string) => void }) {
  const [link, setLink] = useState(() => (isVideoSiteLink(value) ? value : ''));
  // A file uploaded or chosen instead empties the box; what is being typed stays.
  useEffect(() => {
    if (value !== link && !isVideoSiteLink(value)) setLink('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <input
      type="url"
      className="adm-input"
      aria-label={`${label} video-site link`}
      placeholder="or a YouTube or Vimeo link"
      value={link}
      onChange={(event) => {
        setLink(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}

export const ImagePicker = (props: Props) => <MediaPicker kind="image" {...props} />;
export const VideoPicker = (props: Props) => <MediaPicker kind="video" {...props} />;
