import t from 'tap';
import { reader, write } from '../../src/core/context.js';
import { buildTestCore } from '../helpers/core.js';

// Core's port onto storage: a read-only connection and the writer's transactions, and no handle that can deadlock
// (the writer's own connection waits for a write in progress, so a use case reading on it inside `write` would
// wait for itself).

t.test('core is given read and write only', async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  t.same(Object.keys(ctx.storage).sort(), ['read', 'write']);
  t.equal(reader(ctx), app.runtime.storage.read, 'reads go to the read-only connection');
  t.not(reader(ctx), app.runtime.storage.db, 'not to the writer');
});

t.test(
  'inside a write, the port still answers reads (the last commit), and the transaction sees its own rows',
  async (t) => {
    const app = await buildTestCore(t);
    const { ctx } = app.runtime;
    const setting = (db: typeof ctx.storage.read) =>
      db.selectFrom('settings').select('value').where('key', '=', 'port-test').executeTakeFirst();
    const bound = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the read inside the write never answered')), 10_000).unref(),
    );
    const seen = await Promise.race([
      write(ctx, async (trx) => {
        await trx.insertInto('settings').values({ key: 'port-test', value: 'new' }).execute();
        return { outside: await setting(reader(ctx)), inside: await setting(trx) };
      }),
      bound,
    ]);
    t.same(seen, { outside: undefined, inside: { value: 'new' } });
    t.same(await setting(reader(ctx)), { value: 'new' }, 'after the commit the reader sees it');
  },
);
