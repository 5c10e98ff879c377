import { API_BASE, readStoredToken } from '../../api/client';
import type { UploadOutcome } from './upload';

export type UploadKind = 'image' | 'video';

export type UploadHandle = { done: Promise<UploadOutcome & { id?: string }>; cancel: () => void };

/**
 * One file sent with XMLHttpRequest, the only browser API that reports upload
 * progress. Images go to the image route (the server refuses anything else),
 * videos and gallery images to the shared upload. Cancel aborts the request: the server stores
 * nothing from a cut-off upload.
 */
export function uploadWithProgress(file: File, kind: UploadKind, onProgress: (fraction: number) => void, shared = kind === 'video'): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  form.append(shared ? 'file' : 'image', file);
  const done = new Promise<UploadOutcome & { id?: string }>((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: { success?: boolean; data?: { url?: string; id?: string }; error?: string } | null = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      const url = payload?.data?.url;
      if (xhr.status >= 200 && xhr.status < 300 && payload?.success && url) resolve({ success: true, url, id: payload.data?.id });
      else resolve({ success: false, error: payload?.error });
    };
    xhr.onerror = () => resolve({ success: false, error: 'Upload error' });
    xhr.onabort = () => resolve({ success: false, error: 'Cancelled' });
  });
  xhr.open('POST', `${API_BASE}${shared ? '/homepage/upload' : '/upload/image'}`);
  const token = readStoredToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.send(form);
  return { done, cancel: () => xhr.abort() };
}

/** A type the picker can refuse at once, before sending anything; the server checks the bytes anyway. */
export function wrongTypeMessage(file: File, kind: UploadKind): string | null {
  if (!file.type || file.type.startsWith(`${kind}/`)) return null;
  return kind === 'image' ? 'Unsupported file type: choose an image' : 'Unsupported file type: choose an MP4 or WebM video';
}
