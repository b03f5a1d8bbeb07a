import { join } from 'node:path';
import t from 'tap';
import { migrations } from '../../migrations/index.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';

// Migration 018 rebuilds api_keys for the `pickup` scope. Dropping the old table would cascade to the keys' stream
// positions: a print service upgraded mid-season must keep its key, its station tie and where its stream got to.

t.test('device keys, their stations and stream positions survive; pickup keys are accepted', async (t) => {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '018')));
  const db = storage.db;
  const key = {
    id: 'k1',
    name: 'grill',
    scope: 'kitchen' as const,
    key_hash: 'abc',
    created_at: 1,
    last_used_at: 2,
    printer_id: 'p1',
  };
  await db.insertInto('api_keys').values(key).execute();
  const position = { key_id: 'k1', channel: 'printer' as const, last_event_id: 41, updated_at: 3 };
  await db.insertInto('stream_positions').values(position).execute();

  t.same((await migrate(storage)).applied.includes('018-pickup-scope'), true);
  t.same(await db.selectFrom('api_keys').selectAll().execute(), [key]);
  t.same(await db.selectFrom('stream_positions').selectAll().execute(), [position]);
  await db
    .insertInto('api_keys')
    .values({ ...key, id: 'k2', scope: 'pickup', key_hash: 'def', printer_id: null })
    .execute();
  t.throws(() =>
    storage.sqlite
      .prepare("insert into api_keys (id, name, scope, key_hash, created_at) values ('k3', 'x', 'waiter', 'g', 1)")
      .run(),
  );
  await db.deleteFrom('api_keys').where('id', '=', 'k1').execute();
  t.same(await db.selectFrom('stream_positions').selectAll().execute(), [], 'the foreign key still cascades');
});

t.test('a column and an index another migration gave api_keys survive the rebuild', async (t) => {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '018')));
  storage.sqlite.exec('alter table api_keys add column note text');
  storage.sqlite.exec('create index api_keys_note on api_keys (note)');
  storage.sqlite
    .prepare(
      "insert into api_keys (id, name, scope, key_hash, created_at, note) values ('k1', 'TV', 'display', 'h', 1, 'bar')",
    )
    .run();
  await migrate(storage);
  t.same(storage.sqlite.prepare('select id, note from api_keys').all(), [{ id: 'k1', note: 'bar' }]);
  t.ok(
    storage.sqlite.prepare("select 1 from sqlite_master where type = 'index' and name = 'api_keys_note'").get(),
    'the index is there again',
  );
  t.ok(
    storage.sqlite.prepare("select 1 from sqlite_master where name = 'api_keys_018'").get() === undefined,
    'no table left behind',
  );
});
