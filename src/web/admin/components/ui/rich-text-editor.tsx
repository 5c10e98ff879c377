import { useEffect, useId, useRef, useState } from 'react';
import type Quill from 'quill';
import { uploadEditorImage } from '../../lib/upload';
import { trackUpload } from '../../lib/uploads-in-flight';
import { fileFailureText, fileRefusal, limitsText, loadUploadLimits, useUploadLimits } from '../../lib/upload-limits';
import { TAB_LEAVES_EDITOR, makeToolbarOneTabStop } from './rich-text-keyboard';
import { LibraryDialog } from '../media/library-dialog';
import { RequiredMark } from './form-field';

/** The rich-text toolbar the product asks for, in Quill's snow format. */
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

/** Quill's dropdown pickers come without accessible names. */
const PICKER_NAMES: Record<string, string> = {
  'ql-header': 'Heading',
  'ql-size': 'Text size',
  'ql-color': 'Text color',
  'ql-background': 'Background color',
  'ql-align': 'Alignment',
};

function labelToolbar(container: HTMLElement, label: string) {
  const toolbar = container.querySelector('.ql-toolbar');
  if (!toolbar) return;
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', `${label} formatting`);
  makeToolbarOneTabStop(toolbar as HTMLElement);
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const name = Object.entries(PICKER_NAMES).find(([className]) => picker.classList.contains(className))?.[1];
    if (name) picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
  }
}

/** A grey "Uploading…" picture, unique per upload so it can be found again. */
function placeholderImage(): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" data-upload="${crypto.randomUUID()}"><rect width="100%" height="100%" fill="#e5e7eb"/><text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="18" fill="#6b7280">Uploading…</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Position of an image embed in the document, or -1 once the user deleted it. */
function findImage(quill: Quill, src: string): number {
  let index = 0;
  for (const op of quill.getContents().ops) {
    const insert = op.insert;
    if (typeof insert === 'string') index += insert.length;
    else {
      if (insert && (insert as { image?: string }).image === src) return index;
      index += 1;
    }
  }
  return -1;
}

/** Told of a failed image upload (null: the next try began), shown under the editor: the admin has no browser alerts. */
type Report = (failure: string | null) => void;

async function insertUploadedImage(quill: Quill, file: File, report: Report) {
  report(null);
  const refused = fileRefusal(file, 'image', await loadUploadLimits());
  if (refused) return report(fileFailureText(file.name, refused));
  const range = quill.getSelection(true);
  const index = range ? range.index : quill.getLength() - 1;
  const placeholder = placeholderImage();
  quill.insertEmbed(index, 'image', placeholder, 'user');
  quill.setSelection(index + 1, 0, 'silent');
  const removePlaceholder = () => {
    const at = findImage(quill, placeholder);
    if (at >= 0) quill.deleteText(at, 1, 'user');
    return at;
  };
  // Counted until the picture replaces its placeholder: Save waits for it.
  void trackUpload(uploadEditorImage(file).then(
    (outcome) => {
      const at = removePlaceholder();
      if (outcome.success) quill.insertEmbed(at >= 0 ? at : index, 'image', outcome.url, 'user');
      else report(fileFailureText(file.name, outcome.error));
    },
    (error: unknown) => {
      console.error(error);
      removePlaceholder();
      report(`Image upload failed (${file.name})`);
    },
  ));
}

function chooseImage(quill: Quill, report: Report) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/*';
  input.hidden = true;
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.remove();
    if (file) void insertUploadedImage(quill, file, report);
  });
  document.body.appendChild(input);
  input.click();
}

type Props = {
  label: string;
  /** HTML; an empty document is reported as ''. */
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  minHeight?: number;
};

/**
 * Quill 2 with the snow toolbar. Quill touches `document` at import time, so
 * it is loaded on mount, into its own chunk, and never on the server.
 */
export function RichTextEditor({ label, value, onChange, error, required, minHeight = 200 }: Props) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const lastEmitted = useRef<string>(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialValue = useRef(value);
  const [ready, setReady] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const limits = limitsText('image', useUploadLimits());
  // Where the cursor was when the library opened: the dialog takes the focus, and the selection with it.
  const insertAt = useRef(0);

  const openLibrary = () => {
    const quill = quillRef.current;
    insertAt.current = quill?.getSelection()?.index ?? Math.max(0, (quill?.getLength() ?? 1) - 1);
    setChoosing(true);
  };
  const insertFromLibrary = (url: string) => {
    setChoosing(false);
    const quill = quillRef.current;
    if (!quill) return;
    quill.insertEmbed(insertAt.current, 'image', url, 'user');
    quill.setSelection(insertAt.current + 1, 0, 'user');
  };

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    Promise.all([import('quill'), import('quill/dist/quill.snow.css')]).then(([{ default: QuillClass }]) => {
      if (cancelled) return;
      const mountPoint = document.createElement('div');
      container.appendChild(mountPoint);
      const quill: Quill = new QuillClass(mountPoint, {
        theme: 'snow',
        modules: {
          toolbar: { container: TOOLBAR, handlers: { image: () => chooseImage(quill, setUploadError) } },
          keyboard: { bindings: TAB_LEAVES_EDITOR },
        },
      });
      labelToolbar(container, label);
      // Not dangerouslyPasteHTML: it also puts the selection at 0, which focuses the editor, so
      // text typed into another field (the title) while Quill loaded went into the description.
      if (initialValue.current) quill.setContents(quill.clipboard.convert({ html: initialValue.current }), 'silent');
      quill.history.clear();
      quill.root.setAttribute('role', 'textbox');
      quill.root.setAttribute('aria-multiline', 'true');
      quill.root.setAttribute('aria-labelledby', `${id}-label`);
      if (required) quill.root.setAttribute('aria-required', 'true');
      quill.root.style.minHeight = `${minHeight}px`;
      quill.on('text-change', (_delta, _old, source) => {
        if (source === 'silent') return;
        // A document with no text and no pictures is empty, whatever formatting is left.
        const blank = quill.getText().trim() === '' && !quill.root.querySelector('img, iframe, video');
        const next = blank ? '' : quill.root.innerHTML;
        lastEmitted.current = next;
        onChangeRef.current(next);
      });
      quillRef.current = quill;
      setReady(true);
    }, (loadError: unknown) => console.error(loadError));
    return () => {
      cancelled = true;
      quillRef.current = null;
      container.innerHTML = '';
    };
    // The editor is created once; later value changes are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastEmitted.current) return;
    lastEmitted.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [value, ready]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    if (error) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
  }, [error, ready]);

  return (
    <div className={`adm-field adm-rich-text${error ? ' adm-field--invalid' : ''}`}>
      <div className="adm-field__label-row">
        <span className="adm-field__label" id={`${id}-label`}>
          {label}
        </span>
        <RequiredMark required={required} />
      </div>
      <div ref={host} className="adm-rich-text__host" style={{ minHeight }} aria-busy={!ready} />
      <button type="button" className="adm-button adm-button--small adm-rich-text__library" onClick={openLibrary} disabled={!ready}>
        Insert image from library
      </button>
      {choosing ? <LibraryDialog kind="image" label="an image" onClose={() => setChoosing(false)} onChoose={insertFromLibrary} /> : null}
      {limits ? <p className="adm-field__hint">Images: {limits}</p> : null}
      {error ? (
        <p className="adm-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {uploadError ? (
        <p className="adm-field__error" role="alert">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
}
