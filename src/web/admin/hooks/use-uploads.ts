import { useRef, useState } from 'react';
import { uploadWithProgress, type UploadKind } from '../lib/upload-progress';
import { fileRefusal, loadUploadLimits } from '../lib/upload-limits';
import { trackUpload } from '../lib/uploads-in-flight';

export type UploadFailure = { name: string; error: string | undefined };
export type UploadEntry = { key: number; name: string; progress: number; error: string | null };

type Options = {
  kind: UploadKind;
  /** Send through the shared upload (POST /api/homepage/upload) even for images, as the gallery does. */
  shared?: boolean;
  /** Told of each stored file, in the order the uploads finish. */
  onUploaded?: (url: string) => void;
  /** Told instead of listing the failure beside the file (a single-image field shows it as its own error). */
  onFailed?: (error: string | undefined, fileName: string) => void;
};

/**
 * Files on their way to the server, each with its progress and a cancel.
 * A failed file stays listed with its own error until dismissed or retried;
 * a cancelled one just leaves the list.
 */
export function useUploads({ kind, shared, onUploaded, onFailed }: Options) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const cancels = useRef(new Map<number, () => void>());
  const nextKey = useRef(0);
  const update = (key: number, change: Partial<UploadEntry> | null) =>
    setEntries((current) => (change ? current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)) : current.filter((entry) => entry.key !== key)));

  /**
   * Uploads every file at once; resolves to their URLs in the order given (null where one failed)
   * and the failures, each with the file's name and the reason. A file over the server's limits
   * or of a type it refuses fails here, before a byte is sent.
   */
  const start = (files: File[]) => trackUpload(startAll(files), files.length);
  const startAll = async (files: File[]): Promise<{ urls: Array<string | null>; failed: number; failures: UploadFailure[] }> => {
    const failures: UploadFailure[] = [];
    const limits = await loadUploadLimits();
    const urls = await Promise.all(
      files.map(async (file): Promise<string | null> => {
        const key = nextKey.current++;
        const refused = fileRefusal(file, kind, limits);
        if (refused) {
          failures.push({ name: file.name, error: refused });
          if (onFailed) onFailed(refused, file.name);
          else setEntries((current) => [...current, { key, name: file.name, progress: 0, error: refused }]);
          return null;
        }
        setEntries((current) => [...current, { key, name: file.name, progress: 0, error: null }]);
        const handle = uploadWithProgress(file, kind, (progress) => update(key, { progress }), shared);
        cancels.current.set(key, handle.cancel);
        const outcome = await handle.done;
        cancels.current.delete(key);
        if (outcome.success) {
          update(key, null);
          onUploaded?.(outcome.url);
          return outcome.url;
        }
        if (outcome.error === 'Cancelled' || onFailed) update(key, null);
        else update(key, { error: outcome.error ?? 'Upload failed' });
        // A cancel is the user's own choice, not a failure to report.
        if (outcome.error !== 'Cancelled') {
          failures.push({ name: file.name, error: outcome.error });
          onFailed?.(outcome.error, file.name);
        }
        return null;
      }),
    );
    return { urls, failed: failures.length, failures };
  };

  return {
    entries,
    uploading: entries.some((entry) => entry.error === null),
    start,
    cancel: (key: number) => cancels.current.get(key)?.(),
    dismiss: (key: number) => update(key, null),
  };
}
