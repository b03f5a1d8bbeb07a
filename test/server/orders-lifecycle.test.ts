import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

t.test('confirm a pending order; confirming again is 400; unknown is 404', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, pizzaOrder(menu));
  const mark = await lastEventId(app);
  app.clock.advance(60_000);
  const confirm = await app.request({
    method: 'POST',
    url: `/v1/orders/${created.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CARD', discount: 2.5, cashRegisterId: menu.register },
  });
  t.equal(confirm.statusCode, 200);
  const record = confirm.json();
  t.match(record, {
    id: created.id,
    status: 'CONFIRMED',
    ticketNumber: 1,
    paymentMethod: 'CARD',
    subTotal: '28.00',
    discount: '2.50',
    total: '25.50',
    cashRegisterId: menu.register,
  });
  t.equal(record.confirmedAt, '2026-11-21T17:01:00.000Z');
  t.equal(record.orderItems.length, 2);
  const events = await eventsSince(app, mark);
  t.same(
    events.map((e) => `${e.channel}/${e.name}`),
    ['cashier/confirmed-order', 'display/confirmed-order', 'printer/confirmed-order'],
  );

  const before = await snapshotTables(app);
  const again = await app.request({
    method: 'POST',
    url: `/v1/orders/${created.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  t.equal(again.statusCode, 400);
  t.match(again.json().message, /already confirmed/);
  const missing = await app.request({
    method: 'POST',
    url: '/v1/orders/999999/confirm',
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().message, 'Order not found');
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: '/v1/orders/abc/confirm',
        as: 'operator',
        body: { paymentMethod: 'CASH' },
      })
    ).statusCode,
    400,
  );
  const huge = await app.request({ method: 'GET', url: '/v1/orders/99999999999999999999', as: 'operator' });
  t.same(
    huge.json().details,
    [{ path: 'params.id', message: 'must be an order number', code: 'invalid-format' }],
    'one detail per problem',
  );
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: '/v1/orders/0/confirm',
        as: 'operator',
        body: { paymentMethod: 'CASH' },
      })
    ).statusCode,
    400,
  );
  t.same(await snapshotTables(app), before);
  const pizza = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: { table: '1', customer: 'Pizza 🍕 ok', orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }] },
  });
  t.equal(pizza.statusCode, 201, 'a real surrogate pair (an emoji) is fine');
});

