import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder, eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { type SeededMenu, seedMenu } from '../helpers/seed.js';

// Refunds: some units of a paid order given back. The default amount is the units' share of their lines' part of
// the total (the discount spread over the lines, to the cent); units not cooked yet leave the stations and go back
// to the counts; a bad request changes nothing.

// 2 Margherita (15.00) + 3 Birra (12.00 + 1.00 surcharge) − 1.00 discount = 27.00. The discount spread: 0.54 on
// the pizzas (14.46), 0.46 on the beers (12.54).
async function paidOrder(app: TestApp, menu: SeededMenu, confirm: Record<string, unknown> = {}) {
  return createOrder(
    app,
    pizzaOrder(menu, {
      confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register, discount: 1, ...confirm },
    }),
  );
}

async function detail(app: TestApp, id: number) {
  return (await app.request({ method: 'GET', url: `/v1/orders/${id}`, as: 'operator' })).json();
}

function itemsOf(order: any): any[] {
  return order.categorizedItems.flatMap((group: any) => group.items);
}

async function tableCounts(app: TestApp) {
  const db = app.runtime.storage.db;
  const count = async (table: 'refunds' | 'refund_items' | 'print_jobs' | 'events') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    refunds: await count('refunds'),
    items: await count('refund_items'),
    jobs: await count('print_jobs'),
    events: await count('events'),
  };
}

function refund(app: TestApp, id: number, body: unknown, headers: Record<string, string> = {}) {
  return app.request({ method: 'POST', url: `/v1/orders/${id}/refunds`, body, headers, as: 'operator' });
}

t.test('a pizza refunded before it is cooked: its share back, off the kitchen, a cancellation ticket', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.runtime.storage.db
    .updateTable('foods')
    .set({ stock: 10 })
    .where('id', '=', menu.foods.margherita)
    .execute();
  const order = await paidOrder(app, menu);
  const pizza = itemsOf(await detail(app, order.id)).find((item) => item.food.name === 'Margherita');
  const mark = await lastEventId(app);
  const response = await refund(app, order.id, { items: [{ id: pizza.id, quantity: 1 }], reason: 'bruciata' });
  t.equal(response.statusCode, 201, response.body);
  const body = response.json();
  t.match(body, {
    orderId: order.id,
    items: [{ id: pizza.id, quantity: 1, amount: '7.23' }],
    amount: '7.23',
    method: 'CASH',
    reason: 'bruciata',
    cashRegisterId: menu.register,
  });
  t.ok('userId' in body, 'who gave it back (the test token names no user)');

  const after = await detail(app, order.id);
  t.equal(itemsOf(after).find((item) => item.id === pizza.id).refundedQuantity, 1);
  t.equal(after.refunded, '7.23');
  t.same((await app.request({ method: 'GET', url: `/v1/orders/${order.id}/refunds`, as: 'operator' })).json(), [body]);

  const events = await eventsSince(app, mark);
  const refunded = events.filter((event) => event.name === 'order-refunded');
  t.same(
    refunded.map((event) => event.channel),
    ['cashier', 'printer'],
  );
  t.same(refunded[0]?.payload.printers, [menu.printers.kitchen], 'the kitchen is told');
  const stock = await app.runtime.storage.db
    .selectFrom('foods')
    .select('stock')
    .where('id', '=', menu.foods.margherita)
    .executeTakeFirstOrThrow();
  t.equal(stock.stock, 9, 'the uncooked pizza went back to the count (10 − 2 + 1)');

  const jobs = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id', 'desc')
    .execute();
  const ticket = JSON.parse(jobs[0]!.payload);
  t.equal(jobs[0]!.printer_id, menu.printers.kitchen);
  t.match(ticket, { kind: 'cancellation', station: 'Kitchen', items: [{ name: 'Margherita', quantity: 1 }] });

  const station = (
    await app.request({ method: 'GET', url: `/v1/stations/${menu.printers.kitchen}/orders`, as: 'operator' })
  ).json();
  const card = station.find((o: { id: number }) => o.id === order.id);
  t.same(
    card.items.map((item: any) => [item.name, item.quantity]),
    [['Margherita', 1]],
    'the card counts one pizza now',
  );
});

