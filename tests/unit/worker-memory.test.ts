import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { workerEnv, workerExecArgv } from '../../src/server/cluster/worker-memory';

describe('memory settings of cluster workers', () => {
  it('adds the memory settings after node arguments the primary was started with', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-semi-space-size=4', '--heap-growing-percent=100']);
  });

  it("keeps an operator's own setting of a flag, in node's arguments or NODE_OPTIONS, in either spelling", () => {
    expect(workerExecArgv(['--heap_growing_percent=80'])).toEqual(['--heap_growing_percent=80', '--max-semi-space-size=4']);
    expect(workerExecArgv([], '--max-semi-space-size=16')).toEqual(['--heap-growing-percent=100']);
  });

  it('names flags this node accepts (an unknown one stops node with "bad option")', () => {
    const flags = workerExecArgv([]);
    expect(execFileSync(process.execPath, [...flags, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });

  it("limits glibc's malloc arenas unless the operator chose a number", () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({});
  });
});
