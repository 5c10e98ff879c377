import { useEffect, useRef } from 'react';
import { useMediaList } from '../../hooks/use-media-list';
import { MediaBrowser } from './media-browser';

type Props = { kind: 'image' | 'video'; label: string; onChoose: (url: string) => void; onClose: () => void };

/** "Choose from library": the library in a modal, filtered to what the field takes. Open while mounted. */
export function LibraryDialog({ kind, label, onChoose, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const list = useMediaList({ type: kind });
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="adm-dialog adm-dialog--wide"
      aria-label={`Choose ${label} from library`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="adm-dialog__body">
        <h2 className="adm-dialog__title">Choose {label} from library</h2>
        <MediaBrowser list={list} lockedType={kind} action="Choose" onSelect={(item) => onChoose(item.url)} />
        <div className="adm-dialog__actions">
          <button type="button" className="adm-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </dialog>
  );
}
