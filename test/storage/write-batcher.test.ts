import t from 'tap';
import { join } from 'node:path';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';

async function setup(t: Parameters<typeof tempDir>[0]) {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage);
  return storage;
}

const setting = (key: string) => ({ key, value: key });

t.test('concurrent writes share commits; a failing write rolls back alone', async (t) => {
  const storage = await setup(t);
  const writes = Array.from({ length: 30 }, (_, i) =>
    storage.writer.run(async (trx) => {
      await trx
        .insertInto('settings')
        .values(setting(`k${i}`))
        .execute();
      if (i % 7 === 3) throw new Error(`write ${i} fails`);
      return i;
    }),
  );
  const results = await Promise.allSettled(writes);
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
  t.same(failed, [3, 10, 17, 24]);
  const keys = (await storage.db.selectFrom('settings').select('key').orderBy('key').execute()).map((r) => r.key);
  t.same(
    keys.sort(),
    Array.from({ length: 30 }, (_, i) => i)
      .filter((i) => i % 7 !== 3)
      .map((i) => `k${i}`)
      .sort(),
    'only the failing writes left nothing',
  );
});

t.test('writes queued in one turn of the event loop share one commit, as requests parsed together do', async (t) => {
  const storage = await setup(t);
  // What a burst of requests does: each handler queues its write from its own callback of the same turn.
  const writes = await new Promise<Array<Promise<number>>>((resolve) => {
    const queued: Array<Promise<number>> = [];
    for (let i = 0; i < 10; i++) {
      queueMicrotask(() =>
        queued.push(
          storage.writer.run(async (trx) => {
            await trx
              .insertInto('settings')
              .values(setting(`k${i}`))
              .execute();
            return i;
          }),
        ),
      );
    }
    setImmediate(() => resolve(queued));
  });
  t.same(await Promise.all(writes), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  t.same(storage.writer.stats, { commits: 1, writes: 10 }, 'one commit for the ten writes');
  await storage.writer.run((trx) => trx.insertInto('settings').values(setting('later')).execute());
  t.same(storage.writer.stats, { commits: 2, writes: 11 }, 'a write of a later turn gets its own');
});

t.test('writes run in order and each sees the writes before it', async (t) => {
  const storage = await setup(t);
  const seen: number[] = [];
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      storage.writer.run(async (trx) => {
        const rows = await trx.selectFrom('settings').select('key').execute();
        seen.push(rows.length);
        await trx
          .insertInto('settings')
          .values(setting(`k${i}`))
          .execute();
      }),
    ),
  );
  t.same(
    seen,
    Array.from({ length: 20 }, (_, i) => i),
  );
});

t.test('nobody hears back before the commit: a failed commit fails every write of the batch', async (t) => {
  const storage = await setup(t);
  // A deferred foreign key is only checked at COMMIT: make one write break it, so the shared commit fails.
  await storage.db.schema
    .createTable('parent')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .execute();
  await storage.sqlite.exec(
    'create table child (id integer primary key, parent integer references parent(id) deferrable initially deferred)',
  );
  // Hold the writer so the next two writes queue up and share one commit.
  let release = () => {};
  let started = () => {};
  const holding = new Promise<void>((resolve) => (started = resolve));
  const holder = storage.writer.run(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        started();
      }),
  );
  await holding;
  const ok = storage.writer.run(async (trx) => {
    await trx.insertInto('settings').values(setting('fine')).execute();
  });
  const breaking = storage.writer.run(async () => {
    storage.sqlite.prepare('insert into child (id, parent) values (1, 42)').run();
  });
  release();
  await holder;
  const results = await Promise.allSettled([ok, breaking]);
  t.same(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  t.equal((await storage.db.selectFrom('settings').selectAll().execute()).length, 0);
  await storage.writer.run(async (trx) => {
    await trx.insertInto('settings').values(setting('after')).execute();
  });
  t.equal((await storage.db.selectFrom('settings').selectAll().execute()).length, 1, 'the next batch works');
});
