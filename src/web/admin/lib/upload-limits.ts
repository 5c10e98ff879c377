import { useEffect, useState } from 'react';
import { megabytesText, tooLargeText, typeNames, wrongTypeText, type UploadLimits } from '../../../shared/upload-limits';
import { wrongTypeMessage } from './upload-progress';
import { adminRequest } from './admin-api';
import type { UploadKind } from './upload-progress';

let loading: Promise<UploadLimits | null> | null = null;

/** The server's limits, asked once per page load; null when they could not be read (the server still checks). */
export function loadUploadLimits(): Promise<UploadLimits | null> {
  loading ??= adminRequest<UploadLimits>('/media/upload-limits').catch((error: unknown) => {
    console.error(error);
    loading = null;
    return null;
  });
  return loading;
}

export function useUploadLimits(): UploadLimits | null {
  const [limits, setLimits] = useState<UploadLimits | null>(null);
  useEffect(() => {
    let active = true;
    void loadUploadLimits().then((loaded) => active && setLimits(loaded));
    return () => {
      active = false;
    };
  }, []);
  return limits;
}

/** "JPEG, PNG, WEBP, GIF or AVIF, up to 15 MB": stated under a picker, as the server enforces it. */
export function limitsText(kind: UploadKind, limits: UploadLimits | null): string | null {
  const allowed = limits?.[kind];
  return allowed ? `${typeNames(allowed.types)}; up to ${megabytesText(allowed.maxBytes)}` : null;
}

/**
 * Why the server would refuse this file, said before a byte is sent; null
 * when it may go. A file whose type the browser does not know goes: the
 * server recognises types from the bytes.
 */
export function fileRefusal(file: File, kind: UploadKind, limits: UploadLimits | null): string | null {
  const allowed = limits?.[kind];
  if (!allowed) return wrongTypeMessage(file, kind);
  if (file.type && !allowed.types.includes(file.type)) return wrongTypeText(kind, allowed.types);
  if (file.size > allowed.maxBytes) return tooLargeText(kind, allowed.maxBytes);
  return null;
}

/** A failed file, named: "Upload failed: File is too large: … (holiday.png)" (the admin's wording, then the file). */
export const fileFailureText = (name: string, reason: string | undefined) => (reason ? `Upload failed: ${reason} (${name})` : `Upload failed (${name})`);
