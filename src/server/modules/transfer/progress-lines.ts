import { PassThrough } from 'node:stream';
import { IMPORT_PROGRESS_TYPE, type ImportProgress } from '../../../shared/schemas/transfer';

/**
 * An import's answer as lines of JSON (decision 079): `{"progress":{…}}` as the work goes, then the envelope
 * the same request would have answered without them. `started` settles with the first line: until then the
 * answer may still be a plain one with its own status (a refusal found before any work).
 */
export function progressLines() {
  const stream = new PassThrough();
  // A client that leaves mid-import destroys the stream: the import goes on, its lines go nowhere.
  stream.on('error', () => undefined);
  let start!: () => void;
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  let isStarted = false;
  const write = (value: unknown) => {
    if (!stream.destroyed && !stream.writableEnded) stream.write(`${JSON.stringify(value)}\n`);
  };
  return {
    stream,
    started,
    get isStarted() {
      return isStarted;
    },
    progress(progress: ImportProgress) {
      write({ progress });
      if (!isStarted) {
        isStarted = true;
        start();
      }
    },
    end(envelope: unknown) {
      write(envelope);
      if (!stream.destroyed) stream.end();
    },
  };
}

/** Whether the client opted in (`Accept: application/x-ndjson`, among others or not): any other client gets issue 31's answer. */
export const asksForProgress = (accept: string | undefined) =>
  (accept ?? '').split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === IMPORT_PROGRESS_TYPE);
