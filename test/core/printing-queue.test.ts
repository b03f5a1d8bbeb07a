import t from 'tap';
import { write } from '../../src/core/context.js';
import type { KitchenTicketPayload, PrintPayload, ReceiptPayload } from '../../src/core/printing/payloads.js';
import { queueClosurePrintJob, queueOrderPrintJobs, queueTestPage } from '../../src/core/printing/queue.js';
import { loadRouting } from '../../src/core/orders/routing.js';
import type { Report } from '../../src/core/reports/report.js';
import type { OrderItemRow, OrderRow } from '../../src/storage/schema.js';
import { buildTestApp } from '../helpers/app.js';
import { buildTestCore, type TestCore } from '../helpers/core.js';
import { everyOf } from '../helpers/assert.js';
import { seedMenu, type SeededMenu } from '../helpers/seed.js';

// Routing and payloads of the printer outbox, straight against the core: item → food's printer → category's
// printer → register's default printer → unroutable.

let nextItem = 0;

/** A confirmed order with these foods (one line each), written as the orders code would. */
async function confirmedOrder(
  app: TestCore,
  foods: Array<{ id: string; quantity?: number; notes?: string }>,
  registerId: string | null,
) {
  const db = app.runtime.storage.db;
  const now = app.runtime.ctx.clock.now().getTime();
  const order = await db
    .insertInto('orders')
    .values({
      display_code: 'K7P',
      code_day: '2026-11-21',
      table_name: '12',
      customer: 'Rossi',
      status: 'CONFIRMED',
      ticket_number: 17,
      ticket_day: '2026-11-21',
      payment_method: 'CASH',
      subtotal_cents: 0,
      discount_cents: 0,
      surcharge_cents: 0,
      total_cents: 0,
      user_id: null,
      cash_register_id: registerId,
      created_at: now,
      updated_at: now,
      confirmed_at: now,
      completed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const items: OrderItemRow[] = [];
  for (const [position, line] of foods.entries()) {
    const food = await db
      .selectFrom('foods')
      .innerJoin('categories', 'categories.id', 'foods.category_id')
      .selectAll('foods')
      .select(['categories.name as category_name', 'categories.position as category_position'])
      .where('foods.id', '=', line.id)
      .executeTakeFirstOrThrow();
    const quantity = line.quantity ?? 1;
    items.push(
      await db
        .insertInto('order_items')
        .values({
          id: `item${++nextItem}`,
          order_id: order.id,
          position,
          food_id: food.id,
          food_name: food.name,
          food_description: food.description,
          category_id: food.category_id,
          category_name: food.category_name,
          category_position: food.category_position,
          quantity,
          notes: line.notes ?? '',
          unit_price_cents: food.price_cents,
          surcharge_cents: 0,
          total_cents: food.price_cents * quantity,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { order: order as OrderRow, items, routing: await loadRouting(db, items) };
}

async function jobs(app: TestCore) {
  const rows = await app.runtime.storage.db.selectFrom('print_jobs').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as PrintPayload }));
}

const names = (payload: PrintPayload) => (payload as KitchenTicketPayload).items.map((item) => item.name);

async function setup(t: Parameters<typeof buildTestCore>[0]) {
  const app = await buildTestCore(t);
  const menu = await seedMenu(app);
  const db = app.runtime.storage.db;
  const now = app.runtime.ctx.clock.now().getTime();
  // A food with a printer of its own in a category that has another one, and a dessert nothing routes.
  await db.updateTable('foods').set({ printer_id: menu.printers.bar }).where('id', '=', menu.foods.diavola).execute();
  await db
    .insertInto('foods')
    .values({
      id: 'cannolo',
      name: 'Cannolo',
      description: '',
      price_cents: 300,
      category_id: menu.categories.desserts,
      printer_id: null,
      available: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { app, menu, db };
}

const all = (menu: SeededMenu) => [
  { id: menu.foods.margherita, quantity: 2, notes: 'più cotta' },
  { id: menu.foods.diavola },
  { id: menu.foods.beer, quantity: 3 },
  { id: menu.foods.tiramisu },
  { id: 'cannolo' },
];

t.test(
  'each item goes to its food’s printer, else its category’s, else the register’s; one ticket per printer; the receipt at the register',
  async (t) => {
    const { app, menu } = await setup(t);
    const { order, items, routing } = await confirmedOrder(app, all(menu), menu.register);
    const ids = await write(app.runtime.ctx, (trx) =>
      queueOrderPrintJobs(trx, app.runtime.ctx, { order, items, routing }),
    );
    const queued = await jobs(app);
    t.same(
      queued.map((job) => job.id),
      ids,
    );
    const byPrinter = (printerId: string, kind: string) =>
      queued.filter((job) => job.printer_id === printerId && job.kind === kind);
    t.same(
      byPrinter(menu.printers.kitchen, 'kitchen').map((job) => names(job.payload)),
      [['Margherita', 'Tiramisù']],
      'category, and a food’s own printer',
    );
    t.same(
      byPrinter(menu.printers.bar, 'kitchen').map((job) => names(job.payload)),
      [['Diavola', 'Birra']],
      'the food’s printer wins over its category’s',
    );
    t.same(
      byPrinter(menu.printers.till, 'kitchen').map((job) => names(job.payload)),
      [['Cannolo']],
      'nothing else: the register’s printer',
    );
    const [receipt] = byPrinter(menu.printers.till, 'receipt');
    t.equal((receipt!.payload as ReceiptPayload).items.length, 5, 'the receipt lists everything');
    everyOf(
      t,
      queued,
      (job) => job.status === 'queued' && job.order_id === order.id,
      'every job queued, for this order',
    );
    const kitchen = byPrinter(menu.printers.kitchen, 'kitchen')[0]!.payload as KitchenTicketPayload;
    t.match(kitchen, {
      kind: 'kitchen',
      station: 'Kitchen',
      ticketNumber: 17,
      displayCode: 'K7P',
      table: '12',
      customer: 'Rossi',
      reprint: false,
    });
    t.match(kitchen.items[0], {
      quantity: 2,
      name: 'Margherita',
      notes: 'più cotta',
      unitPriceCents: 750,
      totalCents: 1500,
    });
  },
);

t.test('a snapshot: later changes to the menu or the order never change a queued ticket', async (t) => {
  const { app, menu, db } = await setup(t);
  const { order, items, routing } = await confirmedOrder(app, [{ id: menu.foods.margherita }], menu.register);
  await write(app.runtime.ctx, (trx) => queueOrderPrintJobs(trx, app.runtime.ctx, { order, items, routing }));
  const before = (await jobs(app)).map((job) => job.payload);
  await db
    .updateTable('foods')
    .set({ name: 'Pizza Margherita', price_cents: 990 })
    .where('id', '=', menu.foods.margherita)
    .execute();
  await db.updateTable('printers').set({ name: 'Cucina' }).where('id', '=', menu.printers.kitchen).execute();
  await db.updateTable('orders').set({ customer: 'Bianchi', table_name: '99' }).execute();
  await db.updateTable('order_items').set({ quantity: 9 }).execute();
  t.same(
    (await jobs(app)).map((job) => job.payload),
    before,
  );
});

t.test(
  'items that no printer takes, and a receipt for a register without a printer, are kept as unroutable',
  async (t) => {
    const { app, menu, db } = await setup(t);
    await db.updateTable('cash_registers').set({ default_printer_id: null }).execute();
    const { order, items, routing } = await confirmedOrder(
      app,
      [{ id: menu.foods.margherita }, { id: 'cannolo', notes: 'senza canditi' }],
      menu.register,
    );
    await write(app.runtime.ctx, (trx) => queueOrderPrintJobs(trx, app.runtime.ctx, { order, items, routing }));
    const queued = await jobs(app);
    const unroutable = queued.filter((job) => job.status === 'unroutable');
    t.same(
      unroutable.map((job) => [job.kind, job.printer_id]),
      [
        ['kitchen', null],
        ['receipt', null],
      ],
    );
    t.same(names(unroutable[0]!.payload), ['Cannolo']);
    t.match(unroutable[0]!.last_error, /no printer/);
    t.match(unroutable[1]!.last_error, /cash register "Cassa 1" has no printer/, 'the receipt says why');
    t.same(
      queued.filter((job) => job.status === 'queued').map((job) => names(job.payload)),
      [['Margherita']],
    );
  },
);

t.test(
  'an order confirmed without a register: kitchen tickets; the receipt kept as unroutable, saying why; unroutable items still kept',
  async (t) => {
    const { app, menu } = await setup(t);
    const { order, items, routing } = await confirmedOrder(app, [{ id: menu.foods.beer }, { id: 'cannolo' }], null);
    await write(app.runtime.ctx, (trx) => queueOrderPrintJobs(trx, app.runtime.ctx, { order, items, routing }));
    const queued = await jobs(app);
    t.same(
      queued.map((job) => [job.kind, job.printer_id, job.status]),
      [
        ['kitchen', menu.printers.bar, 'queued'],
        ['kitchen', null, 'unroutable'],
        ['receipt', null, 'unroutable'],
      ],
    );
    t.match(queued[2]!.last_error, /no cash register was chosen/, 'the job list says why no receipt came out');
    t.match(queued[2]!.payload, { kind: 'receipt', registerName: null }, 'a retry with a printer prints it');
  },
);

t.test('a reprint: only the chosen items, marked, and the receipt only when asked', async (t) => {
  const { app, menu } = await setup(t);
  const { order, items, routing } = await confirmedOrder(app, all(menu), menu.register);
  const beer = items.find((item) => item.food_name === 'Birra')!;
  await write(app.runtime.ctx, (trx) =>
    queueOrderPrintJobs(trx, app.runtime.ctx, {
      order,
      items,
      routing,
      reprint: { itemIds: [beer.id], receipt: false },
    }),
  );
  let queued = await jobs(app);
  t.same(
    queued.map((job) => [job.kind, job.printer_id, names(job.payload)]),
    [['reprint-kitchen', menu.printers.bar, ['Birra']]],
  );
  t.equal(queued[0]!.payload.kind === 'kitchen' && queued[0]!.payload.reprint, true);

  await write(app.runtime.ctx, (trx) =>
    queueOrderPrintJobs(trx, app.runtime.ctx, { order, items, routing, reprint: { itemIds: [], receipt: true } }),
  );
  queued = (await jobs(app)).slice(1);
  t.same(
    queued.map((job) => [job.kind, job.printer_id]),
    [['reprint-receipt', menu.printers.till]],
  );
  t.match(queued[0]!.payload, { kind: 'receipt', reprint: true });
});

t.test('closure on the register’s printer, test pages, and nothing at all with printing off', async (t) => {
  const { app, menu } = await setup(t);
  const ctx = app.runtime.ctx;
  const report: Report = {
    id: 'r1',
    timestamp: '2026-11-21T06:00:00.000Z',
    intervalInMinutes: 660,
    totalRevenue: 10,
    totalCashRevenue: 10,
    totalCardRevenue: 0,
    totalOrders: 1,
    averageCompletitionTime: null,
    categoryStats: [],
    cashRegisterStats: [],
    totalDiscount: 0,
    noRegisterStats: { totalRevenue: 10, totalCashRevenue: 10, totalCardRevenue: 0 },
    totalCovers: 0,
    takeawayOrders: 0,
    takeawayRevenue: 0,
    totalRefunds: 0,
    cancellations: { count: 0, amount: 0, cash: 0, card: 0 },
    discountsByReason: [],
  };
  const id = await write(ctx, (trx) => queueClosurePrintJob(trx, ctx, { report, cashRegisterId: menu.register }));
  t.equal(
    await write(ctx, (trx) => queueClosurePrintJob(trx, ctx, { report, cashRegisterId: 'nope' })),
    null,
    'unknown register',
  );
  await write(ctx, (trx) =>
    queueTestPage(trx, ctx, { id: menu.printers.bar, name: 'Bar', ip: '10.0.0.9', port: 9100 }),
  );
  const [closure, test] = await jobs(app);
  t.match(closure, { id, kind: 'closure', printer_id: menu.printers.till, report_id: 'r1', status: 'queued' });
  t.match(closure!.payload, {
    kind: 'closure',
    registerName: 'Cassa 1',
    from: Date.parse('2026-11-21T06:00:00.000Z'),
    to: Date.parse('2026-11-21T17:00:00.000Z'),
  });
  t.match(test, { kind: 'test', printer_id: menu.printers.bar, payload: { kind: 'test', address: '10.0.0.9:9100' } });

  // Printing off, through the API too (a test page that would never print is refused): the whole app, this once.
  const off = await buildTestApp(t, { config: { printing: 'off' } });
  const offMenu = await seedMenu(off);
  const { order, items, routing } = await confirmedOrder(off, [{ id: offMenu.foods.margherita }], offMenu.register);
  t.same(
    await write(off.runtime.ctx, (trx) => queueOrderPrintJobs(trx, off.runtime.ctx, { order, items, routing })),
    [],
  );
  t.equal(
    await write(off.runtime.ctx, (trx) =>
      queueClosurePrintJob(trx, off.runtime.ctx, { report, cashRegisterId: offMenu.register }),
    ),
    null,
  );
  t.same(await jobs(off), [], 'an external service prints from the printer channel');
  t.equal(
    (await off.request({ method: 'POST', url: `/v1/printers/${offMenu.printers.bar}/test` })).statusCode,
    409,
    'no test page that would never print',
  );
});