t.test(
  'a reprint after a refund prints what is left to make, and a line refunded whole is not made again',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    const order = await paidOrder(app, menu);
    const lines = itemsOf(await detail(app, order.id));
    const pizza = lines.find((item) => item.food.name === 'Margherita');
    const beer = lines.find((item) => item.food.name === 'Birra');
    t.equal(
      (await refund(app, order.id, { items: [{ id: pizza.id, quantity: 1 }], reason: 'bruciata' })).statusCode,
      201,
    );
    t.equal((await refund(app, order.id, { items: [{ id: beer.id, quantity: 3 }], reason: 'calde' })).statusCode, 201);
    const reprint = (body: unknown) =>
      app.request({ method: 'POST', url: `/v1/orders/${order.id}/reprint`, body, as: 'operator' });
    const newestJobs = async (after: number) =>
      (
        await app.runtime.storage.db
          .selectFrom('print_jobs')
          .selectAll()
          .where('order_id', '=', order.id)
          .where('id', '>', after)
          .orderBy('id')
          .execute()
      ).map((job) => ({ kind: job.kind, printer: job.printer_id, payload: JSON.parse(job.payload) }));
    const lastJob = async () =>
      Number(
        (
          await app.runtime.storage.db
            .selectFrom('print_jobs')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id,
      );

    let mark = await lastJob();
    const both = await reprint({ orderItems: [{ id: pizza.id }, { id: beer.id }], reprintReceipt: true });
    t.equal(both.statusCode, 200, both.body);
    t.same(
      both.json().reprintOrderItems.map((item: any) => [item.name ?? item.food?.name, item.quantity]),
      [['Margherita', 1]],
      'the event names one pizza, and no beer',
    );
    const jobs = await newestJobs(mark);
    const kitchen = jobs.filter((job) => job.kind === 'reprint-kitchen');
    t.same(
      kitchen.map((job) => job.payload.items.map((item: any) => [item.name, item.quantity])),
      [[['Margherita', 1]]],
      'one kitchen ticket, for the one pizza left: the bar gets none',
    );
    const receipt = jobs.find((job) => job.kind === 'reprint-receipt');
    t.same(
      receipt?.payload.items.map((item: any) => [item.name, item.quantity]),
      [
        ['Margherita', 2],
        ['Birra', 3],
      ],
      'the receipt is the sale as it was paid',
    );

    mark = await lastJob();
    const beersOnly = await reprint({ orderItems: [{ id: beer.id }], reprintReceipt: false });
    t.equal(beersOnly.statusCode, 409, 'nothing left to make of the beers');
    t.equal(beersOnly.json().code, 'conflict');
    t.match(beersOnly.json().message, /was refunded: nothing is left to make/);
    t.same(await newestJobs(mark), [], 'and nothing queued');
  },
);

