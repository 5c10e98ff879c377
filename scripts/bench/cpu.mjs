// CPU time (user + system) of a process and its children, from /proc: on a machine shared with other
// work, requests per CPU-second of the server itself swing far less than requests per second.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

const ticksOf = (pid) => {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

const childrenOf = (pid) =>
  fs.readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });

/** CPU seconds used so far by `pid` and its live children (the cluster's workers, nginx's workers). */
export function cpuSeconds(pid) {
  if (!fs.existsSync('/proc')) return NaN;
  return [pid, ...childrenOf(pid).map(Number)].reduce((sum, p) => sum + ticksOf(p), 0) / TICKS_PER_SECOND;
}
