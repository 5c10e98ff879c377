import { useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { GalleryItem } from '../../../../../shared/schemas';
import { ReorderContext, moveAndRenumber, useSortableItem } from '../../../components/ui/sortable';
import { useUploads } from '../../../hooks/use-uploads';
import { DropZone } from '../../../components/media/drop-zone';
import { MediaFacts } from '../../../components/media/media-facts';
import { LibraryDialog } from '../../../components/media/library-dialog';
import { UploadList } from '../../../components/media/upload-list';
import { limitsText, useUploadLimits } from '../../../lib/upload-limits';
import type { UploadFailure } from '../../../hooks/use-uploads';
import { trackUpload } from '../../../lib/uploads-in-flight';

/** "{n} file(s) failed to upload", then each file and its reason. */
export const galleryFailureText = (failures: UploadFailure[]) =>
  `${failures.length} file(s) failed to upload: ${failures.map(({ name, error }) => `${name} (${error ?? 'Upload failed'})`).join(', ')}`;

type Props = { value: GalleryItem[]; onChange: Dispatch<SetStateAction<GalleryItem[]>>; error?: string };

const renumber = (items: GalleryItem[]) => items.map((item, order) => ({ ...item, order }));

/** New uploads go after the current highest order, in the order they were picked. */
export function appendUploads(current: GalleryItem[], urls: string[]): GalleryItem[] {
  const max = current.reduce((highest, item) => Math.max(highest, item.order), -1);
  return [...current, ...urls.map((url, index) => ({ url, order: max + 1 + index }))];
}

function GalleryTile({ item, index, count, onMove, onRemove }: {
  item: GalleryItem;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const label = `gallery image ${index + 1}`;
  const { setNodeRef, style, handle } = useSortableItem(item.url, label);
  return (
    <li ref={setNodeRef} style={style} className="adm-gallery__tile">
      <img src={item.url} alt={`Gallery image ${index + 1}`} />
      <div className="adm-gallery__tools">
        {handle}
        <button type="button" className="adm-icon-button" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move ${label} earlier`}>
          ←
        </button>
        <button type="button" className="adm-icon-button" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move ${label} later`}>
          →
        </button>
        <button type="button" className="adm-icon-button adm-icon-button--danger" onClick={onRemove} aria-label={`Remove ${label}`}>
          ×
        </button>
      </div>
      <MediaFacts url={item.url} label={label} />
    </li>
  );
}

/** Several images uploaded in parallel; tiles are 16:9 and can be reordered or removed. */
export function GalleryEditor({ value, onChange, error }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const uploads = useUploads({ kind: 'image', shared: true });
  const limits = limitsText('image', useUploadLimits());
  const items = [...value].sort((a, b) => a.order - b.order);

  // Several files in parallel, each with its own progress; a file that is not an image counts as failed (the same wording).
  // Counted until the files are in the form (not just on the server): Save waits for that.
  const upload = (files: File[]) => trackUpload(uploadAll(files), 0);
  const uploadAll = async (files: File[]) => {
    if (files.length === 0) return;
    setUploadError(null);
    setUploading(files.length);
    const { urls, failures } = await uploads.start(files);
    setUploading(0);
    if (input.current) input.current.value = '';
    const stored = urls.filter((url): url is string => url !== null);
    // Appended once all are done, in the order they were picked, not the order they finished.
    if (stored.length) onChange((current) => appendUploads(current, stored));
    if (failures.length) setUploadError(galleryFailureText(failures));
  };

  const move = (from: number, to: number) => onChange(moveAndRenumber(items, from, to));
  const remove = (index: number) => onChange(renumber(items.filter((_, position) => position !== index)));
  const message = uploadError ?? error;

  return (
    <div className={`adm-field adm-gallery${message ? ' adm-field--invalid' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        Gallery Images
      </label>
      <DropZone name="Gallery Images" onFiles={(files) => void upload(files)} disabled={uploading > 0}>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading > 0}
          onChange={(event) => void upload(Array.from(event.target.files ?? []))}
          aria-describedby={[limits ? `${id}-limits` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        />
        {limits ? (
          <p className="adm-field__hint" id={`${id}-limits`}>
            {limits}
          </p>
        ) : null}
        {uploading > 0 ? (
          <p className="adm-field__hint" role="status">
            Uploading {uploading} file(s)...
          </p>
        ) : null}
        {message ? (
          <p className="adm-field__error" id={`${id}-error`} role="alert">
            {message}
          </p>
        ) : null}
        <p className="adm-dropzone__hint">or drop images here, or paste them</p>
        <button type="button" className="adm-button adm-button--small" onClick={() => setChoosing(true)}>
          Choose from library<span className="adm-visually-hidden"> for Gallery Images</span>
        </button>
        <UploadList entries={uploads.entries} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      </DropZone>
      {choosing ? (
        <LibraryDialog
          kind="image"
          label="Gallery image"
          onClose={() => setChoosing(false)}
          onChoose={(url) => {
            setChoosing(false);
            if (!items.some((item) => item.url === url)) onChange((current) => appendUploads(current, [url]));
          }}
        />
      ) : null}
      {items.length > 0 ? (
        <ReorderContext
          ids={items.map((item) => item.url)}
          onMove={move}
          labelOf={(url) => `gallery image ${items.findIndex((item) => item.url === url) + 1}`}
          layout="grid"
        >
          <ul className="adm-gallery__grid" aria-label="Gallery">
            {items.map((item, index) => (
              <GalleryTile key={item.url} item={item} index={index} count={items.length} onMove={move} onRemove={() => remove(index)} />
            ))}
          </ul>
        </ReorderContext>
      ) : (
        <p className="adm-field__hint">No gallery images yet.</p>
      )}
    </div>
  );
}
