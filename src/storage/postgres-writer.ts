import { sql } from 'kysely';
import type { Db, Writer } from './database.js';
import { POSTGRES_WRITE_LOCK } from './engine.js';

/**
 * The channel every write transaction notifies: PostgreSQL delivers the notification at its commit (never for one
 * rolled back) to the LISTEN connection of each instance on the database, which wakes that instance's event hub and
 * print worker (src/server/cluster/wake-listener.ts).
 */
export const COMMIT_CHANNEL = 'pos_events';

const takeWriteLock = sql`select pg_advisory_xact_lock(${sql.lit(POSTGRES_WRITE_LOCK)}), pg_notify(${sql.lit(
  COMMIT_CHANNEL,
)}, '')`;

/**
 * One PostgreSQL transaction that first takes the write lock, held until it commits or rolls back: writes of every
 * instance on the database run one after the other, as on SQLite's single writer. The same statement asks for the
 * commit's notification (COMMIT_CHANNEL), at no extra round trip.
 */
export function postgresTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await takeWriteLock.execute(trx);
    return work(trx);
  });
}

/**
 * The writer on PostgreSQL: each write its own transaction on a connection of the pool. They queue on the write
 * lock in the server, so no group commit is needed to keep them in order, and a write's failure is its own.
 */
export class PostgresWriter implements Writer {
  readonly stats = { commits: 0, writes: 0 };

  constructor(private readonly db: Db) {}

  async run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await postgresTransaction(this.db, work);
    this.stats.commits++;
    this.stats.writes++;
    return result;
  }
}