t.test('confirm with orderItems replaces every item, at current prices', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, pizzaOrder(menu));
  await app.runtime.storage.db
    .updateTable('foods')
    .set({ price_cents: 900 })
    .where('id', '=', menu.foods.diavola)
    .execute();
  const confirm = await app.request({
    method: 'POST',
    url: `/v1/orders/${created.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH', orderItems: [{ foodId: menu.foods.diavola, quantity: 2, surcharge: 0.5 }] },
  });
  t.equal(confirm.statusCode, 200);
  t.match(confirm.json(), { subTotal: '18.50', total: '18.50', surcharge: '0.50' });
  t.equal(confirm.json().orderItems.length, 1);
  const items = await app.runtime.storage.db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', created.id)
    .execute();
  t.equal(items.length, 1);
  t.equal(items[0]!.food_id, menu.foods.diavola);
});

t.test('a failed confirmation changes nothing (disabled register, unknown user, big discount)', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, pizzaOrder(menu));
  const before = await snapshotTables(app);
  const bodies = [
    { paymentMethod: 'CASH', cashRegisterId: menu.disabledRegister },
    { paymentMethod: 'CASH', userId: 'c000000000000000000000000' },
    { paymentMethod: 'CASH', discount: 28.01 },
    { paymentMethod: 'CASH', orderItems: [{ foodId: menu.foods.water, quantity: 1 }] },
    { paymentMethod: 'cash' },
    {},
  ];
  for (const body of bodies) {
    const response = await app.request({ method: 'POST', url: `/v1/orders/${created.id}/confirm`, as: 'admin', body });
    t.equal(response.statusCode, 400, JSON.stringify(body));
  }
  t.same(await snapshotTables(app), before);
});

t.test('the confirming user defaults to the logged-in caller', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const user = await app.request({
    method: 'POST',
    url: '/v1/users',
    body: { username: 'anna', password: 'cassa-uno-2026', role: 'operator' },
  });
  const login = await app.request({
    method: 'POST',
    url: '/v1/auth/login',
    as: 'none',
    body: { username: 'anna', password: 'cassa-uno-2026' },
  });
  const token = login.json().accessToken;
  const created = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: { bearer: token },
    body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } }),
  });
  const detail = await app.request({ method: 'GET', url: `/v1/orders/${created.json().id}` });
  t.equal(detail.json().userId, user.json().id);
});

t.test(
  'confirm.userId: an operator may name only themself (403 otherwise, nothing changes); an admin anyone',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    const users: Record<string, { id: string; token: string }> = {};
    for (const [username, role] of [
      ['anna', 'operator'],
      ['bruno', 'operator'],
      ['carla', 'admin'],
    ] as const) {
      const password = `${username}-password-2026`;
      const created = await app.request({ method: 'POST', url: '/v1/users', body: { username, password, role } });
      const login = await app.request({
        method: 'POST',
        url: '/v1/auth/login',
        as: 'none',
        body: { username, password },
      });
      users[username] = { id: created.json().id, token: login.json().accessToken };
    }
    const anna = users['anna']!;
    const bruno = users['bruno']!;
    const carla = users['carla']!;
    const pending = await createOrder(app, pizzaOrder(menu));
    const before = await snapshotTables(app);
    const asAnna = { bearer: anna.token };
    const confirm = (as: { bearer: string }, userId: string) =>
      app.request({
        method: 'POST',
        url: `/v1/orders/${pending.id}/confirm`,
        as,
        body: { paymentMethod: 'CASH', userId },
      });
    const refused = await confirm(asAnna, bruno.id);
    t.equal(refused.statusCode, 403, 'anna confirms on bruno’s name');
    t.match(refused.json(), { statusCode: 403, message: 'Forbidden' });
    const atOnce = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: asAnna,
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', userId: carla.id } }),
    });
    t.equal(atOnce.statusCode, 403, 'nor when the order is created confirmed');
    const minted = await app.request({
      method: 'POST',
      url: `/v1/orders/${pending.id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CASH', userId: anna.id },
    });
    t.equal(minted.statusCode, 403, 'a token of no user names nobody');
    t.same(await snapshotTables(app), before, 'nothing changed');

    t.equal((await confirm(asAnna, anna.id)).statusCode, 200, 'anna names herself');
    t.equal((await app.request({ method: 'GET', url: `/v1/orders/${pending.id}` })).json().userId, anna.id);
    const byAdmin = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: { bearer: carla.token },
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', userId: bruno.id } }),
    });
    t.equal(byAdmin.statusCode, 201, 'an admin names bruno');
    t.equal((await app.request({ method: 'GET', url: `/v1/orders/${byAdmin.json().id}` })).json().userId, bruno.id);
  },
);

