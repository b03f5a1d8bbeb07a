import BetterSqlite3 from 'better-sqlite3';
import { closeSync, existsSync, openSync } from 'node:fs';
import { makePrivate } from './data-dir.js';
import { Kysely, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.js';
import type { Engine } from './engine.js';
import { registerRawConnection } from './raw-connections.js';
import { WriteBatcher } from './write-batcher.js';
import { postgresTransaction } from './postgres-writer.js';

/**
 * How hard a commit waits for the disk. `full` (the default) syncs the write-ahead log on every commit, so an
 * order that got a 2xx survives a power cut; `normal` survives a crash of the process but may lose the last
 * commits on a power cut or kernel panic, and is faster on slow disks.
 */
export type Durability = 'full' | 'normal';

export type Db = Kysely<Database>;

export { type Engine, engineOf, POSTGRES_WRITE_LOCK } from './engine.js';

/** How writes reach the database: one at a time, each resolved only once committed. */
export interface Writer {
  run<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /** Counters for the benchmark and the tests: how many commits served how many writes. */
  readonly stats: { commits: number; writes: number };
}

export interface Storage {
  engine: Engine;
  /** The writer: every change goes through `transaction()` (or `writer`) on it. */
  db: Db;
  /** Reads: they never wait for a write in progress (a second connection in WAL mode; a pool on PostgreSQL). */
  read: Db;
  /**
   * The raw SQLite writer connection, for what Kysely does not cover (online backup, pragmas). SQLite only: on
   * PostgreSQL reading it throws a WrongEngineError.
   */
  sqlite: BetterSqlite3.Database;
  /** Runs writes on `db` (on SQLite sharing commits between writes that queue up together: group commit). */
  writer: Writer;
  /** Where the data is, for people: the database file, or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

export class WrongEngineError extends Error {}

export interface OpenOptions {
  durability?: Durability;
  /** Open read-only (CLI tools that inspect a data dir that a server may be using). */
  readonly?: boolean;
}

function applyPragmas(connection: BetterSqlite3.Database, durability: Durability): void {
  connection.pragma('journal_mode = WAL');
  connection.pragma(`synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('temp_store = MEMORY');
  connection.pragma('cache_size = -8000'); // 8 MiB page cache (the OS caches the file too; RSS stays small)
}

/**
 * Kysely's SQLite driver prepares every statement it runs; preparing costs more than running most of ours. The
 * queries of a running appliance are a small fixed set of SQL texts, so their prepared statements are kept
 * (bounded, least recently used first out). Safe because each connection runs one statement at a time.
 */
function withStatementCache(connection: BetterSqlite3.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = connection.prepare(text);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
    close() {
      connection.close();
    },
  };
}

/**
 * The database holds password hashes and every order: owner-only (0600), and so are its `-wal` and `-shm`. SQLite
 * creates those two with the database file's own mode (whatever the umask), so a database created 0600 keeps them
 * private; files left looser by an older version or a copy are tightened here.
 */
function keepPrivate(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600)); // an empty file is an empty database
  for (const suffix of ['', '-wal', '-shm']) makePrivate(`${file}${suffix}`, 0o600);
}

export function openStorage(file: string, options: OpenOptions = {}): Storage {
  const durability = options.durability ?? 'full';
  if (!options.readonly) keepPrivate(file);
  const sqlite = new BetterSqlite3(file, { readonly: options.readonly ?? false });
  if (options.readonly) {
    sqlite.pragma('busy_timeout = 5000');
  } else {
    applyPragmas(sqlite, durability);
    keepPrivate(file); // the -wal and -shm that WAL mode just created
  }
  const reader = new BetterSqlite3(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('cache_size = -8000');

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const read = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(reader) }) });
  // The reader's statements run one at a time anyway (synchronously). The writer's raw connection is registered only
  // for the connection of a write batch, which holds it: a query on `db` itself must wait for the batch, as Kysely's
  // connection mutex makes it.
  registerRawConnection(read, reader);
  return {
    engine: 'sqlite',
    db,
    read,
    sqlite,
    writer: new WriteBatcher(db, sqlite),
    location: file,
    async close() {
      await read.destroy();
      await db.destroy();
    },
  };
}

/**
 * Runs `work` in one SQLite transaction on the writer connection. `BEGIN IMMEDIATE` takes the write lock up front,
 * so a transaction never fails half-way because another process wrote in between. Kysely's connection mutex makes
 * every other query wait until this one commits or rolls back. On PostgreSQL: a transaction that first takes the
 * write lock (POSTGRES_WRITE_LOCK).
 */
export async function transaction<T>(
  storage: Pick<Storage, 'db' | 'sqlite' | 'engine'>,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (storage.engine === 'postgres') return postgresTransaction(storage.db, work);
  return storage.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      // SQLite may already have rolled back on its own (disk full, I/O error).
      if (storage.sqlite.inTransaction) await sql`rollback`.execute(connection);
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

export interface DatabaseOptions extends OpenOptions {
  /** The SQLite file (in the data dir), used when no PostgreSQL URL is given. */
  file: string;
  /** A `postgres://` URL: the data lives in that PostgreSQL database instead (pg is loaded only then). */
  databaseUrl?: string | undefined;
}

/** Opens the engine the options name: PostgreSQL when there is a URL, else the SQLite file. */
export async function openDatabase(options: DatabaseOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl);
  }
  return openStorage(options.file, options);
}
