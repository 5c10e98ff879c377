import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Db } from '../../db/database';
import type { MediaStore } from '../media/media-store';
import { exportedProducts } from './export.service';

/** Where `export FILE --with-media` writes its zip: beside the file, `products.csv` → `products.media.zip`. */
export const mediaZipPath = (file: string) => path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.media.zip`);

/** The stored files the exported products show (tile image and gallery), by key, once each, in export order. */
export async function exportedMediaKeys(db: Db, store: MediaStore): Promise<string[]> {
  // Both stores answer `/uploads/<key>` (media-store.ts).
  const prefix = store.publicUrl('k.png').slice(0, -'k.png'.length);
  const keys = new Set<string>();
  for await (const { row } of exportedProducts(db)) {
    const gallery = (JSON.parse(row.gallery) as Array<{ url: string; order: number }>).sort((a, b) => a.order - b.order).map((item) => item.url);
    for (const url of [row.main_image, ...gallery]) {
      const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
      // Generated keys only: a flat name, nothing that leaves the zip's folder.
      if (/^[\w-]+\.[a-z0-9]+$/i.test(key)) keys.add(key);
    }
  }
  return [...keys];
}

/**
 * Writes the zip of `export --with-media`: each file the products show, under
 * its file name (the last part of its URL, as the import looks it up), read
 * from the store one at a time as the zip is written, stored without
 * compression (images are compressed already). A file missing from the store stops the export.
 */
export async function writeMediaZip(db: Db, store: MediaStore, target: string): Promise<number> {
  const keys = await exportedMediaKeys(db, store);
  const zip = new yazl.ZipFile();
  let count = 0;
  const partial = `${target}.partial`;
  const written = pipeline(zip.outputStream, fs.createWriteStream(partial));
  try {
    for (const key of keys) {
      count += 1;
      // Read when the zip comes to it: one file in memory at a time.
      zip.addReadStreamLazy(key, { compress: false }, (done) => {
        store.read(key).then(
          (data) => (data ? done(null, Readable.from([data])) : done(new Error(`${key}: the file is missing from the media store`), undefined as never)),
          (error: Error) => done(error, undefined as never),
        );
      });
    }
    zip.end();
    await written;
    await fs.promises.rename(partial, target);
  } catch (error) {
    (zip.outputStream as unknown as { destroy: () => void }).destroy();
    await written.catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return count;
}
