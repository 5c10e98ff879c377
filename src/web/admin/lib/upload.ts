import type { ApiResponse, ImageUploadResponse, MultiUploadResult, UploadResult } from '../../../shared/schemas';
import { API_BASE, readStoredToken } from '../../api/client';

/** An upload's result: a success flag, the url, or the error. */
export type UploadOutcome = { success: true; url: string } | { success: false; error?: string };

async function postFile<T>(path: string, form: FormData): Promise<{ ok: boolean; payload: T | undefined }> {
  const token = readStoredToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  let payload: T | undefined;
  try {
    payload = (await response.json()) as T;
  } catch {
    payload = undefined;
  }
  return { ok: response.ok, payload };
}

/** The shared file upload (POST /api/homepage/upload, field `file`): images and videos. */
export async function uploadFile(file: File): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('file', file);
  try {
    const { ok, payload } = await postFile<ApiResponse<UploadResult>>('/homepage/upload', form);
    if (ok && payload?.success && payload.data?.url) return { success: true, url: payload.data.url };
    return { success: false, error: payload && payload.success === false ? payload.error : undefined };
  } catch {
    return { success: false, error: 'Upload error' };
  }
}

/** Several files in one request (field `files`); kept for bulk callers. */
export async function uploadFiles(files: File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  const { ok, payload } = await postFile<ApiResponse<MultiUploadResult>>('/homepage/upload', form);
  if (ok && payload?.success) return payload.data.urls;
  throw new Error(payload && payload.success === false ? payload.error : 'Upload failed');
}

/** The rich-text image upload (POST /api/upload/image, field `image`); throws on a network failure. */
export async function uploadEditorImage(file: File): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('image', file);
  const { ok, payload } = await postFile<ImageUploadResponse | { success: false; error?: string }>('/upload/image', form);
  if (ok && payload?.success) {
    const url = payload.data?.url ?? payload.url;
    if (url) return { success: true, url };
  }
  return { success: false, error: payload && payload.success === false ? payload.error : undefined };
}

/** An image picker's upload: like uploadEditorImage, but a network failure becomes "Upload error". */
export async function uploadImage(file: File): Promise<UploadOutcome> {
  try {
    return await uploadEditorImage(file);
  } catch {
    return { success: false, error: 'Upload error' };
  }
}

/** The admin's wording for a failed upload. */
export function uploadFailureText(error?: string): string {
  return error ? `Upload failed: ${error}` : 'Upload failed';
}
