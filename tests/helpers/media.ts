import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from './test-app';

/** A photo-like JPEG: noise compresses badly, so renditions are real work and smaller than the source. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

export function imageForm(field: string, bytes: Buffer, name: string, type = 'image/jpeg'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

/** Waits until the background workers have emptied the variant queue. */
export async function waitForVariants(t: TestApp, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { pending } = (await t.asAdmin({ url: '/api/media/variants/status' })).json().data;
    if (pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('variants were not made in time');
}
