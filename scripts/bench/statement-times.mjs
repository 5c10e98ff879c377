// Preloaded into the built server (`node --import`) by facets-profile.mjs: times every SQLite statement
// around better-sqlite3's calls, where Kysely runs them. SIGUSR2 starts the count afresh (and, with
// CPU_PROFILE_FILE, a CPU profile); SIGUSR1 writes the count as JSON to STATEMENT_TIMES_FILE (and the profile).
import fs from 'node:fs';
import inspector from 'node:inspector';
import SQLite from 'better-sqlite3';

const times = new Map();
const probe = new SQLite(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['all', 'get', 'run', 'iterate']) {
  const original = proto[method];
  proto[method] = function timed(...args) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    try {
      const result = original.apply(this, args);
      // A generator: drained here so its time is the statement's.
      return method === 'iterate' ? [...result][Symbol.iterator]() : result;
    } finally {
      const key = this.source.replace(/\s+/g, ' ').slice(0, 1500);
      const entry = times.get(key) ?? { calls: 0, ms: 0, cpuMs: 0 };
      entry.calls += 1;
      entry.ms += performance.now() - t0;
      // CPU time of the process meanwhile: on a busy machine, steadier than the wall time.
      const cpu = process.cpuUsage(cpu0);
      entry.cpuMs += (cpu.user + cpu.system) / 1000;
      times.set(key, entry);
    }
  };
}
const profileFile = process.env.CPU_PROFILE_FILE;
const session = profileFile ? new inspector.Session() : undefined;
session?.connect();
process.on('SIGUSR2', () => {
  times.clear();
  session?.post('Profiler.enable', () => session.post('Profiler.start'));
});
process.on('SIGUSR1', () => {
  fs.writeFileSync(process.env.STATEMENT_TIMES_FILE, JSON.stringify([...times]));
  session?.post('Profiler.stop', (error, result) => fs.writeFileSync(profileFile, JSON.stringify(error ? {} : result.profile)));
});
