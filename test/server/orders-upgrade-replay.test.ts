import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// A retry whose first answer was stored (Idempotency-Key, 25 h) by an older pos gets today's shape, not a 500: the
// stored bodies are rewritten here to what the release before `discount`, `total` and `warnings` stored (and the one
// before covers and service, and their report figures).

async function storeAsBefore(app: TestApp, endpoint: string, drop: string[]) {
  const db = app.runtime.storage.db;
  const row = await db
    .selectFrom('idempotency_keys')
    .select('response_body')
    .where('endpoint', '=', endpoint)
    .executeTakeFirstOrThrow();
  const body = JSON.parse(row.response_body) as Record<string, unknown>;
  for (const field of drop) delete body[field];
  await db
    .updateTable('idempotency_keys')
    .set({ response_body: JSON.stringify(body) })
    .where('endpoint', '=', endpoint)
    .execute();
}

t.test('a creation, a confirmation and a closure stored by an older pos replay in the current shape', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const headers = { 'idempotency-key': 'k-1' };
  const body = pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', discount: 3, cashRegisterId: menu.register } });
  const first = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body, headers });
  t.equal(first.statusCode, 201);
  await storeAsBefore(app, 'POST /v1/orders', ['discount', 'total', 'warnings', 'covers', 'service']);
  const replay = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body, headers });
  t.equal(replay.statusCode, 201);
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.same(replay.json(), first.json(), 'discount and total from the order, no warnings');

  const pending = await createOrder(app, pizzaOrder(menu));
  const confirmBody = { paymentMethod: 'CARD', cashRegisterId: menu.register };
  const confirmed = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/confirm`,
    as: 'operator',
    body: confirmBody,
    headers,
  });
  await storeAsBefore(app, `POST /v1/orders/${pending.id}/confirm`, ['warnings', 'covers', 'service']);
  const again = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/confirm`,
    as: 'operator',
    body: confirmBody,
    headers,
  });
  t.equal(again.statusCode, 200);
  t.same(again.json(), confirmed.json());

  app.clock.advance(60_000);
  const closure = await app.request({
    method: 'POST',
    url: '/v1/reports/general-closure',
    body: { cashRegister: menu.register },
    headers,
  });
  t.equal(closure.statusCode, 201);
  await storeAsBefore(app, 'POST /v1/reports/general-closure', [
    'totalDiscount',
    'noRegisterStats',
    'totalCovers',
    'takeawayOrders',
    'takeawayRevenue',
  ]);
  const closureAgain = await app.request({
    method: 'POST',
    url: '/v1/reports/general-closure',
    body: { cashRegister: menu.register },
    headers,
  });
  t.equal(closureAgain.statusCode, 201);
  t.same(closureAgain.json(), closure.json(), 'the closure figures derived from its own');
});
