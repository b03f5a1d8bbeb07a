import t from 'tap';
import { join } from 'node:path';
import { appendEvent, appendEvents } from '../../../src/core/events/event-log.js';
import type { Db } from '../../../src/storage/database.js';
import { openStorage } from '../../../src/storage/database.js';
import { migrate } from '../../../src/storage/migrate.js';
import { tempDir } from '../../helpers/app.js';

// appendEvent and appendEvents are typed by the channel unions of src/api/events.ts. The typecheck (tsc compiles
// test/) proves the refusals below: each `@ts-expect-error` line must fail to compile, or the typecheck fails with
// "unused @ts-expect-error". The function is never run; the test below shows the well-typed calls do run.
function refusedAtCompileTime(trx: Db, at: Date): void {
  // @ts-expect-error a misspelt event name
  void appendEvent(trx, at, 'cashier', 'food-availability-change', { foodId: 'f', available: true });
  // @ts-expect-error a renamed payload field
  void appendEvent(trx, at, 'cashier', 'food-availability-changed', { foodId: 'f', availble: true });
  // @ts-expect-error a payload field of the wrong type
  void appendEvent(trx, at, 'cashier', 'printer-status-changed', { printerId: 'p', status: 'BROKEN' });
  // @ts-expect-error an event of another channel (the display carries no catalog events)
  void appendEvent(trx, at, 'display', 'food-availability-changed', { foodId: 'f', available: true });
  // @ts-expect-error resync is the hub's own: it is never logged
  void appendEvent(trx, at, 'cashier', 'resync', { reason: 'x' });
  // @ts-expect-error an unknown channel
  void appendEvent(trx, at, 'kitchen', 'order-deleted', { id: 1, displayCode: 'AAA' });
  // @ts-expect-error a missing payload field
  void appendEvent(trx, at, 'cashier', 'order-deleted', { id: 1 });
  void appendEvents(trx, at, [
    { channel: 'cashier', name: 'order-deleted', payload: { id: 1, displayCode: 'AAA' } },
    // @ts-expect-error a renamed payload field in a batch
    { channel: 'display', name: 'order-deleted', payload: { orderId: 1, displayCode: 'AAA' } },
    // @ts-expect-error a misspelt name in a batch
    { channel: 'display', name: 'order-delete', payload: { id: 1, displayCode: 'AAA' } },
  ]);
}

t.test('well-typed events are written to the log as given', async (t) => {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage);
  t.equal(typeof refusedAtCompileTime, 'function');
  const at = new Date('2026-11-21T18:00:00.000Z');
  await storage.writer.run(async (trx) => {
    await appendEvent(trx, at, 'cashier', 'food-availability-changed', { foodId: 'f', available: false });
    await appendEvents(trx, at, [
      { channel: 'cashier', name: 'order-deleted', payload: { id: 7, displayCode: 'K7P' } },
      { channel: 'display', name: 'order-deleted', payload: { id: 7, displayCode: 'K7P' } },
    ]);
  });
  const rows = await storage.db
    .selectFrom('events')
    .select(['channel', 'name', 'payload', 'created_at'])
    .orderBy('id')
    .execute();
  t.strictSame(rows, [
    {
      channel: 'cashier',
      name: 'food-availability-changed',
      payload: '{"foodId":"f","available":false}',
      created_at: at.getTime(),
    },
    { channel: 'cashier', name: 'order-deleted', payload: '{"id":7,"displayCode":"K7P"}', created_at: at.getTime() },
    { channel: 'display', name: 'order-deleted', payload: '{"id":7,"displayCode":"K7P"}', created_at: at.getTime() },
  ]);
});
