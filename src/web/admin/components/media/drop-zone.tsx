import { useState, type ReactNode } from 'react';

type Props = { onFiles: (files: File[]) => void; disabled?: boolean; label: string; children: ReactNode };

const filesOf = (list: FileList | null | undefined) => (list ? Array.from(list) : []);

/** Takes files dropped on it or pasted into it (a screenshot from the clipboard, files copied in a file manager). */
export function DropZone({ onFiles, disabled, label, children }: Props) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`adm-dropzone${over ? ' adm-dropzone--over' : ''}`}
      data-testid="drop-zone"
      aria-label={label}
      role="group"
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
