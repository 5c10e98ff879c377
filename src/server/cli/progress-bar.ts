import type { Progress } from '../modules/backup/archive-format';

const WIDTH = 30;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A progress bar on a terminal (redrawn at most 10 times a second); nothing when output goes to a file or a pipe. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): { update: Progress; done: () => void } {
  if (!stream.isTTY) return { update: () => {}, done: () => {} };
  let last = 0;
  let drawn = false;
  const update: Progress = (done, total, label) => {
    const now = Date.now();
    if (now - last < 100 && done < total) return;
    last = now;
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * WIDTH);
    const name = label.length > 40 ? `…${label.slice(-39)}` : label;
    stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${mb(done)} / ${mb(total)}  ${name.padEnd(40)}`);
    drawn = true;
  };
  return { update, done: () => drawn && stream.write('\n') };
}