t.test(
  'an order refunded while it waits for a waiter: seated, its kitchen ticket leaves the refunded units out',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    await app.request({ method: 'PATCH', url: '/v1/venue', body: { waiterTables: true } });
    const order = await createOrder(
      app,
      pizzaOrder(menu, { table: '-', confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
    );
    const pizza = itemsOf(await detail(app, order.id)).find((item) => item.food.name === 'Margherita');
    const refunded = await refund(app, order.id, { items: [{ id: pizza.id, quantity: 1 }], reason: 'cambiato idea' });
    t.equal(refunded.statusCode, 201, refunded.body);
    const url = `/v1/orders/${order.id}`;
    const seated = await app.request({ method: 'PATCH', url, body: { table: '7' }, as: 'operator' });
    t.equal(seated.statusCode, 200, seated.body);
    const kitchen = (
      await app.runtime.storage.db
        .selectFrom('print_jobs')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('kind', '=', 'kitchen')
        .execute()
    ).map((job) => JSON.parse(job.payload));
    t.same(
      kitchen
        .filter((ticket) => ticket.station === 'Kitchen')
        .map((ticket) => ticket.items.map((item: any) => [item.name, item.quantity])),
      [[['Margherita', 1]]],
      'one pizza to make, not two',
    );
  },
);

t.test('every unit refunded in several goes gives back the order total to the cent', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await paidOrder(app, menu);
  const items = itemsOf(await detail(app, order.id));
  const amounts: string[] = [];
  for (const item of items) {
    for (let unit = 0; unit < item.quantity; unit++) {
      const response = await refund(app, order.id, { items: [{ id: item.id, quantity: 1 }], reason: 'chiusura' });
      t.equal(response.statusCode, 201, response.body);
      amounts.push(response.json().amount);
    }
  }
  t.same(amounts, ['7.23', '7.23', '4.18', '4.18', '4.18']);
  t.equal((await detail(app, order.id)).refunded, '27.00', 'the whole total, not a cent more or less');
  everyOf(t, itemsOf(await detail(app, order.id)), (item) => item.refundedQuantity === item.quantity, 'refunded');
  const more = await refund(app, order.id, { items: [{ id: items[0].id, quantity: 1 }], reason: 'ancora' });
  t.equal(more.statusCode, 400);
  t.match(more.json(), { code: 'validation', details: [{ path: 'body.items.0.quantity', code: 'too-big', limit: 0 }] });
  const station = (
    await app.request({ method: 'GET', url: `/v1/stations/${menu.printers.kitchen}/orders`, as: 'operator' })
  ).json();
  t.notOk(
    station.some((o: { id: number }) => o.id === order.id),
    'nothing left to make: off the kitchen',
  );
});

t.test('bad refunds are refused and change nothing', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await paidOrder(app, menu);
  const [pizza, beer] = itemsOf(await detail(app, order.id));
  const before = await tableCounts(app);
  const cases: Array<[string, unknown, number, string]> = [
    ['more units than the line has', { items: [{ id: pizza.id, quantity: 3 }], reason: 'x' }, 400, 'validation'],
    ['a line of another order', { items: [{ id: menu.foods.beer, quantity: 1 }], reason: 'x' }, 400, 'validation'],
    [
      'the same line twice',
      {
        items: [
          { id: beer.id, quantity: 1 },
          { id: beer.id, quantity: 1 },
        ],
        reason: 'x',
      },
      400,
      'validation',
    ],
    ['more money than was paid', { items: [{ id: beer.id, quantity: 1 }], reason: 'x', amount: 27.01 }, 400, ''],
    ['no reason', { items: [{ id: beer.id, quantity: 1 }], reason: ' ' }, 400, 'validation'],
    [
      'an unknown register',
      { items: [{ id: beer.id, quantity: 1 }], reason: 'x', cashRegisterId: menu.foods.water },
      400,
      'validation',
    ],
  ];
  for (const [what, body, status, code] of cases) {
    const response = await refund(app, order.id, body);
    t.equal(response.statusCode, status, what);
    t.equal(response.json().code, code || 'refund-too-large', `${what}: ${response.json().code}`);
  }
  t.same(await tableCounts(app), before, 'nothing was written');

  const pending = await createOrder(app, pizzaOrder(menu));
  const pendingItems = itemsOf(await detail(app, pending.id));
  const refused = await refund(app, pending.id, { items: [{ id: pendingItems[0].id, quantity: 1 }], reason: 'x' });
  t.equal(refused.statusCode, 409);
  t.equal(refused.json().code, 'not-refundable');
  t.equal((await refund(app, 999999, { items: [{ id: pizza.id, quantity: 1 }], reason: 'x' })).statusCode, 404);
});

t.test('a given amount, the other method, and a second refund capped by what is left', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await paidOrder(app, menu);
  const [pizza, beer] = itemsOf(await detail(app, order.id));
  const first = await refund(app, order.id, {
    items: [
      { id: pizza.id, quantity: 2 },
      { id: beer.id, quantity: 1 },
    ],
    reason: 'lite',
    amount: 25,
    method: 'CARD',
  });
  t.equal(first.statusCode, 201, first.body);
  t.match(first.json(), { amount: '25.00', method: 'CARD' });
  const parts = first.json().items.map((item: { amount: string }) => Number(item.amount));
  t.equal(Math.round((parts[0] + parts[1]) * 100), 2500, 'the lines’ parts add up to the amount');
  // 2.00 is left of the 27.00; two beers are worth 8.36 by their share, so the default is what is left.
  const second = await refund(app, order.id, { items: [{ id: beer.id, quantity: 2 }], reason: 'lite' });
  t.equal(second.statusCode, 201, second.body);
  t.equal(second.json().amount, '2.00');
});

