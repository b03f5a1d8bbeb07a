import { join } from 'node:path';
import { openStorage, type Storage } from '../../src/storage/database.js';
import type { TestLike } from './app.js';

/**
 * The storage engine the shared test builders use: SQLite in the test's temp data dir, or with
 * POS_TEST_ENGINE=postgres a fresh database of the process's throwaway PostgreSQL cluster (test/helpers/pg-cluster.ts),
 * which test/postgres-files.test.ts sets to run the files of package.json's `postgresFiles` on PostgreSQL.
 */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.POS_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The `--database` URL of a fresh PostgreSQL database when the tests run on PostgreSQL; undefined on SQLite. */
export async function testDatabaseUrl(): Promise<string | undefined> {
  if (TEST_ENGINE !== 'postgres') return undefined;
  const { createTestDatabase } = await import('./pg-cluster.js'); // pg is loaded only when used
  return createTestDatabase();
}

/** Opened storage for a test of core or storage: the data dir's SQLite file, or a fresh PostgreSQL database. */
export async function openTestStorage(t: TestLike, dataDir: string): Promise<Storage> {
  const url = await testDatabaseUrl();
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
