import { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import type { SubscriberRow, SubscriberStatusValue } from '../../db/schema';
import { csvField } from '../../../shared/csv';
import { selectSubscribers, subscriberKey, type SubscriberKey } from './subscriber.repository';

export const CSV_HEADER = 'email,status,createdAt,confirmedAt';
/** Rows read per query: memory stays at one batch however long the list is. */
const CSV_BATCH = 1000;

const csvLine = (row: SubscriberRow) =>
  `${[row.email, row.status, row.created_at, row.confirmed_at ?? ''].map(csvField).join(',')}\r\n`;

async function* csvChunks(db: Db, status: SubscriberStatusValue | undefined): AsyncGenerator<string> {
  yield `${CSV_HEADER}\r\n`;
  let after: SubscriberKey | undefined;
  for (;;) {
    // Keyset paging: each batch seeks past the last one, so a late batch costs what the first did.
    const rows = await selectSubscribers(db, { status }, { limit: CSV_BATCH, after });
    if (rows.length === 0) return;
    yield rows.map(csvLine).join('');
    if (rows.length < CSV_BATCH) return;
    after = subscriberKey(rows[rows.length - 1]!);
  }
}

/** The subscribers (all, or of one status) as CSV, newest first, read batch by batch while the client takes it. */
export function subscriberCsvStream(db: Db, status?: SubscriberStatusValue): Readable {
  return Readable.from(csvChunks(db, status), { objectMode: false, highWaterMark: 64 * 1024 });
}
