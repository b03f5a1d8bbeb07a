import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { registerRawConnection } from './raw-connections.js';
import { prepared } from './prepared.js';

// The statements of the batch itself, compiled once (savepoint names by index: w0, w1, ...).
const begin = prepared<object, unknown>(() => sql`begin immediate`);
const commit = prepared<object, unknown>(() => sql`commit`);
const rollback = prepared<object, unknown>(() => sql`rollback`);
const savepoint = prepared<object, unknown>((_db, _p, index) => sql`savepoint ${sql.raw(`w${index}`)}`);
const release = prepared<object, unknown>((_db, _p, index) => sql`release ${sql.raw(`w${index}`)}`);
const rollbackTo = prepared<object, unknown>((_db, _p, index) => sql`rollback to ${sql.raw(`w${index}`)}`);

interface PendingWrite {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Writes are queued and run one after another, as with a plain mutex; but the writes that queued up
 * while the previous commit was in flight share the next transaction, each inside its own savepoint. A write that
 * fails rolls back to its savepoint and leaves the others untouched. Nobody hears back before the shared COMMIT has
 * succeeded, so a response still means "on disk". One commit (and one fsync) then serves many requests.
 */
export class WriteBatcher {
  private readonly queue: PendingWrite[] = [];
  private draining = false;
  private scheduled = false;
  /** Counters for the benchmark and the tests: how many commits served how many writes. */
  readonly stats = { commits: 0, writes: 0 };

  constructor(
    private readonly db: Db,
    private readonly sqlite: BetterSqlite3.Database,
    private readonly maxBatch = 64,
  ) {}

  run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // better-sqlite3 is synchronous: a batch started right away would run to its COMMIT before the event loop
      // reads the next request, and every commit would serve one write. Waiting for the end of this turn of the
      // loop lets every request that arrived in it join the batch.
      if (!this.draining && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.drain();
        });
      }
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          await this.db.connection().execute((connection) => this.runBatch(connection, batch));
        } catch (error) {
          // Only a failing BEGIN/ROLLBACK TO gets here: nobody in the batch has been answered yet.
          if (this.sqlite.inTransaction) this.sqlite.exec('rollback');
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(connection: Db, batch: PendingWrite[]): Promise<void> {
    registerRawConnection(connection, this.sqlite);
    const settled: Array<() => void> = [];
    try {
      await begin.run(connection, {});
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    const single = batch.length === 1;
    for (let index = 0; index < batch.length; index++) {
      const item = batch[index] as PendingWrite;
      try {
        if (!single) await savepoint.run(connection, {}, index);
        const value = await item.work(connection);
        if (!single) await release.run(connection, {}, index);
        settled.push(() => item.resolve(value));
      } catch (error) {
        if (!this.sqlite.inTransaction) {
          // SQLite gave up the whole transaction (disk full, I/O error): what ran in it is gone and fails; the
          // writes that did not run yet wait for the next batch.
          for (const done of batch.slice(0, index + 1)) done.reject(error);
          this.queue.unshift(...batch.slice(index + 1));
          return;
        }
        if (single) {
          await rollback.run(connection, {});
          item.reject(error);
          return;
        }
        settled.push(() => item.reject(error));
        await rollbackTo.run(connection, {}, index);
        await release.run(connection, {}, index);
      }
    }
    try {
      await commit.run(connection, {});
      this.stats.commits++;
      this.stats.writes += batch.length;
    } catch (error) {
      if (this.sqlite.inTransaction) await rollback.run(connection, {});
      for (const item of batch) item.reject(error);
      return;
    }
    for (const done of settled) done();
  }
}
