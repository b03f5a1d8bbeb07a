import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// POST /v1/orders/{id}/reprint-receipt prints the customer receipt alone.

async function jobsSince(app: TestApp, afterId: number) {
  const rows = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }));
}

async function lastJobId(app: TestApp) {
  const row = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .select((eb) => eb.fn.max<number | null>('id').as('id'))
    .executeTakeFirstOrThrow();
  return row.id ?? 0;
}

t.test(
  'the receipt alone, on the order’s register’s printer: recorded, announced, no kitchen ticket, order untouched',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    const order = await createOrder(
      app,
      pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
    );
    const before = await app.runtime.storage.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirst();
    const [jobMark, eventMark] = [await lastJobId(app), await lastEventId(app)];

    const response = await app.request({
      method: 'POST',
      url: `/v1/orders/${order.id}/reprint-receipt`,
      as: 'operator',
      body: {},
    });
    t.equal(response.statusCode, 200);
    const body = response.json();
    t.match(body, {
      id: order.id,
      reprintReceipt: true,
      reprintOrderItems: [],
      cashRegisterId: menu.register,
      warnings: [],
    });
    t.equal(body.orderItems.length, 2, 'all items, for the receipt');

    const jobs = await jobsSince(app, jobMark);
    t.same(
      jobs.map((job) => [job.kind, job.printer_id, job.status]),
      [['reprint-receipt', menu.printers.till, 'queued']],
      'one receipt, no kitchen ticket',
    );
    t.match(jobs[0]!.payload, { kind: 'receipt', reprint: true, registerName: 'Cassa 1' });

    const events = await eventsSince(app, eventMark);
    t.same(
      events.map((e) => `${e.channel}/${e.name}`),
      ['printer/reprint-order'],
    );
    const { warnings: _w, ...record } = body;
    t.same(events[0]!.payload, record, 'a print service sees a reprint with the receipt and no kitchen items');

    const audit = await app.runtime.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reprint')
      .execute();
    t.same(
      audit.map((row) => JSON.parse(row.data)),
      [{ itemIds: [], reprintReceipt: true, receiptOnly: true, cashRegisterId: menu.register }],
    );
    t.same(
      await app.runtime.storage.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirst(),
      before,
      'the order does not change',
    );

    const noBody = await app.request({ method: 'POST', url: `/v1/orders/${order.id}/reprint-receipt`, as: 'operator' });
    t.equal(noBody.statusCode, 200, 'the body is optional');
    const byKey = await app.request({
      method: 'POST',
      url: `/v1/orders/${order.id}/reprint-receipt`,
      as: { key: await app.apiKey('printer') },
      body: {},
    });
    t.equal(byKey.statusCode, 200, 'a print service may ask, as for reprints');
  },
);

t.test('an order confirmed without a register: its receipt at the register given', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CARD' } }));
  const before = await snapshotTables(app, ['orders', 'print_jobs', 'events', 'audit_log']);
  const refused = await app.request({
    method: 'POST',
    url: `/v1/orders/${order.id}/reprint-receipt`,
    as: 'operator',
    body: {},
  });
  t.equal(refused.statusCode, 400, 'no register known');
  t.match(refused.json(), {
    message: /confirmed without a cash register: give cashRegisterId/,
    details: [{ path: 'body.cashRegisterId' }],
  });
  t.same(await snapshotTables(app, ['orders', 'print_jobs', 'events', 'audit_log']), before, 'and nothing changed');

  const mark = await lastJobId(app);
  const response = await app.request({
    method: 'POST',
    url: `/v1/orders/${order.id}/reprint-receipt`,
    as: 'operator',
    body: { cashRegisterId: menu.register },
  });
  t.equal(response.statusCode, 200);
  t.equal(response.json().cashRegisterId, menu.register, 'the event names the register that prints it');
  t.same(
    (await jobsSince(app, mark)).map((job) => [job.kind, job.printer_id]),
    [['reprint-receipt', menu.printers.till]],
  );
});

t.test('refusals: pending, unknown, disabled or printer-less register, unknown order, malformed body', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const pending = await createOrder(app, pizzaOrder(menu));
  const confirmed = await createOrder(
    app,
    pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
  );
  const movedBack = await createOrder(
    app,
    pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
  );
  await app.request({ method: 'PATCH', url: `/v1/orders/${movedBack.id}`, body: { status: 'PENDING' } });
  const before = await snapshotTables(app, ['orders', 'print_jobs', 'events', 'audit_log']);
  const post = (id: number, body: unknown) =>
    app.request({ method: 'POST', url: `/v1/orders/${id}/reprint-receipt`, as: 'operator', body });
  const cases: Array<[string, number, unknown, number]> = [
    ['pending', pending.id, { cashRegisterId: menu.register }, 400],
    ['moved back to pending', movedBack.id, {}, 400],
    ['unknown register', confirmed.id, { cashRegisterId: 'c000000000000000000000000' }, 400],
    ['disabled register', confirmed.id, { cashRegisterId: menu.disabledRegister }, 400],
    ['malformed register id', confirmed.id, { cashRegisterId: 'Cassa 1' }, 400],
    ['unknown order', 999_999, {}, 404],
  ];
  for (const [name, id, body, status] of cases) {
    const response = await post(id, body);
    t.equal(response.statusCode, status, name);
    t.match(response.json(), { statusCode: status, error: String, message: String }, name);
  }
  await app.runtime.storage.db
    .updateTable('cash_registers')
    .set({ default_printer_id: null })
    .where('id', '=', menu.register)
    .execute();
  const printerless = await post(confirmed.id, {});
  t.equal(printerless.statusCode, 400, 'a register without a printer cannot print it');
  t.match(printerless.json().message, /"Cassa 1" has no printer/);
  t.same(
    await snapshotTables(app, ['orders', 'print_jobs', 'events', 'audit_log']),
    before,
    'no refusal changed anything',
  );
});
