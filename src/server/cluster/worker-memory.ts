/**
 * Memory settings each cluster worker starts with: with one worker per core, a
 * worker's memory is paid once per core (docs/decisions/042 and 043).
 *
 * - `--max-semi-space-size=4`: the young generation grows to 32 MB under load
 *   (two 16 MB semi-spaces); 4 MB semi-spaces keep it at 8 MB.
 * - `--heap-growing-percent=100`: after a full collection V8 lets the old
 *   generation grow to twice what survived before it collects again, not up
 *   to 4× (its factor for a heap limit of 2 GB or more, which a machine with
 *   8 GB or more gets). A worker keeps ~35-45 MB alive (heap snapshot after
 *   load); with V8's factor its old generation held 95-125 MB under the
 *   bench's load, the rest garbage waiting for a collection (decision 043).
 *   043 chose 30%, which kept it at ~40-45 MB, but an uncached render
 *   promotes ~1 MB and at 30% a full collection came every ~60 renders, its
 *   marking work landing on the renders around it: 100% halves them and cut
 *   the p95 of an uncached category page by 2-5 ms for ~8 MB more per busy
 *   worker (decision 082). Unlike a lower `--max-old-space-size` it caps
 *   nothing: a burst that needs more memory still gets it.
 *
 * An operator's own setting of a flag (in NODE_OPTIONS or node's arguments)
 * wins over ours.
 */
const WORKER_V8_FLAGS: ReadonlyArray<readonly [name: string, value: string]> = [
  ['--max-semi-space-size', '4'],
  ['--heap-growing-percent', '100'],
];

/** node's arguments for a worker: the primary's own, plus each of ours the operator did not set. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions}`;
  // V8 reads `--a-b` and `--a_b` alike.
  const isGiven = (name: string) => given.replaceAll('_', '-').includes(name);
  return [...execArgv, ...WORKER_V8_FLAGS.filter(([name]) => !isGiven(name)).map(([name, value]) => `${name}=${value}`)];
}

/**
 * glibc gives each thread that allocates its own malloc arena (up to 8 per
 * core), and memory freed in one stays with it. A worker's threads (libuv's
 * pool for gzip and file reads, V8's helpers) made arenas holding 10-25 MB
 * under load that two arenas do not (measured 128-137 MB vs 145-161 MB per
 * worker with the V8 flags above, no throughput change the shared machine
 * could show). Read by glibc when the process starts, so it is given at fork;
 * an operator's own MALLOC_ARENA_MAX wins, and other C libraries ignore it.
 */
export function workerEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: '2' };
}
