import { join } from 'node:path';
import t from 'tap';
import { migrations } from '../../migrations/index.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';

// Migration 008 rebuilds api_keys (SQLite cannot widen a CHECK constraint to the `kitchen` scope): the keys of a
// venue upgraded mid-season must survive it, and printers keep printing kitchen tickets.

t.test('an existing data dir keeps its device keys and printers, and accepts kitchen keys', async (t) => {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '008'));
  await migrate(storage, before);
  const db = storage.db;
  const key = {
    id: 'k1',
    name: 'print service',
    scope: 'printer' as const,
    key_hash: 'abc',
    created_at: 1,
    last_used_at: 2,
  };
  await db.insertInto('api_keys').values(key).execute();
  await db
    .insertInto('printers')
    .values({
      id: 'p1',
      name: 'Cucina',
      ip: '10.0.0.5',
      port: 9100,
      description: '',
      status: 'ONLINE',
      columns: 48,
      cash_drawer: 0,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  await t.rejects(
    db
      .insertInto('api_keys')
      .values({ ...key, id: 'k2', key_hash: 'def', scope: 'kitchen' })
      .execute(),
    /CHECK constraint/,
    'before: no kitchen scope',
  );

  const later = Object.keys(migrations).filter((name) => name >= '008');
  t.same((await migrate(storage)).applied, later, '008 and every later one');
  const kept = [{ ...key, printer_id: null }];
  t.same(await db.selectFrom('api_keys').selectAll().execute(), kept, 'the key is kept as it was (tied to no station)');
  await db
    .insertInto('api_keys')
    .values({ ...key, id: 'k2', key_hash: 'def', scope: 'kitchen' })
    .execute();
  await t.rejects(
    db
      .insertInto('api_keys')
      .values({ ...key, id: 'k3', key_hash: 'ghi', scope: 'tv' as 'kitchen' })
      .execute(),
    /CHECK constraint/,
    'other scopes are still refused',
  );
  await t.rejects(
    db
      .insertInto('api_keys')
      .values({ ...key, id: 'k4' })
      .execute(),
    /UNIQUE constraint/,
    'key hashes are still unique',
  );
  t.match(
    await db
      .selectFrom('printers')
      .select(['kitchen_tickets', 'status_reason'])
      .where('id', '=', 'p1')
      .executeTakeFirst(),
    { kitchen_tickets: 1, status_reason: null },
  );
  t.same(storage.sqlite.pragma('foreign_key_check'), [], 'every reference holds');
});
