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

interface PendingWrite {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The writer on PostgreSQL, with group commit as on SQLite (src/storage/write-batcher.ts): writes queue in the
 * server and run one after the other, and those that queued up while a commit was in flight share the next
 * transaction, each in its own savepoint; one that fails rolls back to its savepoint alone. Nobody hears back before
 * the shared COMMIT succeeded. A commit costs a round trip, and with a synchronous standby another to the standby:
 * under a rush one serves many orders. Queuing here also keeps the writes of one server from holding a connection
 * each while they wait for the write lock.
 */
export class PostgresWriter implements Writer {
  private readonly queue: PendingWrite[] = [];
  private draining = false;
  readonly stats = { commits: 0, writes: 0 };

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {}

  run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, this.maxBatch));
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(batch: PendingWrite[]): Promise<void> {
    const settled: Array<() => void> = [];
    try {
      await postgresTransaction(this.db, async (trx) => {
        if (batch.length === 1) {
          const item = batch[0] as PendingWrite;
          const value = await item.work(trx);
          settled.push(() => item.resolve(value));
          return;
        }
        for (const [index, item] of batch.entries()) {
          const name = sql.raw(`w${index}`);
          await sql`savepoint ${name}`.execute(trx);
          try {
            const value = await item.work(trx);
            await sql`release savepoint ${name}`.execute(trx);
            settled.push(() => item.resolve(value));
          } catch (error) {
            await sql`rollback to savepoint ${name}`.execute(trx);
            await sql`release savepoint ${name}`.execute(trx);
            settled.push(() => item.reject(error));
          }
        }
      });
    } catch (error) {
      // Not committed (the write of a batch of one, the lock, a savepoint or the COMMIT failed; a lost connection):
      // nothing of the batch is in the database and nobody was answered yet.
      for (const item of batch) item.reject(error);
      return;
    }
    this.stats.commits++;
    this.stats.writes += batch.length;
    for (const done of settled) done();
  }
}
