import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// Cancellations reach the kitchen. DELETE of a confirmed order emits `order-cancelled` on the printer
// channel and queues a cancellation ticket at each station that got the order.

async function jobsSince(app: TestApp, afterId: number) {
  const rows = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, any> }));
}

async function lastJobId(app: TestApp) {
  const row = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .select((eb) => eb.fn.max<number | null>('id').as('id'))
    .executeTakeFirstOrThrow();
  return row.id ?? 0;
}

t.test(
  'a confirmed order deleted: order-cancelled names the stations, each gets a cancellation ticket with its items',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    // Margherita → Kitchen (category), Birra → Bar (category); the receipt at the till is not a station.
    const order = await createOrder(
      app,
      pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
    );
    const [jobMark, eventMark] = [await lastJobId(app), await lastEventId(app)];
    const response = await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}`, as: 'operator' });
    t.equal(response.statusCode, 204);

    const events = await eventsSince(app, eventMark);
    // The order first leaves both stations' screens (kitchen screens), then is deleted and cancelled.
    const stationEvents = ['cashier', 'display', 'printer'].map((channel) => `${channel}/order-station-status-changed`);
    t.same(
      events.map((e) => `${e.channel}/${e.name}`),
      [...stationEvents, ...stationEvents, 'cashier/order-deleted', 'display/order-deleted', 'printer/order-cancelled'],
    );
    const cancelled = events.find((e) => e.name === 'order-cancelled');
    t.same(cancelled?.payload, {
      orderId: order.id,
      ticketNumber: order.ticketNumber,
      displayCode: order.displayCode,
      customer: 'Rossi',
      table: '12',
      status: 'CONFIRMED',
      printers: [menu.printers.kitchen, menu.printers.bar],
    });

    const jobs = await jobsSince(app, jobMark);
    t.same(
      jobs.map((job) => [job.printer_id, job.status, job.payload.kind, job.payload.station]),
      [
        [menu.printers.kitchen, 'queued', 'cancellation', 'Kitchen'],
        [menu.printers.bar, 'queued', 'cancellation', 'Bar'],
      ],
    );
    t.match(jobs[0]!.payload, {
      ticketNumber: order.ticketNumber,
      displayCode: order.displayCode,
      customer: 'Rossi',
      table: '12',
      items: [{ quantity: 2, name: 'Margherita', notes: 'senza basilico' }],
    });
    t.same(
      jobs[1]!.payload.items.map((item: { name: string }) => item.name),
      ['Birra'],
    );
    const listed = (
      await app.request({ method: 'GET', url: `/v1/print-jobs?orderId=${order.id}`, as: 'operator' })
    ).json();
    t.match(listed[0].summary, /^CANCELLED · ticket \d+ /, 'the job list says what it is');
  },
);

t.test(
  'a pending order deleted prints nothing and emits no order-cancelled; one confirmed then moved back does',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    const pending = await createOrder(app, pizzaOrder(menu));
    const [jobMark, eventMark] = [await lastJobId(app), await lastEventId(app)];
    t.equal((await app.request({ method: 'DELETE', url: `/v1/orders/${pending.id}`, as: 'operator' })).statusCode, 204);
    t.same(
      (await eventsSince(app, eventMark)).map((e) => e.name),
      ['order-deleted', 'order-deleted'],
    );
    t.same(await jobsSince(app, jobMark), []);

    const back = await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CARD' } }));
    await app.request({ method: 'PATCH', url: `/v1/orders/${back.id}`, body: { status: 'PENDING' } });
    const mark = await lastEventId(app);
    await app.request({ method: 'DELETE', url: `/v1/orders/${back.id}`, as: 'operator' });
    const cancelled = (await eventsSince(app, mark)).find((e) => e.name === 'order-cancelled');
    t.match(
      cancelled?.payload,
      { orderId: back.id, status: 'PENDING', printers: [menu.printers.kitchen, menu.printers.bar] },
      'its tickets were printed: the kitchen is told',
    );
  },
);

t.test('where the tickets really went counts: a job retried on another printer, a printer deleted since', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const db = app.runtime.storage.db;
  const order = await createOrder(
    app,
    pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
  );
  const barJob = await db
    .selectFrom('print_jobs')
    .select('id')
    .where('order_id', '=', order.id)
    .where('printer_id', '=', menu.printers.bar)
    .executeTakeFirstOrThrow();
  // The bar printer died: its ticket was sent to the till printer instead.
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: `/v1/print-jobs/${barJob.id}/retry`,
        as: 'operator',
        body: { printerId: menu.printers.till },
      })
    ).statusCode,
    200,
  );
  const mark = await lastEventId(app);
  await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}`, as: 'operator' });
  const cancelled = (await eventsSince(app, mark)).find((e) => e.name === 'order-cancelled');
  t.same(cancelled?.payload.printers, [menu.printers.kitchen, menu.printers.till]);

  const second = await createOrder(
    app,
    pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
  );
  t.equal((await app.request({ method: 'DELETE', url: `/v1/printers/${menu.printers.bar}` })).statusCode, 200);
  const jobMark = await lastJobId(app);
  const eventMark = await lastEventId(app);
  await app.request({ method: 'DELETE', url: `/v1/orders/${second.id}`, as: 'operator' });
  t.same(
    (await eventsSince(app, eventMark)).find((e) => e.name === 'order-cancelled')?.payload.printers,
    [menu.printers.kitchen],
    'a deleted printer has nobody to tell',
  );
  t.same(
    (await jobsSince(app, jobMark)).map((job) => job.printer_id),
    [menu.printers.kitchen],
  );
});

t.test(
  'with printing off: the event names the stations the routing sends the order to, and nothing is queued',
  async (t) => {
    const app = await buildTestApp(t, { config: { printing: 'off' } });
    const menu = await seedMenu(app);
    const order = await createOrder(app, {
      table: '4',
      customer: 'Verdi',
      orderItems: [
        { foodId: menu.foods.tiramisu, quantity: 1 },
        { foodId: menu.foods.beer, quantity: 1 },
      ],
      confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    });
    const mark = await lastEventId(app);
    await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}`, as: 'operator' });
    const cancelled = (await eventsSince(app, mark)).find((e) => e.name === 'order-cancelled');
    t.same(
      cancelled?.payload.printers,
      [menu.printers.kitchen, menu.printers.bar],
      'food printer, then category printer',
    );
    t.same(await jobsSince(app, 0), []);
  },
);
