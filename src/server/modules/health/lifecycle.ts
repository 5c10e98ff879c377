import type { MigrationCheck } from '../../db/database';

/**
 * Where a copy is in its life, for readiness (decision 061): a load balancer sends it visitors only
 * once its migrations are checked and its page cache is warm, and stops the moment it is told to stop.
 */
export class Lifecycle {
  /** Set once this build has compared its migrations with the database's. */
  migrations: MigrationCheck | undefined;
  /** `cold` while the most visited pages are being rendered (a served copy warms them before saying ready). */
  cache: 'cold' | 'warm' = 'warm';
  /** Told to stop: readiness answers 503 at once while requests are still served for SHUTDOWN_DRAIN_MS. */
  draining = false;
}
