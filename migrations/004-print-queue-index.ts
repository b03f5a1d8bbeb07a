import { type Kysely, sql } from 'kysely';

// The print worker looks for the oldest waiting job of each printer after every commit. With the queue index it
// walked every job ever printed; this partial index holds only the waiting ones, so the look-up stays as small
// as the queue.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('print_jobs_waiting')
    .on('print_jobs')
    .columns(['printer_id', 'id'])
    .where(sql<boolean>`status in ('queued', 'printing')`)
    .execute();
}
