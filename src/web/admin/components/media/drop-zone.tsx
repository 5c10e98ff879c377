import { useState, type ReactNode } from 'react';

/** `name` marks the zone for tests and styles; it is no label: the field's own label and file input stay the accessible way in. */
type Props = { onFiles: (files: File[]) => void; disabled?: boolean; name: string; children: ReactNode };

const filesOf = (list: FileList | null | undefined) => (list ? Array.from(list) : []);

/** Takes files dropped on it or pasted into it (a screenshot from the clipboard, files copied in a file manager). */
export function DropZone({ onFiles, disabled, name, children }: Props) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`adm-dropzone${over ? ' adm-dropzone--over' : ''}`}
      data-drop-zone={name}
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = filesOf(event.dataTransfer.files);
        if (!disabled && files.length) onFiles(files);
      }}
      onPaste={(event) => {
        const files = filesOf(event.clipboardData.files);
        if (disabled || files.length === 0) return;
        event.preventDefault();
        onFiles(files);
      }}
    >
      {children}
    </div>
  );
}
