import t from 'tap';
import { multipartBody } from '../helpers/multipart.js';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, eventsSince, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

t.test('create without confirm: PENDING, creation response, new-order on cashier only', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const response = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body: pizzaOrder(menu) });
  t.equal(response.statusCode, 201);
  const body = response.json();
  t.same(Object.keys(body).sort(), [
    'covers',
    'createdAt',
    'customer',
    'discount',
    'displayCode',
    'id',
    'orderItems',
    'service',
    'status',
    'subTotal',
    'table',
    'ticketNumber',
    'total',
    'updatedAt',
    'warnings',
  ]);
  t.match(body, {
    id: Number,
    table: '12',
    customer: 'Rossi',
    subTotal: '28.00',
    discount: '0.00',
    total: '28.00',
    status: 'PENDING',
    ticketNumber: null,
    orderItems: true,
  });
  t.match(body.displayCode, /^[2-9A-HJKMNP-Z]{3}$/);
  t.match(body.createdAt, ISO);

  const events = await eventsSince(app);
  t.same(
    events.map((e) => `${e.channel}/${e.name}`),
    ['cashier/new-order'],
  );
  const record = events[0]!.payload;
  t.same(Object.keys(record).sort(), [
    'cashRegisterId',
    'completedAt',
    'confirmedAt',
    'covers',
    'createdAt',
    'customer',
    'discount',
    'displayCode',
    'id',
    'orderItems',
    'paymentMethod',
    'service',
    'status',
    'subTotal',
    'surcharge',
    'table',
    'ticketNumber',
    'total',
    'updatedAt',
    'userId',
  ]);
  t.match(record, {
    id: body.id,
    displayCode: body.displayCode,
    status: 'PENDING',
    confirmedAt: null,
    ticketNumber: null,
    paymentMethod: null,
    subTotal: '28.00',
    discount: '0.00',
    surcharge: '1.00',
    total: '28.00',
    userId: null,
    cashRegisterId: null,
  });
  t.same(
    record.orderItems.map((item: Record<string, unknown>) => Object.keys(item).sort()),
    [
      ['choices', 'foodId', 'id', 'notes', 'orderId', 'quantity', 'total', 'unitPrice', 'unitSurcharge'],
      ['choices', 'foodId', 'id', 'notes', 'orderId', 'quantity', 'total', 'unitPrice', 'unitSurcharge'],
    ],
  );
  t.match(record.orderItems, [
    {
      quantity: 2,
      orderId: body.id,
      foodId: menu.foods.margherita,
      unitPrice: '7.50',
      unitSurcharge: '0.00',
      total: '15.00',
      notes: 'senza basilico',
    },
    {
      quantity: 3,
      orderId: body.id,
      foodId: menu.foods.beer,
      unitPrice: '4.00',
      unitSurcharge: '0.33',
      total: '13.00',
      notes: '',
    },
  ]);
});

t.test('create with confirm: CONFIRMED with ticket 1 and the confirmation events, no new-order', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const body = pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', discount: 3, cashRegisterId: menu.register } });
  const created = await createOrder(app, body);
  t.match(
    created,
    { status: 'CONFIRMED', ticketNumber: 1, subTotal: '28.00', discount: '3.00', total: '25.00' },
    'the creation response says what the customer owes',
  );
  const events = await eventsSince(app);
  t.same(
    events.map((e) => `${e.channel}/${e.name}`),
    ['cashier/confirmed-order', 'display/confirmed-order', 'printer/confirmed-order'],
  );
  t.same(events[0]!.payload, { displayCode: created.displayCode, ticketNumber: 1, id: created.id });
  t.same(events[1]!.payload, { displayCode: created.displayCode, ticketNumber: 1, id: created.id });
  const record = events[2]!.payload;
  t.match(record, {
    status: 'CONFIRMED',
    ticketNumber: 1,
    paymentMethod: 'CASH',
    subTotal: '28.00',
    discount: '3.00',
    total: '25.00',
    cashRegisterId: menu.register,
  });
  t.match(record.confirmedAt, ISO);
  t.same(Object.keys(record.orderItems[0]).sort(), [
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
  t.same(
    record.orderItems[0].food,
    { id: menu.foods.margherita, name: 'Margherita', printerId: menu.printers.kitchen },
    'routed by its category',
  );
});

t.test('unknown and unavailable foods are refused, naming them, and nothing is written', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const before = await snapshotTables(app);
  const unknown = 'c000000000000000000000000';
  const response = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: {
      table: '1',
      customer: 'x',
      orderItems: [
        { foodId: unknown, quantity: 1 },
        { foodId: menu.foods.water, quantity: 1 },
      ],
    },
  });
  t.equal(response.statusCode, 400);
  t.match(response.json().message, unknown);
  t.match(response.json().message, 'Acqua is not available', 'a sold-out food is named, as the cashier knows it');
  t.notMatch(response.json().message, menu.foods.water, 'not by its id');
  t.same(
    response.json().details.map((d: { path: string }) => d.path),
    ['body.orderItems.0.foodId', 'body.orderItems.1.foodId'],
  );
  t.match(response.json().details[1].message, menu.foods.water, 'the details keep the ids for programs');
  // A category made unavailable makes its foods unorderable too.
  await app.runtime.storage.db
    .updateTable('categories')
    .set({ available: 0 })
    .where('id', '=', menu.categories.drinks)
    .execute();
  const beer = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: { table: '1', customer: 'x', orderItems: [{ foodId: menu.foods.beer, quantity: 1 }] },
  });
  t.equal(beer.statusCode, 400);
  t.equal(beer.json().message, 'Cannot order: Birra is not available (sold out or switched off)');
  t.same(await snapshotTables(app), before);
});

