import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export type SmallDisk = { dir: string; fill: () => string; unmount: () => void };

/**
 * A real, tiny filesystem (tmpfs) to fill up, so "disk full" comes from the
 * kernel, not from a stub. Needs root (CI and the dev container run as root);
 * elsewhere it answers null and the test says it was skipped.
 */
export function mountSmallDisk(sizeMb: number): SmallDisk | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    /** Writes a file until the disk refuses more; returns its path (delete it to free the space). */
    fill: () => {
      const filler = path.join(dir, 'filler.bin');
      const fd = fs.openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      // Less than a chunk may still be free: take that too.
      try {
        for (;;) fs.writeSync(fd, chunk, 0, 512);
      } catch {
        // full
      } finally {
        fs.closeSync(fd);
      }
      return filler;
    },
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes a file read-only for this process: file mode for an ordinary user;
 * for root, whom modes do not stop, ext4's immutable flag. Null when neither works.
 */
export function makeReadOnly(file: string): { how: string; undo: () => void } | null {
  if (process.getuid?.() !== 0) {
    fs.chmodSync(file, 0o444);
    return { how: 'chmod 444', undo: () => fs.chmodSync(file, 0o644) };
  }
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
    return { how: 'chattr +i', undo: () => execFileSync('chattr', ['-i', file], { stdio: 'ignore' }) };
  } catch {
    return null;
  }
}
