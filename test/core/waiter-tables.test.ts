import { join } from 'node:path';
import t from 'tap';
import { CommitSignal, type CoreContext, storagePort } from '../../src/core/context.js';
import { cuid } from '../../src/core/ids.js';
import { listOrders } from '../../src/core/orders/queries.js';
import { reprintOrder, reprintReceipt } from '../../src/core/orders/reprints.js';
import { createOrder, deleteOrder, patchOrder } from '../../src/core/orders/use-cases.js';
import type { KitchenTicketPayload } from '../../src/core/printing/payloads.js';
import { stationsOfOrders } from '../../src/core/stations/queries.js';
import { patchVenue } from '../../src/core/venue.js';
import { VenueClock } from '../../src/core/venue-time.js';
import { defaultConfig } from '../../src/config.js';
import type { Principal } from '../../src/core/auth/principal.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { everyOf } from '../helpers/assert.js';
import type { TestLike } from '../helpers/app.js';
import { buildTestCore, type TestCore } from '../helpers/core.js';
import { seedMenu, type SeededMenu } from '../helpers/seed.js';

// Waiter tables (docs/waiter.md): a table order confirmed with the placeholder table waits for a waiter; its
// kitchen tickets and station cards wait with it and go out, with the table, when a PATCH seats it.

const cashier: Principal = { kind: 'token', subject: 'u', userId: null, name: 'Anna', role: 'operator', jti: 'j' };
const serve = { locale: 'it' as const, tables: true };

async function jobsOf(core: { runtime: { ctx: CoreContext } }, orderId: number) {
  const rows = await core.runtime.ctx.storage.read
    .selectFrom('print_jobs')
    .select(['kind', 'printer_id', 'payload', 'status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as KitchenTicketPayload }));
}

function paidOrder(menu: SeededMenu, table = '-') {
  return {
    table,
    customer: 'Rossi',
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 2 },
      { foodId: menu.foods.beer, quantity: 1 },
    ],
    covers: 0,
    service: 'TABLE' as const,
    confirm: { paymentMethod: 'CASH' as const, cashRegisterId: menu.register },
  };
}

async function setup(t: TestLike) {
  const core = await buildTestCore(t);
  const menu = await seedMenu(core);
  await patchVenue(core.runtime.ctx, serve, { waiterTables: true });
  return { core, menu };
}

/** The same data dir opened again, as `pos serve` does after a restart. */
async function restart(t: TestLike, core: TestCore): Promise<{ runtime: { ctx: CoreContext } }> {
  core.runtime.storage.close();
  const storage = openStorage(join(core.dataDir, 'pos.db'), { durability: 'normal' });
  t.teardown(() => storage.close());
  await migrate(storage);
  const config = defaultConfig();
  const ctx: CoreContext = {
    ...core.runtime.ctx,
    storage: storagePort(storage),
    newId: cuid,
    venue: new VenueClock({ timezone: 'Europe/Rome', ticketReset: config.ticketReset, dayStart: config.dayStart }),
    committed: new CommitSignal(),
  };
  return { runtime: { ctx } };
}

t.test('a takeaway has no seat to wait for: its kitchen tickets go at once, placeholder table or not', async (t) => {
  const { core, menu } = await setup(t);
  const { ctx } = core.runtime;
  const order = await createOrder(ctx, { ...paidOrder(menu), service: 'TAKEAWAY' as const }, cashier);
  const kitchen = (await jobsOf(core, order.id)).filter((job) => job.kind === 'kitchen');
  t.same(kitchen.map((job) => job.printer_id).sort(), [menu.printers.kitchen, menu.printers.bar].sort());
  t.same((await listOrders(ctx, { ...LIST, awaitingTable: 'true' })).orders, [], 'not waiting for a table');
});

