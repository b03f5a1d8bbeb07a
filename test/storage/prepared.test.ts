import t from 'tap';
import { join } from 'node:path';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { listParams, prepared, rowParams } from '../../src/storage/prepared.js';
import { tempDir } from '../helpers/app.js';

async function setup(t: Parameters<typeof tempDir>[0]) {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage);
  return storage;
}

t.test('built once per shape, values bound per run, constants kept', async (t) => {
  const { db } = await setup(t);
  let builds = 0;
  type Setting = { key: string; value: string };
  const insert = prepared<{ rows: Setting[] }, never>((db, _p, count) => {
    builds++;
    return db
      .insertInto('settings')
      .values(Array.from({ length: count }, (_, index) => rowParams<Setting>('rows', index, ['key', 'value'])));
  });
  await insert.run(db, { rows: [{ key: 'a', value: '1' }] }, 1);
  await insert.run(db, { rows: [{ key: 'b', value: '2' }] }, 1);
  await insert.run(
    db,
    {
      rows: [
        { key: 'c', value: '3' },
        { key: 'd', value: '4' },
        { key: 'e', value: '5' },
      ],
    },
    3,
  );
  t.equal(builds, 2, 'one build for one row, one for three');

  const byKeys = prepared<{ keys: string[]; not: string }, Setting>((db, p, count) =>
    db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', listParams<string>('keys', count))
      .where('value', '!=', p.not)
      .where('key', '!=', 'z')
      .orderBy('key'),
  );
  t.same(await byKeys.execute(db, { keys: ['a', 'c', 'e'], not: '3' }, 3), [
    { key: 'a', value: '1' },
    { key: 'e', value: '5' },
  ]);
  t.same(
    await byKeys.execute(db, { keys: ['b', 'd', 'x'], not: '' }, 3),
    [
      { key: 'b', value: '2' },
      { key: 'd', value: '4' },
    ],
    'new values, same statement',
  );
  t.same(await byKeys.executeTakeFirst(db, { keys: ['d'], not: '' }, 1), { key: 'd', value: '4' });
  t.equal(await byKeys.executeTakeFirst(db, { keys: ['q'], not: '' }, 1), undefined);

  const update = prepared<{ key: string; value: string }, never>((db, p) =>
    db.updateTable('settings').set({ value: p.value }).where('key', '=', p.key),
  );
  t.equal(await update.run(db, { key: 'a', value: '9' }), 1n, 'rows changed');
  t.equal(await update.run(db, { key: 'nope', value: '9' }), 0n);
});
