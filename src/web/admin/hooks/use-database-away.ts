import { useSyncExternalStore } from 'react';
import { databaseAway } from '../lib/database-away';

/**
 * Whether the site's database is away (GET /api/health answers 503, or a save was just answered 503),
 * from the one watcher all of the admin shares (decision 061).
 */
export function useDatabaseAway(): boolean {
  return useSyncExternalStore(databaseAway.subscribe, databaseAway.get, () => false);
}
