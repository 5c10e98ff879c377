import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaStore } from '../modules/media/media-store';
import { newMediaKey } from '../modules/media/media.service';
import { renderArt, renderLogo, type ArtSpec, type EncodedImage } from './demo-images';
import { loadSharp } from '../modules/media/sharp-setup';

/** A file put in the media store for the demo, recorded in the media table once the content is written. */
export type DemoFile = { key: string; url: string; mimeType: string; sizeBytes: number; width?: number; height?: number };

const MIME: Record<EncodedImage['format'], { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  png: { mimeType: 'image/png', extension: 'png' },
};

export const DEMO_VIDEOS = {
  heroIntro: { file: 'hero-intro.webm', mimeType: 'video/webm', extension: 'webm' },
  heroLoop: { file: 'hero-loop.webm', mimeType: 'video/webm', extension: 'webm' },
  productIntro: { file: 'product-intro.mp4', mimeType: 'video/mp4', extension: 'mp4' },
} as const;
export type DemoVideoName = keyof typeof DEMO_VIDEOS;

/**
 * The shipped clips live in src/server/seed/assets. From source (tsx, vitest)
 * that is beside this file; the server bundle (dist/server/main.js) finds it
 * two folders up, in the same project; the working directory is a last resort.
 */
export function findDemoAssetsDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'assets'),
    path.resolve(here, '../../src/server/seed/assets'),
    path.resolve(process.cwd(), 'src/server/seed/assets'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, DEMO_VIDEOS.heroLoop.file)));
}

/** Writes demo files through the media store, remembering them so a failed seed can take them back. */
export class DemoMediaWriter {
  readonly files: DemoFile[] = [];
  private running = 0;
  private waiting: Array<() => void> = [];

  constructor(
    private readonly store: MediaStore,
    // sharp renders on libuv's thread pool; more at once only queues there and holds more pixels in memory.
    private readonly concurrency = 4,
  ) {}

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async put(image: EncodedImage): Promise<string> {
    const { mimeType, extension } = MIME[image.format];
    const key = newMediaKey({ extension });
    await this.store.save(key, image.data, mimeType);
    // Known at once, so pages reserve the right space before the variants exist.
    const { width, height } = await (await loadSharp())(image.data).metadata();
    const file = { key, url: this.store.publicUrl(key), mimeType, sizeBytes: image.data.length, width, height };
    this.files.push(file);
    return file.url;
  }

  art(spec: ArtSpec, format: 'jpeg' | 'webp' = 'jpeg'): Promise<string> {
    return this.limited(async () => this.put(await renderArt(spec, format)));
  }

  logo(palette: ArtSpec['palette']): Promise<string> {
    return this.limited(async () => this.put(await renderLogo(palette)));
  }

  async video(assetsDir: string, name: DemoVideoName): Promise<string> {
    const video = DEMO_VIDEOS[name];
    const key = newMediaKey(video);
    const sizeBytes = await this.store.saveStream(key, fs.createReadStream(path.join(assetsDir, video.file)), video.mimeType);
    const file = { key, url: this.store.publicUrl(key), mimeType: video.mimeType, sizeBytes };
    this.files.push(file);
    return file.url;
  }

  async removeAll(): Promise<void> {
    await Promise.all(this.files.map((file) => this.store.remove(file.key)));
    this.files.length = 0;
  }
}
