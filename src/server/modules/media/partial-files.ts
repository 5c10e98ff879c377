import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');

/**
 * A name for a file being written (an upload on its way): `<prefix><host>~<pid>~<uuid>`,
 * so that a later start can tell whether the process writing it is still alive.
 */
export function partialFileName(prefix: string): string {
  return `${prefix}${host}~${process.pid}~${randomUUID()}`;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the file's writer is known to be gone: written on this host by a process that no longer runs. */
function writerIsGone(name: string, prefix: string): boolean {
  const [writerHost, pid] = name.slice(prefix.length).split('~');
  return writerHost === host && pid !== undefined && /^\d+$/.test(pid) && !isAlive(Number(pid));
}

/**
 * Deletes partial files left by processes that died mid-upload (a video may
 * be 300 MB). Files of a live process, or of another host sharing the folder,
 * are left alone unless older than `staleAfterMs`. Returns the names removed.
 */
export async function removeDeadPartials(folder: string, prefix: string, staleAfterMs = DAY_MS): Promise<string[]> {
  const cutoff = Date.now() - staleAfterMs;
  const removed: string[] = [];
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const file = path.join(folder, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) continue;
    if (writerIsGone(name, prefix) || stat.mtimeMs < cutoff) {
      await fs.promises.rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}
