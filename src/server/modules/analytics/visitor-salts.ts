import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

/**
 * One random salt per site day, shared by every copy through the database
 * (whichever writes it first wins). A visitor is the salted hash of address and
 * user agent: the same browser is one visitor within a day and cannot be
 * followed from one day to the next, and once the day's salt is deleted no one
 * can recompute the hash from an address (decision 060, as Plausible does).
 */
export class VisitorSalts {
  private readonly kept = new Map<string, string>();

  constructor(private readonly db: Db) {}

  async saltOf(day: string): Promise<string> {
    const kept = this.kept.get(day);
    if (kept) return kept;
    await this.db
      .insertInto('analytics_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    this.kept.set(day, row.salt);
    return row.salt;
  }

  /** Deletes the salts of days before `today`, here and in the database. */
  async forgetBefore(today: string): Promise<void> {
    for (const day of this.kept.keys()) if (day < today) this.kept.delete(day);
    await this.db.deleteFrom('analytics_salts').where('day', '<', today).execute();
  }
}

/** 22 characters of SHA-256 (132 bits): unique enough for a day's visitors, useless without the salt. */
export const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash('sha256').update(salt).update('\0').update(address).update('\0').update(userAgent).digest('base64url').slice(0, 22);
