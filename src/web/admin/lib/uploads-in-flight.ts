import { useEffect, useState } from 'react';

/**
 * Uploads still on their way to the server, from any field of the form on
 * screen (gallery, image and video pickers, pictures in rich text). Save waits
 * for them instead of sending a form that does not have their files yet
 * (issue 24: an Update during an upload dropped the picture silently).
 * Module state, like the unsaved-changes count: one editor is on screen at a time.
 */
let files = 0;
// Work still to finish, counted apart from files: the gallery adds its files to the form only
// once the whole batch is in, after the uploads themselves are done.
let holds = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Whether an upload, or what follows it, is under way now (for a click that comes before the next render). */
export const uploadsBusy = () => holds > 0;

/**
 * Counts `work` as under way until it settles, including what it does with the file (adding it
 * to the form); `fileCount` is how many files it sends (0 for work that wraps an upload counted already).
 */
export function trackUpload<T>(work: Promise<T>, fileCount = 1): Promise<T> {
  files += fileCount;
  holds += 1;
  notify();
  return work.finally(() => {
    files -= fileCount;
    holds -= 1;
    notify();
  });
}

export type UploadsInFlight = { files: number; busy: boolean };

/**
 * How many files are uploading, and whether anything upload-related is under way. A plain state
 * update (not useSyncExternalStore's synchronous one), so the render that sees the work end also
 * has the form change the finished upload made in the same task.
 */
export function useUploadsInFlight(): UploadsInFlight {
  const [state, setState] = useState<UploadsInFlight>({ files, busy: holds > 0 });
  useEffect(() => {
    const listener = () => setState({ files, busy: holds > 0 });
    listeners.add(listener);
    listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return state;
}

/** "Uploading 1 file…" / "Uploading 3 files…". */
export const uploadingText = (count: number) => `Uploading ${count} ${count === 1 ? 'file' : 'files'}…`;
