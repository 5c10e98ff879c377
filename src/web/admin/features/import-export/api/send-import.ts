import { IMPORT_PROGRESS_TYPE, type ImportProgress, type ImportReportAnswer } from '../../../../../shared/schemas/transfer';
import { ApiError, API_BASE } from '../../../../api/client';
import { UNAUTHORIZED_EVENT } from '../../../lib/admin-api';
import { authorization } from './transfer';

/** The file, and the zip of the images it names by file name (optional); `mapping` reads unknown columns as fields (null: left out). */
export type ImportRequest = { file: File; media: File | null; shopUrl: string; format: string; dryRun: boolean; mapping?: Record<string, string | null> };

/** The report of a dry run or an import; with errors an import answers 422 and its report, and changed nothing. */
export type ImportOutcome = { report: ImportReportAnswer; applied: boolean; error: string | null };

/** Where an import is: the file (and zip) going up, then the server's own steps (decision 079). */
export type ImportStage = { step: 'upload'; sent: number; total: number } | ImportProgress;

export type ImportHandle = { done: Promise<ImportOutcome>; cancel: () => void };

type Envelope = { success: boolean; data?: ImportReportAnswer; error?: string };

/** What the owner is told when the answer stops short: what happened to the catalogue depends on how far it got. */
function lostText(stage: ImportStage | null, dryRun: boolean): string {
  if (!stage || stage.step === 'upload') return 'The connection to the server was lost while the file was being sent: nothing was imported. Try again.';
  if (dryRun) return 'The connection to the server was lost while the file was being checked: nothing was changed. Check the file again.';
  return 'The connection to the server was lost while the import was being applied: it may have finished. Check the file again: products already imported show as unchanged.';
}

/**
 * Sends an import with XMLHttpRequest (the only browser API that reports upload progress) and asks for the
 * server's progress lines (`Accept: application/x-ndjson`), read as they arrive; the last line is the
 * report. A refusal before the server starts (401, 413, a bad mapping) is a plain JSON answer with its status.
 */
export function sendImport({ file, media, shopUrl, format, dryRun, mapping }: ImportRequest, onStage: (stage: ImportStage) => void): ImportHandle {
  const form = new FormData();
  if (shopUrl.trim()) form.append('shopUrl', shopUrl.trim());
  if (mapping && Object.keys(mapping).length > 0) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  if (media) form.append('media', media, media.name);
  // The detailed report: editions, attributes, the columns the format does not read, the products written.
  const query = new URLSearchParams({ dryRun: String(dryRun), details: 'true', ...(format ? { format } : {}) });
  const xhr = new XMLHttpRequest();
  let stage: ImportStage | null = null;
  const tell = (next: ImportStage) => {
    stage = next;
    onStage(next);
  };
  const done = new Promise<ImportOutcome>((resolve, reject) => {
    let read = 0;
    let last: Envelope | null = null;
    const streamed = () => (xhr.getResponseHeader('Content-Type') ?? '').startsWith(IMPORT_PROGRESS_TYPE);
    // Each complete line once: progress, or the envelope that ends the answer.
    const readLines = () => {
      const text = xhr.responseText;
      for (let end = text.indexOf('\n', read); end !== -1; end = text.indexOf('\n', read)) {
        const line = JSON.parse(text.slice(read, end)) as { progress?: ImportProgress } & Envelope;
        read = end + 1;
        if (line.progress) tell(line.progress);
        else last = line;
      }
    };
    const outcome = (body: Envelope | null, status: number) => {
      if (status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
      if (body?.success && body.data) return resolve({ report: body.data, applied: !dryRun, error: null });
      // Errors in the file: the report with them, and nothing changed.
      if (body?.data) return resolve({ report: body.data, applied: false, error: body.error ?? null });
      reject(new ApiError(body?.error ?? lostText(stage, dryRun), status));
    };
    xhr.upload.onprogress = (event) => tell({ step: 'upload', sent: event.loaded, total: event.lengthComputable ? event.total : file.size + (media?.size ?? 0) });
    xhr.onprogress = () => {
      if (streamed()) readLines();
    };
    xhr.onload = () => {
      try {
        if (!streamed()) return outcome(JSON.parse(xhr.responseText) as Envelope, xhr.status);
        readLines();
        outcome(last, xhr.status);
      } catch {
        reject(new ApiError(lostText(stage, dryRun), xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError(lostText(stage, dryRun), 0));
    xhr.onabort = () => reject(new ApiError(dryRun ? 'Check cancelled: nothing was changed.' : 'Import cancelled before it was applied: nothing was changed.', 0));
  });
  xhr.open('POST', `${API_BASE}/import?${query}`);
  for (const [name, value] of Object.entries(authorization())) xhr.setRequestHeader(name, value);
  xhr.setRequestHeader('Accept', `${IMPORT_PROGRESS_TYPE}, application/json`);
  xhr.send(form);
  return { done, cancel: () => xhr.abort() };
}
