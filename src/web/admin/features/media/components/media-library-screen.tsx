import { useState } from 'react';
import type { MediaItem } from '../../../../../shared/schemas/media';
import { PageHeader } from '../../../components/ui/page-header';
import { MediaBrowser } from '../../../components/media/media-browser';
import { DropZone } from '../../../components/media/drop-zone';
import { UploadList } from '../../../components/media/upload-list';
import { useMediaList } from '../../../hooks/use-media-list';
import { useUploads } from '../../../hooks/use-uploads';
import { MediaDetails } from './media-details';

/** Every upload, newest first: search, filter, edit alt text and focal point, delete what is not used. */
export default function MediaLibraryScreen() {
  const list = useMediaList();
  const [selected, setSelected] = useState<MediaItem | null>(null);
  const uploads = useUploads({ kind: 'image', onUploaded: () => list.reload() });

  return (
    <>
      <PageHeader title="Media" description="Every image and video uploaded, newest first." />
      <DropZone name="Upload images" onFiles={(files) => void uploads.start(files)}>
        <label className="adm-field__label" htmlFor="media-upload">
          Upload images
        </label>
        <input id="media-upload" type="file" accept="image/*" multiple onChange={(event) => void uploads.start(Array.from(event.target.files ?? []))} />
        <p className="adm-dropzone__hint">or drop images here, or paste them</p>
        <UploadList entries={uploads.entries} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      </DropZone>
      <div className="adm-library-layout">
        <MediaBrowser list={list} action="Edit" selectedId={selected?.id} onSelect={setSelected} />
        {selected ? (
          <MediaDetails
            key={selected.id}
            item={selected}
            onSaved={(item) => {
              setSelected(item);
              list.replace(item);
            }}
            onClose={() => setSelected(null)}
            onDeleted={(id) => {
              setSelected(null);
              list.remove(id);
            }}
          />
        ) : null}
      </div>
    </>
  );
}