t.test('a table order waits for its table: receipt now, kitchen tickets and stations when seated', async (t) => {
  const { core, menu } = await setup(t);
  const { ctx } = core.runtime;
  const order = await createOrder(ctx, paidOrder(menu), cashier);
  const held = await jobsOf(core, order.id);
  t.same(
    held.map((job) => job.kind),
    ['receipt'],
    'only the receipt is queued',
  );
  t.same((await stationsOfOrders(ctx.storage.read, [order.id])).get(order.id) ?? [], [], 'at no station');
  const waiting = await listOrders(ctx, { ...LIST, awaitingTable: 'true' });
  t.same(
    waiting.orders.map((row) => row.id),
    [order.id],
    'listed as waiting for a table',
  );

  const seated = await patchOrder(ctx, order.id, { table: '12' });
  t.equal(seated.table, '12');
  const jobs = await jobsOf(core, order.id);
  const kitchen = jobs.filter((job) => job.kind === 'kitchen');
  t.same(kitchen.map((job) => job.printer_id).sort(), [menu.printers.kitchen, menu.printers.bar].sort());
  everyOf(t, kitchen, (job) => job.payload.table === '12', 'every kitchen ticket carries the table');
  t.equal((await stationsOfOrders(ctx.storage.read, [order.id])).get(order.id)?.length, 2, 'waits at 2 stations');
  t.same((await listOrders(ctx, { ...LIST, awaitingTable: 'true' })).orders, [], 'no longer waiting');

  await patchOrder(ctx, order.id, { table: '14' });
  t.equal((await jobsOf(core, order.id)).length, jobs.length, 'moving a seated order prints nothing again');
  const events = await ctx.storage.read
    .selectFrom('events')
    .select(['channel', 'payload'])
    .where('name', '=', 'order-table-changed')
    .orderBy('id')
    .execute();
  t.same(
    events.map((event) => [event.channel, JSON.parse(event.payload)]),
    ['cashier', 'display', 'printer', 'cashier', 'display', 'printer'].map((channel, index) => [
      channel,
      { id: order.id, table: index < 3 ? '12' : '14' },
    ]),
    'order-table-changed on the three channels, each time',
  );
});

t.test('the placeholder keeps it waiting; a real table at the till, or waiter tables off, print at once', async (t) => {
  const { core, menu } = await setup(t);
  const { ctx } = core.runtime;
  const order = await createOrder(ctx, paidOrder(menu), cashier);
  await patchOrder(ctx, order.id, { table: ' - ' });
  t.same(
    (await jobsOf(core, order.id)).map((job) => job.kind),
    ['receipt'],
    'still held',
  );
  const atTill = await createOrder(ctx, paidOrder(menu, '7'), cashier);
  t.equal((await jobsOf(core, atTill.id)).filter((job) => job.kind === 'kitchen').length, 2, 'a real table: at once');
  await patchVenue(ctx, serve, { waiterTables: false });
  const off = await createOrder(ctx, paidOrder(menu), cashier);
  t.equal((await jobsOf(core, off.id)).filter((job) => job.kind === 'kitchen').length, 2, 'mode off: at once');
});

t.test('held across a restart: nothing lost, seated after it', async (t) => {
  const { core, menu } = await setup(t);
  const order = await createOrder(core.runtime.ctx, paidOrder(menu), cashier);
  const after = await restart(t, core);
  t.same(
    (await jobsOf(after, order.id)).map((job) => job.kind),
    ['receipt'],
    'still held after the restart',
  );
  await patchOrder(after.runtime.ctx, order.id, { table: '3' });
  const kitchen = (await jobsOf(after, order.id)).filter((job) => job.kind === 'kitchen');
  t.equal(kitchen.length, 2, 'seated after the restart: both tickets');
  everyOf(t, kitchen, (job) => job.payload.table === '3' && job.status === 'queued', 'queued with the table');
});

t.test('reprint and cancel of a held order', async (t) => {
  const { core, menu } = await setup(t);
  const { ctx } = core.runtime;
  const order = await createOrder(ctx, paidOrder(menu), cashier);
  const item = await ctx.storage.read
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  await t.rejects(
    reprintOrder(ctx, order.id, { orderItems: [{ id: item.id }], reprintReceipt: true }, cashier),
    { statusCode: 409, code: 'awaiting-table' },
    'no kitchen ticket to reprint yet',
  );
  await reprintReceipt(ctx, order.id, {}, cashier);
  t.same(
    (await jobsOf(core, order.id)).map((job) => job.kind),
    ['receipt', 'reprint-receipt'],
    'the receipt reprints; still no kitchen ticket',
  );
  await deleteOrder(ctx, order.id, cashier);
  t.same(
    (await jobsOf(core, order.id)).map((job) => job.kind),
    ['receipt', 'reprint-receipt'],
    'cancelled before seating: no cancellation slip goes to a kitchen that never got the order',
  );
  const left = await ctx.storage.read.selectFrom('order_awaiting_table').selectAll().execute();
  t.same(left, [], 'and it waits no more');
});

const LIST = {
  page: 1,
  limit: 20,
  sortBy: 'createdAt' as const,
  order: 'asc' as const,
};
