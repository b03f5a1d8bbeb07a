import { PostgresAdapter } from 'kysely';

/** SQLite in the data dir (the default), or a PostgreSQL database named by `--database` (src/storage/postgres.ts). */
export type Engine = 'sqlite' | 'postgres';

/** The engine under a Kysely instance or transaction (core asks where SQL differs: LIKE, change detection). */
export function engineOf(db: { getExecutor(): { adapter: object } }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The key of the one advisory lock every write transaction on PostgreSQL takes first, across every `pos serve`
 * sharing the database: writes then commit one after the other as on SQLite's single writer, so ticket numbers,
 * display codes, portions and idempotency records stay exact, and event ids are handed out in commit order (a
 * reader that follows `id > last` never skips one that commits later with a smaller id). Migrations take it too.
 */
export const POSTGRES_WRITE_LOCK = 4_300_001;