t.test('status changes: completedAt rules and order-status-changed events', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } }));
  const patch = (status: string) =>
    app.request({ method: 'PATCH', url: `/v1/orders/${created.id}`, as: 'operator', body: { status } });

  let mark = await lastEventId(app);
  app.clock.advance(10 * 60_000);
  const completed = await patch('COMPLETED');
  t.equal(completed.statusCode, 200);
  t.match(completed.json(), { status: 'COMPLETED', completedAt: '2026-11-21T17:10:00.000Z', ticketNumber: 1 });
  t.same(
    // (then it leaves its kitchen stations: test/server/stations.test.ts)
    (await eventsSince(app, mark))
      .filter((e) => e.name !== 'order-station-status-changed')
      .map((e) => [e.channel, e.name, e.payload]),
    [
      [
        'cashier',
        'order-status-changed',
        { id: created.id, displayCode: created.displayCode, ticketNumber: 1, status: 'COMPLETED' },
      ],
      [
        'display',
        'order-status-changed',
        { id: created.id, displayCode: created.displayCode, ticketNumber: 1, status: 'COMPLETED' },
      ],
    ],
  );
  app.clock.advance(5 * 60_000);
  t.equal(
    (await patch('picked_up')).json().completedAt,
    '2026-11-21T17:10:00.000Z',
    'PICKED_UP keeps completedAt; lower case accepted',
  );
  const back = await patch('CONFIRMED');
  t.match(back.json(), { status: 'CONFIRMED', completedAt: null, ticketNumber: 1 });
  t.not(back.json().confirmedAt, null, 'confirmedAt is kept');
  t.match((await patch('PENDING')).json(), { status: 'PENDING', ticketNumber: 1, completedAt: null });

  mark = await lastEventId(app);
  const same = await patch('PENDING');
  t.equal(same.statusCode, 200);
  t.same(await eventsSince(app, mark), [], 'no event when nothing changes');

  // Back at PENDING, it was still confirmed once: no second ticket number, no second set of kitchen tickets.
  const jobsBefore = await app.runtime.storage.db.selectFrom('print_jobs').select('id').execute();
  const again = await app.request({
    method: 'POST',
    url: `/v1/orders/${created.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  t.equal(again.statusCode, 400);
  t.match(again.json().message, /already confirmed \(ticket 1\); PATCH its status to CONFIRMED/);
  t.same(await eventsSince(app, mark), [], 'nothing emitted');
  t.equal(
    (await app.runtime.storage.db.selectFrom('print_jobs').select('id').execute()).length,
    jobsBefore.length,
    'nothing printed',
  );
  t.match(
    (await patch('CONFIRMED')).json(),
    { status: 'CONFIRMED', ticketNumber: 1 },
    'PATCH moves it back with its ticket',
  );
  await patch('PENDING');

  t.equal((await patch('READY')).statusCode, 400);
  t.equal(
    (await app.request({ method: 'PATCH', url: '/v1/orders/999999', as: 'operator', body: { status: 'COMPLETED' } }))
      .statusCode,
    404,
  );
});

t.test('PATCH to CONFIRMED confirms a never-confirmed order (ticket, confirmation events)', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } })); // ticket 1
  const pending = await createOrder(app, pizzaOrder(menu));
  const mark = await lastEventId(app);
  const response = await app.request({
    method: 'PATCH',
    url: `/v1/orders/${pending.id}`,
    as: 'operator',
    body: { status: 'CONFIRMED' },
  });
  t.match(response.json(), { status: 'CONFIRMED', ticketNumber: 2, paymentMethod: null });
  t.same(
    (await eventsSince(app, mark)).map((e) => `${e.channel}/${e.name}`),
    [
      'cashier/confirmed-order',
      'display/confirmed-order',
      'printer/confirmed-order',
      'cashier/order-status-changed',
      'display/order-status-changed',
    ],
  );
});

t.test('reprint: event with the selected items, audit entry, order untouched', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const pending = await createOrder(app, pizzaOrder(menu));
  const items = await app.runtime.storage.db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', pending.id)
    .orderBy('position')
    .execute();
  const body = { orderItems: [{ id: items[1]!.id }], reprintReceipt: true };
  const notConfirmed = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/reprint`,
    as: 'operator',
    body,
  });
  t.equal(notConfirmed.statusCode, 400);

  await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  const orderBefore = await app.runtime.storage.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', pending.id)
    .executeTakeFirst();
  const mark = await lastEventId(app);
  const response = await app.request({ method: 'POST', url: `/v1/orders/${pending.id}/reprint`, as: 'operator', body });
  t.equal(response.statusCode, 200);
  const payload = response.json();
  t.equal(payload.reprintReceipt, true);
  t.same(
    payload.reprintOrderItems.map((i: { id: string }) => i.id),
    [items[1]!.id],
  );
  t.equal(payload.orderItems.length, 2);
  t.same(Object.keys(payload.orderItems[0]).sort(), [
    'choices',
    'food',
    'foodId',
    'id',
    'notes',
    'orderId',
    'quantity',
    'total',
    'unitPrice',
    'unitSurcharge',
  ]);
  const events = await eventsSince(app, mark);
  t.same(
    events.map((e) => `${e.channel}/${e.name}`),
    ['printer/reprint-order'],
  );
  const { warnings, ...record } = payload;
  t.same(events[0]!.payload, record, 'the event is the response without the warnings');
  t.match(
    warnings,
    [{ code: 'no-receipt', reason: 'no-register' }],
    'confirmed without a register: the reprint says no receipt will print',
  );
  t.same(
    await app.runtime.storage.db.selectFrom('orders').selectAll().where('id', '=', pending.id).executeTakeFirst(),
    orderBefore,
  );
  const audit = await app.runtime.storage.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'reprint')
    .execute();
  t.equal(audit.length, 1);
  t.same(JSON.parse(audit[0]!.data), { itemIds: [items[1]!.id], reprintReceipt: true });

  const foreign = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/reprint`,
    as: 'operator',
    body: { orderItems: [{ id: 'c000000000000000000000000' }], reprintReceipt: false },
  });
  t.equal(foreign.statusCode, 400);
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: `/v1/orders/${pending.id}/reprint`,
        as: 'operator',
        body: { orderItems: [], reprintReceipt: false },
      })
    ).statusCode,
    400,
  );
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: `/v1/orders/${pending.id}/reprint`,
        as: 'operator',
        body: { orderItems: [{ id: items[0]!.id }] },
      })
    ).statusCode,
    400,
  );
  const printerKey = await app.apiKey('printer');
  const byKey = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/reprint`,
    as: { key: printerKey },
    body,
  });
  t.equal(byKey.statusCode, 200, 'a print service may ask for reprints');
});

