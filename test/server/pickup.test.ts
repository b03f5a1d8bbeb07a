import t from 'tap';
import { PickupState } from '../../src/api/pickup.js';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// The pickup counter: a `pickup` key reads the ready orders (its own state and the TV's) and moves an order from
// COMPLETED to PICKED_UP and back; every other change it asks for is 403 and changes nothing.

t.test('a pickup key hands a ready order out and takes it back; nothing else', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const key = { key: await app.apiKey('pickup') };
  const confirmed = async (customer: string) => {
    const order = await createOrder(app, pizzaOrder(menu, { customer }));
    const confirm = await app.request({
      method: 'POST',
      url: `/v1/orders/${order.id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    });
    t.equal(confirm.statusCode, 200);
    return order;
  };
  const patch = (id: number, status: string, as: { key: string } | 'operator' = key) =>
    app.request({ method: 'PATCH', url: `/v1/orders/${id}`, as, body: { status } });

  const first = await confirmed('Rossi');
  const second = await confirmed('Bianchi');
  const cooking = await confirmed('Verdi');
  // The bar finished Verdi's drinks, the kitchen not yet.
  const bar = await app.request({
    method: 'PATCH',
    url: `/v1/orders/${cooking.id}/stations/${menu.printers.bar}`,
    as: 'operator',
    body: { status: 'DONE' },
  });
  t.equal(bar.statusCode, 200);
  // The second order comes out of the kitchen first: the counter still lists the longest waiting first.
  app.clock.advance(60_000);
  t.equal((await patch(second.id, 'COMPLETED', 'operator')).statusCode, 200);
  app.clock.advance(60_000);
  t.equal((await patch(first.id, 'COMPLETED', 'operator')).statusCode, 200);

  const read = await app.request({ method: 'GET', url: '/v1/pickup/state', as: key });
  t.equal(read.statusCode, 200);
  const state = PickupState.parse(read.json());
  t.same(
    state.ready.map((order) => [order.displayCode, order.customer]),
    [
      [second.displayCode, 'Bianchi'],
      [first.displayCode, 'Rossi'],
    ],
    'ready orders, oldest ready first, with the customer to call',
  );
  t.same(
    state.preparing.map((order) => [order.customer, order.stations.map((s) => `${s.name} ${s.status}`)]),
    [['Verdi', ['Bar DONE', 'Kitchen WAITING']]],
    'an order in the kitchen says which stations are done',
  );
  t.same(state.pickedUp, []);
  t.equal((await app.request({ method: 'GET', url: '/v1/display/state', as: key })).statusCode, 200);

  const mark = await lastEventId(app);
  const handed = await patch(first.id, 'picked_up');
  t.equal(handed.statusCode, 200);
  t.equal(handed.json().status, 'PICKED_UP');
  t.same(
    (await eventsSince(app, mark)).map((e) => `${e.channel}/${e.name}/${e.payload.status}`),
    ['cashier/order-status-changed/PICKED_UP', 'display/order-status-changed/PICKED_UP'],
    'the TV and the till are told',
  );
  t.equal((await patch(first.id, 'PICKED_UP')).statusCode, 200, 'a second counter tapping it too is no error');
  const after = PickupState.parse((await app.request({ method: 'GET', url: '/v1/pickup/state', as: key })).json());
  t.same(
    after.pickedUp.map((order) => order.id),
    [first.id],
  );
  t.same(
    after.ready.map((order) => order.id),
    [second.id],
  );
  const undo = await patch(first.id, 'COMPLETED');
  t.equal(undo.statusCode, 200, 'the undo');
  t.equal(undo.json().status, 'COMPLETED');

  const before = await snapshotTables(app);
  for (const [id, status, why] of [
    [cooking.id, 'PICKED_UP', 'an order still in the kitchen'],
    [second.id, 'CONFIRMED', 'a ready order back to the kitchen'],
    [second.id, 'PENDING', 'a ready order back to pending'],
    [cooking.id, 'COMPLETED', 'completing an order for the kitchen'],
  ] as const) {
    const refused = await patch(id, status);
    t.equal(refused.statusCode, 403, why);
    t.equal(refused.json().code, 'forbidden');
  }
  t.same(await snapshotTables(app), before, 'the refusals changed nothing');
  const pending = await createOrder(app, pizzaOrder(menu));
  const beforePending = await snapshotTables(app);
  t.equal((await patch(pending.id, 'PICKED_UP')).statusCode, 403, 'a pending order');
  t.same(await snapshotTables(app), beforePending, 'a refused change changes nothing');
  t.equal((await patch(999_999, 'PICKED_UP')).statusCode, 404);
  t.equal((await patch(second.id, 'later')).statusCode, 400);
  for (const [method, url] of [
    ['POST', '/v1/orders'],
    ['DELETE', `/v1/orders/${second.id}`],
    ['GET', `/v1/orders/${second.id}`],
    ['POST', `/v1/orders/${second.id}/confirm`],
  ] as const) {
    t.equal((await app.request({ method, url, as: key, body: {} })).statusCode, 403, `${method} ${url}`);
  }
  t.equal((await patch(cooking.id, 'PICKED_UP', 'operator')).statusCode, 200, 'staff may change any status');
});

t.test('pos keys accept the pickup scope; the state needs a credential', async (t) => {
  const app = await buildTestApp(t);
  const created = await app.request({
    method: 'POST',
    url: '/v1/api-keys',
    as: 'admin',
    body: { name: 'counter', scope: 'pickup' },
  });
  t.equal(created.statusCode, 201);
  t.match(created.json(), { scope: 'pickup' });
  t.equal((await app.request({ method: 'GET', url: '/v1/pickup/state', as: 'none' })).statusCode, 401);
  const display = { key: await app.apiKey('display') };
  t.equal((await app.request({ method: 'GET', url: '/v1/pickup/state', as: display })).statusCode, 403);
});
