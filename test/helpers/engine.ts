import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openStorage, type Storage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import type { TestLike } from './app.js';

/**
 * The storage engine the shared test builders use: SQLite in the test's temp data dir, or with
 * POS_TEST_ENGINE=postgres a fresh database of the process's throwaway PostgreSQL cluster (test/helpers/pg-cluster.ts),
 * which test/postgres-files-1.test.ts, -2 and -3 set to run the files of package.json's `postgresFiles` on PostgreSQL.
 */
export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.POS_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The `--database` URL of a fresh PostgreSQL database when the tests run on PostgreSQL; undefined on SQLite. */
export async function testDatabaseUrl(): Promise<string | undefined> {
  if (testEngine() !== 'postgres') return undefined;
  const { createTestDatabase } = await import('./pg-cluster.js'); // pg is loaded only when used
  return createTestDatabase();
}

let template: Promise<string> | undefined;

/**
 * Puts a migrated, empty SQLite database in a test's data dir, as `pos serve` leaves one on first start: a copy of
 * one migrated once per process. Running the 22 migrations was about 28 ms of the 67 ms of CPU of building a test
 * app, and a suite builds hundreds; the migrations themselves are still run, here and by their own tests.
 */
export async function seedMigratedSqlite(dataDir: string): Promise<void> {
  template ??= migratedTemplate();
  copyFileSync(await template, join(dataDir, 'pos.db'));
}

async function migratedTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pos-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'pos.db');
  const storage = openStorage(file, { durability: 'normal' });
  await migrate(storage);
  storage.sqlite.pragma('wal_checkpoint(TRUNCATE)'); // everything in the file itself, nothing left in its WAL
  await storage.close();
  return file;
}

/** Opened, migrated storage for a test of core or storage: the data dir's SQLite file, or a fresh PostgreSQL database. */
export async function openTestStorage(t: TestLike, dataDir: string): Promise<Storage> {
  const url = await testDatabaseUrl();
  if (!url) await seedMigratedSqlite(dataDir);
  return openEither(t, dataDir, url);
}

/**
 * A second, separate connection to the database of a test app (as another process would have: a CLI, another
 * instance), for `work` to change something behind the app's back; closed afterwards.
 */
export async function withAnotherConnection<T>(
  app: { dataDir: string; databaseUrl: string | undefined },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const closers: Array<() => unknown> = [];
  const storage = await openEither({ teardown: (fn) => closers.push(fn) }, app.dataDir, app.databaseUrl);
  try {
    return await work(storage.db);
  } finally {
    for (const close of closers) await close();
  }
}

async function openEither(t: TestLike, dataDir: string, url: string | undefined): Promise<Storage> {
  let storage: Storage;
  if (url) {
    const { openPostgres } = await import('../../src/storage/postgres.js');
    storage = await openPostgres(url);
  } else {
    storage = openStorage(join(dataDir, 'pos.db'), { durability: 'normal' });
  }
  t.teardown(() => storage.close());
  return storage;
}