t.test('delete: 204, order-deleted events, audit with totals, then 404', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } }));
  const mark = await lastEventId(app);
  const response = await app.request({ method: 'DELETE', url: `/v1/orders/${created.id}`, as: 'operator' });
  t.equal(response.statusCode, 204);
  t.equal(response.body, '');
  // (it also leaves its kitchen stations: test/server/stations.test.ts)
  t.same(
    (await eventsSince(app, mark))
      .filter((e) => e.name !== 'order-station-status-changed')
      .map((e) => [e.channel, e.name, e.payload]),
    [
      ['cashier', 'order-deleted', { id: created.id, displayCode: created.displayCode }],
      ['display', 'order-deleted', { id: created.id, displayCode: created.displayCode }],
      // It was confirmed: its stations are told (orders-cancel.test.ts).
      [
        'printer',
        'order-cancelled',
        {
          orderId: created.id,
          ticketNumber: 1,
          displayCode: created.displayCode,
          customer: 'Rossi',
          table: '12',
          status: 'CONFIRMED',
          printers: [menu.printers.kitchen, menu.printers.bar],
        },
      ],
    ],
  );
  const db = app.runtime.storage.db;
  t.equal((await db.selectFrom('order_items').selectAll().where('order_id', '=', created.id).execute()).length, 0);
  const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'delete').executeTakeFirstOrThrow();
  t.match(JSON.parse(audit.data), { id: created.id, total: '28.00', ticketNumber: 1 });
  t.equal(audit.actor, 'token:test-operator');
  t.equal((await app.request({ method: 'GET', url: `/v1/orders/${created.id}` })).statusCode, 404);
  t.equal((await app.request({ method: 'DELETE', url: `/v1/orders/${created.id}` })).statusCode, 404);
});

t.test('detail groups items by category in menu order, with the food as the menu shows it now', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, {
    table: '3',
    customer: 'Bianchi',
    orderItems: [
      { foodId: menu.foods.tiramisu, quantity: 1 },
      { foodId: menu.foods.beer, quantity: 2, notes: 'fredda' },
      { foodId: menu.foods.margherita, quantity: 1, surcharge: 1.5 },
    ],
  });
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${created.id}`, as: 'operator' })).json();
  t.match(detail, {
    id: created.id,
    displayCode: created.displayCode,
    table: '3',
    customer: 'Bianchi',
    subTotal: '21.50',
    confirmedAt: null,
    completedAt: null,
  });
  t.same(
    detail.categorizedItems.map((g: { category: { name: string } }) => g.category.name),
    ['Pizze', 'Bevande', 'Dolci'],
  );
  t.same(detail.categorizedItems[0].items[0], {
    id: detail.categorizedItems[0].items[0].id,
    quantity: 1,
    notes: '',
    unitPrice: 7.5,
    unitSurcharge: 1.5,
    total: 9,
    refundedQuantity: 0,
    food: {
      id: menu.foods.margherita,
      name: 'Margherita',
      description: 'Pomodoro e mozzarella',
      price: '7.50',
      available: true,
      ingredients: [],
    },
    role: null,
    choices: [],
  });
  await app.runtime.storage.db.deleteFrom('foods').where('id', '=', menu.foods.tiramisu).execute();
  const after = (await app.request({ method: 'GET', url: `/v1/orders/${created.id}`, as: 'operator' })).json();
  t.match(
    after.categorizedItems[2].items[0].food,
    { name: 'Tiramisù', price: '4.50', available: false },
    'a deleted food keeps its order line',
  );
});