t.test('limits and malformed bodies: 4xx and nothing written', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const item = { foodId: menu.foods.margherita, quantity: 1 };
  const before = await snapshotTables(app);
  const cases: Array<[string, unknown, number?]> = [
    ['empty body', {}],
    ['no items', { table: '1', customer: 'x', orderItems: [] }],
    ['empty table', { table: '', customer: 'x', orderItems: [item] }],
    ['blank customer', { table: '1', customer: '   ', orderItems: [item] }],
    ['table too long', { table: 'x'.repeat(51), customer: 'x', orderItems: [item] }],
    ['customer too long', { table: '1', customer: 'x'.repeat(101), orderItems: [item] }],
    ['quantity 0', { table: '1', customer: 'x', orderItems: [{ ...item, quantity: 0 }] }],
    ['quantity 1000', { table: '1', customer: 'x', orderItems: [{ ...item, quantity: 1000 }] }],
    ['fractional quantity', { table: '1', customer: 'x', orderItems: [{ ...item, quantity: 1.5 }] }],
    ['quantity as string', { table: '1', customer: 'x', orderItems: [{ ...item, quantity: '1' }] }],
    ['notes too long', { table: '1', customer: 'x', orderItems: [{ ...item, notes: 'x'.repeat(201) }] }],
    ['negative surcharge', { table: '1', customer: 'x', orderItems: [{ ...item, surcharge: -1 }] }],
    ['surcharge with 3 decimals', { table: '1', customer: 'x', orderItems: [{ ...item, surcharge: 0.125 }] }],
    ['101 items', { table: '1', customer: 'x', orderItems: Array.from({ length: 101 }, () => item) }],
    ['bad food id', { table: '1', customer: 'x', orderItems: [{ foodId: 'pizza', quantity: 1 }] }],
    ['bad payment method', { table: '1', customer: 'x', orderItems: [item], confirm: { paymentMethod: 'BITCOIN' } }],
    [
      'negative discount',
      { table: '1', customer: 'x', orderItems: [item], confirm: { paymentMethod: 'CASH', discount: -1 } },
    ],
    [
      'discount above subtotal',
      { table: '1', customer: 'x', orderItems: [item], confirm: { paymentMethod: 'CASH', discount: 7.51 } },
    ],
    [
      'disabled register',
      {
        table: '1',
        customer: 'x',
        orderItems: [item],
        confirm: { paymentMethod: 'CASH', cashRegisterId: menu.disabledRegister },
      },
    ],
    [
      'unknown register',
      {
        table: '1',
        customer: 'x',
        orderItems: [item],
        confirm: { paymentMethod: 'CASH', cashRegisterId: 'c000000000000000000000000' },
      },
    ],
    [
      'unknown user',
      {
        table: '1',
        customer: 'x',
        orderItems: [item],
        confirm: { paymentMethod: 'CARD', userId: 'c000000000000000000000000' },
      },
    ],
    ['array body', [item]],
    ['lone surrogate in a name', { table: '1', customer: 'Ros\ud800si', orderItems: [item] }],
    ['string body', 'order'],
  ];
  const detailPaths: Record<string, string> = {
    'disabled register': 'body.confirm.cashRegisterId',
    'unknown register': 'body.confirm.cashRegisterId',
    'unknown user': 'body.confirm.userId',
  };
  for (const [name, body, status = 400] of cases) {
    // Only an admin may name a user (an operator naming anyone else is 403, tested with the confirming user).
    const response = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: name === 'unknown user' ? 'admin' : 'operator',
      body,
    });
    t.equal(response.statusCode, status, name);
    t.match(response.json(), { statusCode: status, error: String, message: String }, name);
    if (detailPaths[name])
      t.same(
        response.json().details.map((d: { path: string }) => d.path),
        [detailPaths[name]],
        `${name}: details point into confirm`,
      );
  }
  const badJson = await app.runtime.app.inject({
    method: 'POST',
    url: '/v1/orders',
    payload: '{"table":',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await app.token('operator')}` },
  });
  t.equal(badJson.statusCode, 400, 'bad JSON');
  const huge = await app.runtime.app.inject({
    method: 'POST',
    url: '/v1/orders',
    payload: JSON.stringify({ table: '1', customer: 'x'.repeat(300_000), orderItems: [item] }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await app.token('operator')}` },
  });
  t.equal(huge.statusCode, 413, 'body over 256 KiB');
  const text = await app.runtime.app.inject({
    method: 'POST',
    url: '/v1/orders',
    payload: 'table=1',
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${await app.token('operator')}` },
  });
  t.equal(text.statusCode, 415, 'wrong content type');
  const form = multipartBody('table', 'order.json', 'application/json', Buffer.from('{}'));
  const multipart = await app.runtime.app.inject({
    method: 'POST',
    url: '/v1/orders',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${await app.token('operator')}` },
  });
  t.equal(multipart.statusCode, 415, 'multipart is for the banner image only');
  t.same(await snapshotTables(app), before);
});

t.test('the price is taken when the order is created; later menu changes do not alter it', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const created = await createOrder(app, pizzaOrder(menu));
  await app.runtime.storage.db
    .updateTable('foods')
    .set({ price_cents: 990, name: 'Margherita DOP' })
    .where('id', '=', menu.foods.margherita)
    .execute();
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${created.id}`, as: 'operator' })).json();
  t.equal(detail.subTotal, '28.00');
  t.match(detail.categorizedItems[0].items[0], {
    unitPrice: 7.5,
    total: 15,
    food: { name: 'Margherita', price: '7.50' },
  });
});
