import { sql } from 'kysely';
import type { Db, Writer } from './database.js';
import { POSTGRES_WRITE_LOCK } from './engine.js';

const takeWriteLock = sql`select pg_advisory_xact_lock(${sql.lit(POSTGRES_WRITE_LOCK)})`;

/**
 * One PostgreSQL transaction that first takes the write lock, held until it commits or rolls back: writes of every
 * instance on the database run one after the other, as on SQLite's single writer.
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
