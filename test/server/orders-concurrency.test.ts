import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

t.test('200 confirmations fired at once get 200 distinct, gap-free ticket numbers', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const pending = [];
  for (let i = 0; i < 200; i++) pending.push(await createOrder(app, pizzaOrder(menu)));
  const responses = await Promise.all(
    pending.map((order) =>
      app.request({
        method: 'POST',
        url: `/v1/orders/${order.id}/confirm`,
        as: 'operator',
        body: { paymentMethod: 'CASH' },
      }),
    ),
  );
  t.same(
    responses.map((r) => r.statusCode),
    Array(200).fill(200),
  );
  const tickets = responses.map((r) => r.json().ticketNumber as number).sort((a, b) => a - b);
  t.same(
    tickets,
    Array.from({ length: 200 }, (_, i) => i + 1),
  );
  const codes = new Set(pending.map((order) => order.displayCode));
  t.equal(codes.size, 200, 'display codes are unique within the ticket day');
});

t.test('ticket numbers restart at the first confirmation after noon venue time', async (t) => {
  const app = await buildTestApp(t, { start: '2026-11-21T22:50:00.000Z' }); // 23:50 in Rome
  const menu = await seedMenu(app);
  const confirmNew = async () =>
    (await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CARD' } }))).ticketNumber;
  t.equal(await confirmNew(), 1);
  app.clock.set('2026-11-21T23:20:00.000Z'); // 00:20, past midnight: same evening
  t.equal(await confirmNew(), 2);
  app.clock.set('2026-11-22T10:59:59.000Z'); // 11:59:59
  t.equal(await confirmNew(), 3);
  app.clock.set('2026-11-22T11:00:00.000Z'); // noon
  t.equal(await confirmNew(), 1);
  t.equal(await confirmNew(), 2);
});

t.test('a pending order created before noon and confirmed after gets the new day sequence', async (t) => {
  const app = await buildTestApp(t, { start: '2026-11-22T10:30:00.000Z' });
  const menu = await seedMenu(app);
  await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } }));
  const pending = await createOrder(app, pizzaOrder(menu));
  app.clock.set('2026-11-22T11:30:00.000Z');
  const confirmed = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  t.equal(confirmed.json().ticketNumber, 1);
});

t.test('Idempotency-Key: a blind retry returns the first response and creates nothing more', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const body = pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } });
  const headers = { 'idempotency-key': 'tablet-3-order-0001' };
  const first = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body, headers });
  const retry = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body, headers });
  t.equal(first.statusCode, 201);
  t.equal(retry.statusCode, 201);
  t.same(retry.json(), first.json());
  t.equal(retry.headers['idempotent-replayed'], 'true');
  const db = app.runtime.storage.db;
  t.equal((await db.selectFrom('orders').selectAll().execute()).length, 1);
  t.equal((await db.selectFrom('events').selectAll().execute()).length, 3, 'events were not emitted twice');

  const reordered = {
    confirm: { cashRegisterId: menu.register, paymentMethod: 'CASH' },
    orderItems: body.orderItems,
    customer: body.customer,
    table: body.table,
  };
  const sameDifferentOrder = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: reordered,
    headers,
  });
  t.equal(sameDifferentOrder.statusCode, 201, 'key order in the JSON does not matter');

  const other = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: { ...body, table: '99' },
    headers,
  });
  t.equal(other.statusCode, 422);
  t.equal((await db.selectFrom('orders').selectAll().execute()).length, 1);

  const asAdmin = await app.request({ method: 'POST', url: '/v1/orders', as: 'admin', body, headers });
  t.equal(asAdmin.statusCode, 201, 'keys are per caller');
  t.not(asAdmin.json().id, first.json().id);

  const tooLong = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body,
    headers: { 'idempotency-key': 'k'.repeat(256) },
  });
  t.equal(tooLong.statusCode, 400);
});

t.test('Idempotency-Key: concurrent retries of the same request create exactly one order', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const body = pizzaOrder(menu, { confirm: { paymentMethod: 'CARD' } });
  const responses = await Promise.all(
    Array.from({ length: 20 }, () =>
      app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body, headers: { 'idempotency-key': 'same' } }),
    ),
  );
  t.same(new Set(responses.map((r) => r.statusCode)), new Set([201]));
  t.equal(new Set(responses.map((r) => r.json().id)).size, 1);
  t.equal((await app.runtime.storage.db.selectFrom('orders').selectAll().execute()).length, 1);
  t.equal((await app.runtime.storage.db.selectFrom('ticket_counters').selectAll().execute())[0]!.last_number, 1);
});

t.test('Idempotency-Key on confirm: the retry gets the same ticket, a failed attempt is not remembered', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await createOrder(app, pizzaOrder(menu));
  const url = `/v1/orders/${order.id}/confirm`;
  const headers = { 'idempotency-key': 'confirm-1' };
  const failed = await app.request({
    method: 'POST',
    url,
    as: 'operator',
    body: { paymentMethod: 'CASH', discount: 100 },
    headers,
  });
  t.equal(failed.statusCode, 400);
  const ok = await app.request({
    method: 'POST',
    url,
    as: 'operator',
    body: { paymentMethod: 'CASH', discount: 100 },
    headers: { 'idempotency-key': 'confirm-2' },
  });
  t.equal(ok.statusCode, 400, 'still invalid');
  const first = await app.request({ method: 'POST', url, as: 'operator', body: { paymentMethod: 'CASH' }, headers });
  const retry = await app.request({ method: 'POST', url, as: 'operator', body: { paymentMethod: 'CASH' }, headers });
  t.equal(first.statusCode, 200);
  t.same(retry.json(), first.json());
  const withoutKey = await app.request({ method: 'POST', url, as: 'operator', body: { paymentMethod: 'CASH' } });
  t.equal(withoutKey.statusCode, 400, 'without the key it is a second confirmation');
});
