import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskMediaStore } from '../../src/server/modules/media/media-store';

// An upload refused on its first chunks (a video over the limit) fails before its partial file is even
// open: the file must still be gone when the failure reaches the caller (uploads.test.ts reads the folder
// right after the 413).
describe('a stream that fails at once', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('leaves no partial file once saveStream has rejected', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-failed-upload-'));
      folders.push(folder);
      const store = new LocalDiskMediaStore(folder);
      const refused = (async function* () {
        yield new Uint8Array(16);
        throw new Error('File is too large');
      })();
      await expect(store.saveStream('clip.mp4', refused)).rejects.toThrow('File is too large');
      expect(fs.readdirSync(folder)).toEqual([]);
    }
  });
});
