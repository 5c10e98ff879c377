import type { ImportReportAnswer } from '../../../../../shared/schemas/transfer';
import { ApiError, API_BASE, readStoredToken } from '../../../../api/client';
import { UNAUTHORIZED_EVENT } from '../../../lib/admin-api';

/** The file, and the zip of the images it names by file name (optional); `mapping` reads unknown columns as fields (null: left out). */
export type ImportRequest = { file: File; media: File | null; shopUrl: string; format: string; dryRun: boolean; mapping?: Record<string, string | null> };

/** The report of a dry run or an import; with errors an import answers 422 and its report, and changed nothing. */
export type ImportOutcome = { report: ImportReportAnswer; applied: boolean; error: string | null };

const authorization = (): Record<string, string> => {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

export async function sendImport({ file, media, shopUrl, format, dryRun, mapping }: ImportRequest): Promise<ImportOutcome> {
  const form = new FormData();
  if (shopUrl.trim()) form.append('shopUrl', shopUrl.trim());
  if (mapping && Object.keys(mapping).length > 0) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  if (media) form.append('media', media, media.name);
  // The detailed report: editions, attributes, the columns the format does not read, the products written.
  const query = new URLSearchParams({ dryRun: String(dryRun), details: 'true', ...(format ? { format } : {}) });
  const response = await fetch(`${API_BASE}/import?${query}`, { method: 'POST', headers: authorization(), body: form });
  if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  const body = (await response.json().catch(() => null)) as { success: boolean; data?: ImportReportAnswer; error?: string } | null;
  if (response.status === 422 && body?.data) return { report: body.data, applied: false, error: body.error ?? null };
  if (!response.ok || !body?.data) throw new ApiError(body?.error ?? 'Failed to read the import file', response.status);
  return { report: body.data, applied: !dryRun, error: null };
}

/** The export needs the admin token, so it is fetched and handed to the browser as a file. */
export async function downloadExport(file: 'products.csv' | 'catalogue.json'): Promise<void> {
  const response = await fetch(`${API_BASE}/export/${file}`, { headers: authorization() });
  if (!response.ok) throw new ApiError('Failed to export the catalogue', response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
