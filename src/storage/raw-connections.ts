import type BetterSqlite3 from 'better-sqlite3';

/**
 * The better-sqlite3 connection under a Kysely instance (the reader, and each write batch's connection), for the
 * prepared statements of the hot path, which run on it directly (src/storage/prepared.ts).
 */
const rawConnections = new WeakMap<object, BetterSqlite3.Database>();

export function registerRawConnection(db: object, connection: BetterSqlite3.Database): void {
  rawConnections.set(db, connection);
}

export function rawConnectionOf(db: object): BetterSqlite3.Database | undefined {
  return rawConnections.get(db);
}
