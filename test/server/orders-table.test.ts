import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// PATCH /v1/orders/{id} with a table (docs/waiter.md): the table field's rules as at creation, a clear 400 that
// changes nothing, and the listing of the orders waiting for a table.

t.test('a table by PATCH: validated like the one at creation; a refusal changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await createOrder(app, pizzaOrder(menu));
  const before = await lastEventId(app);
  const patch = (body: unknown, as: 'admin' | 'none' = 'admin') =>
    app.request({ method: 'PATCH', url: `/v1/orders/${order.id}`, body, as });
  for (const [body, code] of [
    [{}, 'validation'],
    [{ table: '' }, 'empty'],
    [{ table: '   ' }, 'empty'],
    [{ table: 'x'.repeat(51) }, 'too-long'],
    [{ table: 12 }, 'validation'],
    [{ table: 'a\u0007b' }, 'validation'],
  ] as const) {
    const response = await patch(body);
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.equal(response.json().details?.[0]?.code ?? response.json().code, code, `${JSON.stringify(body)}: ${code}`);
  }
  t.equal((await patch({ table: '12' }, 'none')).statusCode, 401, 'staff only');
  t.same(await eventsSince(app, before), [], 'nothing announced');
  t.equal(
    (await app.request({ method: 'GET', url: `/v1/orders/${order.id}` })).json().table,
    '12',
    'and the table is as it was',
  );

  const moved = await patch({ table: ' 7 ' });
  t.equal(moved.statusCode, 200);
  t.equal(moved.json().table, '7', 'trimmed like at creation');
  t.same(
    (await eventsSince(app, before)).map((event) => [event.channel, event.name, event.payload]),
    ['cashier', 'display', 'printer'].map((channel) => [channel, 'order-table-changed', { id: order.id, table: '7' }]),
  );
  const both = await patch({ table: '8', status: 'completed' });
  t.match(both.json(), { table: '8', status: 'COMPLETED' }, 'table and status in one PATCH');
  t.equal((await app.request({ method: 'PATCH', url: '/v1/orders/999999', body: { table: '1' } })).statusCode, 404);
});

t.test('GET /v1/orders?awaitingTable=true lists the paid orders waiting for a waiter', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.request({ method: 'PATCH', url: '/v1/venue', body: { waiterTables: true } });
  const confirm = { paymentMethod: 'CASH', cashRegisterId: menu.register };
  const waiting = await createOrder(app, pizzaOrder(menu, { table: '-', confirm }));
  await createOrder(app, pizzaOrder(menu, { table: '5', confirm }));
  const list = (query: string) =>
    app.request({ method: 'GET', url: `/v1/orders?${query}` }).then((response) => response.json());
  t.same(
    (await list('awaitingTable=true')).orders.map((order: { id: number }) => order.id),
    [waiting.id],
  );
  t.equal((await list('awaitingTable=false')).orders.length, 1);
  t.equal((await app.request({ method: 'GET', url: '/v1/orders?awaitingTable=yes' })).statusCode, 400);
});
