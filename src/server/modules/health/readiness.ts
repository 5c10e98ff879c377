import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { classifyDatabaseError } from '../../db/errors';
import { nowIso } from '../../db/json';
import type { z } from 'zod';
import type { ReadinessAnswerSchema } from '../../../shared/schemas/health';

const PROBE_TIMEOUT_MS = 2_500;
/** Readiness fails below this much free space (or 5% of a small disk), before writes start failing. */
const MIN_FREE_BYTES = 100 * 1024 * 1024;
const instance = `${process.pid}-${randomUUID()}`;

export type Readiness = {
  ready: boolean;
  /** Why not, for people: "database writes fail (storage is full)". */
  problems: string[];
  checks: z.infer<typeof ReadinessAnswerSchema>['checks'];
};

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A real committed write, so a full disk, a read-only file or a read-only server shows here before a save fails. */
async function probeWrite(ctx: AppContext): Promise<string | undefined> {
  const write = ctx.db
    .insertInto('health_probe')
    .values({ instance, checked_at: nowIso() })
    .onConflict((conflict) => conflict.column('instance').doUpdateSet({ checked_at: nowIso() }))
    .execute();
  try {
    await withTimeout(write, PROBE_TIMEOUT_MS, 'write probe');
    // Rows of copies that stopped (each start is a new instance) do not pile up.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    await withTimeout(ctx.db.deleteFrom('health_probe').where('checked_at', '<', dayAgo).execute(), PROBE_TIMEOUT_MS, 'probe clean-up');
    return undefined;
  } catch (error) {
    const fault = classifyDatabaseError(error);
    const reason = fault === 'full' ? 'storage is full' : fault === 'read-only' ? 'storage is read-only' : fault === 'busy' ? 'database is locked' : 'database unavailable';
    return `database writes fail (${reason})`;
  }
}

/** Free space where the SQLite file and local media live. */
async function probeDisk(dataDir: string): Promise<{ freeBytes: number; ok: boolean } | null> {
  try {
    const stats = await fs.promises.statfs(dataDir);
    const freeBytes = stats.bavail * stats.bsize;
    const floor = Math.min(MIN_FREE_BYTES, (stats.blocks * stats.bsize) / 20);
    return { freeBytes, ok: freeBytes >= floor };
  } catch {
    return null;
  }
}

/** Whether this copy can do everything it is asked, writes included (decision 010: the health check tells the truth). */
export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const { lifecycle } = ctx;
  // Told to stop: out of the load balancer at once, without waiting on a probe (decision 061).
  if (lifecycle.draining) return { ready: false, problems: ['shutting down'], checks: { write: 'ok', disk: null, notifications: ctx.notifications?.state ?? 'off' } };
  const [writeProblem, disk] = await Promise.all([probeWrite(ctx), probeDisk(ctx.config.dataDir)]);
  const notifications = ctx.notifications?.state ?? 'off';
  const problems: string[] = [];
  if (!lifecycle.migrations) problems.push('migrations not checked yet');
  if (lifecycle.cache === 'cold') problems.push('warming the page cache');
  if (writeProblem) problems.push(writeProblem);
  if (disk && !disk.ok) problems.push(`only ${Math.floor(disk.freeBytes / 1024)} KB free under DATA_DIR`);
  if (notifications !== 'off' && notifications !== 'listening') problems.push(`not hearing other copies' writes (${notifications})`);
  return {
    ready: problems.length === 0,
    problems,
    checks: { write: writeProblem ? 'failed' : 'ok', disk, notifications },
  };
}