t.test('an Idempotency-Key makes a retried refund count once', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await paidOrder(app, menu);
  const [pizza] = itemsOf(await detail(app, order.id));
  const body = { items: [{ id: pizza.id, quantity: 1 }], reason: 'fredda' };
  const headers = { 'idempotency-key': 'refund-1' };
  const one = await refund(app, order.id, body, headers);
  const two = await refund(app, order.id, body, headers);
  t.equal(one.statusCode, 201);
  t.equal(two.statusCode, 201);
  t.equal(two.headers['idempotent-replayed'], 'true');
  t.same(two.json(), one.json());
  t.equal((await tableCounts(app)).refunds, 1);
});

t.test('a cooked order: money back, but nothing goes back to the kitchen or the counts', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.runtime.storage.db
    .updateTable('foods')
    .set({ stock: 10 })
    .where('id', '=', menu.foods.margherita)
    .execute();
  const order = await paidOrder(app, menu);
  await app.request({ method: 'PATCH', url: `/v1/orders/${order.id}`, body: { status: 'COMPLETED' }, as: 'operator' });
  const [pizza] = itemsOf(await detail(app, order.id));
  const jobs = (await tableCounts(app)).jobs;
  const response = await refund(app, order.id, { items: [{ id: pizza.id, quantity: 1 }], reason: 'non buona' });
  t.equal(response.statusCode, 201);
  const events = await eventsSince(app, 0);
  t.same(events.find((event) => event.name === 'order-refunded')?.payload.printers, []);
  t.equal((await tableCounts(app)).jobs, jobs, 'no cancellation ticket');
  const stock = await app.runtime.storage.db
    .selectFrom('foods')
    .select('stock')
    .where('id', '=', menu.foods.margherita)
    .executeTakeFirstOrThrow();
  t.equal(stock.stock, 8, 'eaten: the count stays');
});

t.test('a cancelled order records what was paid back; its refunds leave with it', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await paidOrder(app, menu, { discountReason: 'volontario' });
  const shown = await detail(app, order.id);
  t.equal(shown.discountReason, 'volontario');
  const [pizza] = itemsOf(shown);
  await refund(app, order.id, { items: [{ id: pizza.id, quantity: 1 }], reason: 'bruciata' });
  const deleted = await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}`, as: 'operator' });
  t.equal(deleted.statusCode, 204);
  const rows = await app.runtime.storage.db.selectFrom('cancellations').selectAll().execute();
  t.match(rows, [
    {
      order_id: order.id,
      total: 2700,
      refunded: 723,
      amount: 1977,
      method: 'CASH',
      cash_register_id: menu.register,
    },
  ]);
  t.equal((await tableCounts(app)).refunds, 0, 'the refund left with the order');
  const pending = await createOrder(app, pizzaOrder(menu));
  await app.request({ method: 'DELETE', url: `/v1/orders/${pending.id}`, as: 'operator' });
  t.equal(
    (await app.runtime.storage.db.selectFrom('cancellations').selectAll().execute()).length,
    1,
    'an order never paid leaves no record',
  );
});

t.test('a discount reason: kept with a discount, at most 50 characters, none without a discount', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const long = await app.request({
    method: 'POST',
    url: '/v1/orders',
    body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', discount: 1, discountReason: 'x'.repeat(51) } }),
    as: 'operator',
  });
  t.equal(long.statusCode, 400);
  t.match(long.json().details, [{ path: 'body.confirm.discountReason', code: 'too-long', limit: 50 }]);
  const plain = await paidOrder(app, menu, { discount: 0, discountReason: 'Staff' });
  t.equal((await detail(app, plain.id)).discountReason, null, 'no discount, no reason kept');
  const blank = await paidOrder(app, menu, { discountReason: '' });
  t.equal((await detail(app, blank.id)).discountReason, null, 'an empty reason is none');
});
