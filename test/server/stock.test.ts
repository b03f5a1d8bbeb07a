import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { eventsSince, lastEventId } from '../helpers/orders.js';
import { snapshotTables } from '../helpers/seed.js';
import { foodNow, ingredientStock, lines, order, stockMenu } from '../helpers/stock.js';

// The rules of portion counts (docs/catalog.md), one by one, through the API.

const STOCK_TABLES = ['foods', 'ingredients', 'orders', 'order_items', 'order_portions', 'events', 'ticket_counters'];

t.test(
  'stock fields: default null, set on POST, kept by a PUT that leaves it out, PATCH stock and stockAdd',
  async (t) => {
    const app = await buildTestApp(t);
    const m = await stockMenu(app);
    t.same(await foodNow(app, m.birra), { stock: null, portionsLeft: null, available: true }, 'not counted by default');
    t.same(await foodNow(app, m.patatine), { stock: 5, portionsLeft: 5, available: true });
    t.same(
      await foodNow(app, m.panino),
      { stock: null, portionsLeft: 10, available: true },
      'the counted ingredient counts',
    );
    t.same((await app.request({ method: 'GET', url: `/v1/ingredients/${m.porchetta}`, as: 'operator' })).json(), {
      id: m.porchetta,
      name: 'Porchetta',
      stock: 10,
    });
    const list = (await app.request({ method: 'GET', url: '/v1/foods', as: 'operator' })).json();
    t.same(
      list.map((food: { name: string; stock: number | null; portionsLeft: number | null }) => [
        food.name,
        food.stock,
        food.portionsLeft,
      ]),
      [
        ['Birra', null, null],
        ['Panino con porchetta', null, 10],
        ['Patatine', 5, 5],
        ['Piatto di porchetta', null, 10],
      ],
      'GET /v1/foods shows stock and portionsLeft',
    );

    // A client of the interface knows nothing of counts: its PUT keeps them.
    const put = await app.request({
      method: 'PUT',
      url: `/v1/foods/${m.patatine}`,
      body: { name: 'Patatine fritte', price: 3, categoryId: m.category, available: true },
    });
    t.equal(put.statusCode, 200);
    t.match(put.json(), { name: 'Patatine fritte', stock: 5, portionsLeft: 5 });
    const putIngredient = await app.request({
      method: 'PUT',
      url: `/v1/ingredients/${m.porchetta}`,
      body: { name: 'Porchetta di Ariccia' },
    });
    t.same(putIngredient.json(), { id: m.porchetta, name: 'Porchetta di Ariccia', stock: 10 });
    t.equal(
      (
        await app.request({
          method: 'PUT',
          url: `/v1/foods/${m.patatine}`,
          body: { name: 'Patatine', price: 3, categoryId: m.category, available: true, stock: 8 },
        })
      ).json().stock,
      8,
    );

    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stock: 20 } })).json().stock,
      20,
      'PATCH sets',
    );
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: 5 } })).json().stock,
      25,
      'stockAdd restocks',
    );
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: -3 } })).json().stock,
      22,
      'negative writes off',
    );
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/ingredients/${m.porchetta}`, body: { stockAdd: -4 } })).json()
        .stock,
      6,
    );
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/ingredients/${m.porchetta}`, body: { stock: 30 } })).json().stock,
      30,
    );
    t.same(await foodNow(app, m.piatto), { stock: null, portionsLeft: 30, available: true });
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stock: null } })).json()
        .portionsLeft,
      null,
      'null: no longer counted',
    );

    const created = await app.request({ method: 'POST', url: '/v1/ingredients', body: { name: 'Cipolla' } });
    t.same(created.json(), { id: created.json().id, name: 'Cipolla', stock: null });
    t.equal(
      (
        await app.request({
          method: 'PATCH',
          url: `/v1/ingredients/${m.porchetta}`,
          body: { stock: 1 },
          as: 'operator',
        })
      ).statusCode,
      403,
      'counts are set by admins',
    );
  },
);

t.test('portionsLeft is the smallest of the food’s own count and its counted ingredients’ counts', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { porchetta: 7 });
  const salsa = (
    await app.request({ method: 'POST', url: '/v1/ingredients', body: { name: 'Salsa verde', stock: 3 } })
  ).json().id;
  const uncounted = (await app.request({ method: 'POST', url: '/v1/ingredients', body: { name: 'Pane' } })).json().id;
  const put = (body: Record<string, unknown>) =>
    app.request({
      method: 'PUT',
      url: `/v1/foods/${m.panino}`,
      body: { name: 'Panino con porchetta', price: 6, categoryId: m.category, available: true, ...body },
    });
  t.equal(
    (await put({ ingredients: [{ id: m.porchetta }, { id: salsa }, { id: uncounted }] })).json().portionsLeft,
    3,
    'the salsa is the smallest',
  );
  t.equal(
    (await put({ ingredients: [{ id: m.porchetta }, { id: salsa }], stock: 2 })).json().portionsLeft,
    2,
    'the food’s own count is the smallest',
  );
  t.equal((await put({ ingredients: [{ id: uncounted }], stock: null })).json().portionsLeft, null, 'nothing counted');
  const all = (await app.request({ method: 'GET', url: '/v1/foods?include=ingredients' })).json();
  t.same(
    all.find((food: { id: string }) => food.id === m.panino).ingredients,
    [{ id: uncounted, name: 'Pane' }],
    'foods list their ingredients as {id, name}',
  );
});

t.test('bad stock input: 400 and nothing changes', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app);
  const before = await snapshotTables(app, ['foods', 'ingredients', 'events']);
  const food = { name: 'Nuova', price: 5, categoryId: m.category, available: true };
  const cases: Array<[string, 'POST' | 'PUT' | 'PATCH', string, unknown]> = [
    ['negative stock', 'POST', '/v1/foods', { ...food, stock: -1 }],
    ['fractional stock', 'POST', '/v1/foods', { ...food, stock: 1.5 }],
    ['stock as string', 'POST', '/v1/foods', { ...food, stock: '5' }],
    ['stock beyond the maximum', 'POST', '/v1/foods', { ...food, stock: 1_000_001 }],
    ['PUT negative stock', 'PUT', `/v1/foods/${m.patatine}`, { ...food, stock: -2 }],
    ['write-off below 0', 'PATCH', `/v1/foods/${m.patatine}`, { stockAdd: -6 }],
    ['stock and stockAdd together', 'PATCH', `/v1/foods/${m.patatine}`, { stock: 3, stockAdd: 1 }],
    ['stockAdd on a food not counted', 'PATCH', `/v1/foods/${m.birra}`, { stockAdd: 10 }],
    ['fractional stockAdd', 'PATCH', `/v1/foods/${m.patatine}`, { stockAdd: 0.5 }],
    ['stockAdd past the maximum', 'PATCH', `/v1/foods/${m.patatine}`, { stockAdd: 999_999 }],
    ['stockAdd null', 'PATCH', `/v1/foods/${m.patatine}`, { stockAdd: null }],
    ['ingredient negative stock', 'POST', '/v1/ingredients', { name: 'Sale', stock: -1 }],
    ['ingredient write-off below 0', 'PATCH', `/v1/ingredients/${m.porchetta}`, { stockAdd: -11 }],
    ['ingredient empty PATCH', 'PATCH', `/v1/ingredients/${m.porchetta}`, {}],
    ['ingredient stock and stockAdd', 'PATCH', `/v1/ingredients/${m.porchetta}`, { stock: 1, stockAdd: 1 }],
  ];
  for (const [name, method, url, body] of cases) {
    const response = await app.request({ method, url, body });
    t.equal(response.statusCode, 400, name);
    t.match(
      response.json(),
      { statusCode: 400, error: 'Bad Request', message: String },
      `${name}: the one error shape`,
    );
  }
  t.match(
    (await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: -6 } })).json().message,
    /only 5 left/,
  );
  t.equal(
    (await app.request({ method: 'PATCH', url: '/v1/ingredients/c000000000000000000000000', body: { stock: 1 } }))
      .statusCode,
    404,
  );
  t.same(await snapshotTables(app, ['foods', 'ingredients', 'events']), before);
});

t.test('portions are taken at confirmation, in every way an order is confirmed; PENDING takes nothing', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { porchetta: 20, patatine: 20 });

  t.equal(
    (await order(app, lines([m.panino, 2], [m.patatine, 1], [m.birra, 3]))).statusCode,
    201,
    'created with confirm',
  );
  t.equal(await ingredientStock(app, m.porchetta), 18);
  t.equal((await foodNow(app, m.patatine)).stock, 19);

  const pending = (await order(app, lines([m.piatto, 4], [m.patatine, 2]), false)).json();
  t.equal(await ingredientStock(app, m.porchetta), 18, 'a pending order takes nothing');
  t.equal((await foodNow(app, m.patatine)).stock, 19, 'and reserves nothing');
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: `/v1/orders/${pending.id}/confirm`,
        as: 'operator',
        body: { paymentMethod: 'CARD' },
      })
    ).statusCode,
    200,
  );
  t.equal(await ingredientStock(app, m.porchetta), 14, 'confirmed');
  t.equal((await foodNow(app, m.patatine)).stock, 17);

  const replaced = (await order(app, lines([m.piatto, 9]), false)).json();
  const confirm = await app.request({
    method: 'POST',
    url: `/v1/orders/${replaced.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH', orderItems: lines([m.panino, 1], [m.panino, 2]) },
  });
  t.equal(confirm.statusCode, 200);
  t.equal(await ingredientStock(app, m.porchetta), 11, 'confirmed with replaced items: the new items are taken');

  const patched = (await order(app, lines([m.patatine, 3]), false)).json();
  t.equal(
    (
      await app.request({
        method: 'PATCH',
        url: `/v1/orders/${patched.id}`,
        as: 'operator',
        body: { status: 'CONFIRMED' },
      })
    ).statusCode,
    200,
  );
  t.equal((await foodNow(app, m.patatine)).stock, 14, 'PATCHed to CONFIRMED the first time');
  await app.request({ method: 'PATCH', url: `/v1/orders/${patched.id}`, as: 'operator', body: { status: 'PENDING' } });
  await app.request({
    method: 'PATCH',
    url: `/v1/orders/${patched.id}`,
    as: 'operator',
    body: { status: 'CONFIRMED' },
  });
  t.equal((await foodNow(app, m.patatine)).stock, 14, 'a second time takes nothing more');
  await app.request({
    method: 'PATCH',
    url: `/v1/orders/${patched.id}`,
    as: 'operator',
    body: { status: 'COMPLETED' },
  });
  t.equal((await foodNow(app, m.patatine)).stock, 14, 'moving on takes nothing');

  const neverConfirmed = (await order(app, lines([m.patatine, 1]), false)).json();
  await app.request({
    method: 'PATCH',
    url: `/v1/orders/${neverConfirmed.id}`,
    as: 'operator',
    body: { status: 'COMPLETED' },
  });
  t.equal((await foodNow(app, m.patatine)).stock, 14, 'completed without a confirmation: nothing taken');
});

t.test('short → 409 naming each short food (foodId, name, requested, left), and nothing changes', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { porchetta: 5, patatine: 2 });
  const pending = (await order(app, lines([m.patatine, 3]), false)).json();
  const before = await snapshotTables(app, STOCK_TABLES);

  const created = await order(app, lines([m.patatine, 3], [m.birra, 1], [m.panino, 2]));
  t.equal(created.statusCode, 409);
  t.match(created.json(), { statusCode: 409, code: 'portions-short', error: 'Conflict', message: /Patatine/ });
  t.same(created.json().details, [
    {
      path: 'body.orderItems.0.foodId',
      message: '3 asked, 2 left',
      foodId: m.patatine,
      name: 'Patatine',
      requested: 3,
      left: 2,
      code: 'portions-short',
    },
  ]);

  // The porchetta is shared: 3 sandwiches and 3 plates need 6 units of 5, though each alone would fit.
  const shared = await order(app, lines([m.panino, 3], [m.piatto, 3]));
  t.equal(shared.statusCode, 409);
  t.same(
    shared
      .json()
      .details.map((detail: Record<string, unknown>) => [
        detail['foodId'],
        detail['name'],
        detail['requested'],
        detail['left'],
      ]),
    [
      [m.panino, 'Panino con porchetta', 3, 5],
      [m.piatto, 'Piatto di porchetta', 3, 5],
    ],
  );
  t.match(shared.json().details[0].message, /Porchetta, shared with other lines: 6 needed, 5 left/);

  const confirm = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  t.equal(confirm.statusCode, 409, 'confirming a pending order that the counts cannot cover');
  t.match(confirm.json().details, [{ foodId: m.patatine, requested: 3, left: 2 }]);
  const patch = await app.request({
    method: 'PATCH',
    url: `/v1/orders/${pending.id}`,
    as: 'operator',
    body: { status: 'CONFIRMED' },
  });
  t.equal(patch.statusCode, 409, 'PATCH to CONFIRMED too');
  t.same(await snapshotTables(app, STOCK_TABLES), before, 'no order, no ticket, no count, no event changed');

  t.equal((await order(app, lines([m.patatine, 2], [m.panino, 5]))).statusCode, 201, 'exactly what is left is fine');
});

t.test(
  'at 0 a food is sold out by itself (with the event); a restock brings it back; food-stock-changed on every change',
  async (t) => {
    const app = await buildTestApp(t);
    const m = await stockMenu(app, { patatine: 3 });
    const mark = await lastEventId(app);
    t.equal((await order(app, lines([m.patatine, 2]))).statusCode, 201);
    t.equal((await order(app, lines([m.patatine, 1]))).statusCode, 201);
    t.same(await foodNow(app, m.patatine), { stock: 0, portionsLeft: 0, available: false });
    const operatorMenu = (await app.request({ method: 'GET', url: '/v1/foods', as: 'operator' })).json();
    t.ok(operatorMenu.length > 0, 'the cashiers’ menu is listed');
    t.notOk(
      operatorMenu.some((food: { id: string }) => food.id === m.patatine),
      'gone from the cashiers’ menu',
    );

    const soldOut = await order(app, lines([m.patatine, 1]));
    t.equal(soldOut.statusCode, 409, 'a sold-out food is a 409 "0 left", like any shortage');
    t.match(soldOut.json().details, [{ foodId: m.patatine, requested: 1, left: 0 }]);
    t.equal(
      (await order(app, lines([m.patatine, 1]), false)).statusCode,
      400,
      'a pending order cannot have it either (it is not available)',
    );

    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: 10 } })).statusCode,
      200,
    );
    t.same(
      await foodNow(app, m.patatine),
      { stock: 10, portionsLeft: 10, available: true },
      'restocked: back by itself',
    );
    const cashier = (await eventsSince(app, mark)).filter((e) => e.channel === 'cashier' && e.name.startsWith('food-'));
    t.same(
      cashier.map((e) => [e.name, e.payload]),
      [
        ['food-stock-changed', { foodId: m.patatine, portionsLeft: 1 }],
        ['food-stock-changed', { foodId: m.patatine, portionsLeft: 0 }],
        ['food-availability-changed', { foodId: m.patatine, available: false }],
        ['food-stock-changed', { foodId: m.patatine, portionsLeft: 10 }],
        ['food-availability-changed', { foodId: m.patatine, available: true }],
      ],
    );
    const birraEvents = (await eventsSince(app, mark)).filter((e) => e.payload['foodId'] === m.birra);
    t.same(birraEvents, [], 'a food not counted announces nothing');
  },
);

t.test('a food a person switched off stays off when restocked; one sold out by running out comes back', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { patatine: 1 });
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { available: false } });
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: 5 } });
  t.same(
    await foodNow(app, m.patatine),
    { stock: 6, portionsLeft: 6, available: false },
    'switched off by a person: stays off',
  );
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { available: true } });
  t.equal((await order(app, lines([m.patatine, 6]))).statusCode, 201);
  t.equal((await foodNow(app, m.patatine)).available, false, 'ran out');

  // An admin tool that PUTs what it read (available: false) is no person switching it off.
  const put = await app.request({
    method: 'PUT',
    url: `/v1/foods/${m.patatine}`,
    body: { name: 'Patatine', price: 3.5, categoryId: m.category, available: false },
  });
  t.equal(put.json().price, 3.5);
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stock: 4 } });
  t.equal(
    (await foodNow(app, m.patatine)).available,
    true,
    'a PUT that leaves available as it was keeps why it is off',
  );

  // A person switching on a food with nothing left: it is on, and sold out until restocked.
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stock: 0 } });
  const on = await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { available: true } });
  t.match(on.json(), { available: false, portionsLeft: 0 }, 'still sold out: nothing is left');
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: 2 } });
  t.equal((await foodNow(app, m.patatine)).available, true, 'and back at the restock');

  // A person switching off a food that ran out: it stays off.
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: -2 } });
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { available: false } });
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: 9 } });
  t.equal((await foodNow(app, m.patatine)).available, false, '"no more chips tonight" holds');

  const created = await app.request({
    method: 'POST',
    url: '/v1/foods',
    body: { name: 'Olive', price: 2, categoryId: m.category, available: true, stock: 0 },
  });
  t.match(created.json(), { available: false, stock: 0, portionsLeft: 0 }, 'created with nothing yet: sold out');
  await app.request({ method: 'PATCH', url: `/v1/foods/${created.json().id}`, body: { stock: 30 } });
  t.equal((await foodNow(app, created.json().id)).available, true, 'on as soon as it is stocked');
});

t.test('a shared ingredient: at 0 every food that uses it is sold out; restocked, they all come back', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { porchetta: 4 });
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.piatto}`, body: { stock: 100 } });
  const mark = await lastEventId(app);
  t.equal((await order(app, lines([m.panino, 1], [m.piatto, 1]))).statusCode, 201);
  t.same([(await foodNow(app, m.panino)).portionsLeft, (await foodNow(app, m.piatto)).portionsLeft], [2, 2]);
  t.equal((await foodNow(app, m.piatto)).stock, 99, 'the plate’s own count too');
  t.equal((await order(app, lines([m.panino, 2]))).statusCode, 201);
  t.same(await foodNow(app, m.panino), { stock: null, portionsLeft: 0, available: false });
  t.same(
    await foodNow(app, m.piatto),
    { stock: 99, portionsLeft: 0, available: false },
    'the plate ran out with the sandwich',
  );
  await app.request({ method: 'PATCH', url: `/v1/ingredients/${m.porchetta}`, body: { stockAdd: 15 } });
  t.same(await foodNow(app, m.panino), { stock: null, portionsLeft: 15, available: true });
  t.same(await foodNow(app, m.piatto), { stock: 99, portionsLeft: 15, available: true });
  const events = (await eventsSince(app, mark)).filter((e) => e.name.startsWith('food-'));
  t.same(
    events.map((e) => [e.name, e.payload]),
    [
      ['food-stock-changed', { foodId: m.panino, portionsLeft: 2 }],
      ['food-stock-changed', { foodId: m.piatto, portionsLeft: 2 }],
      ['food-stock-changed', { foodId: m.panino, portionsLeft: 0 }],
      ['food-availability-changed', { foodId: m.panino, available: false }],
      ['food-stock-changed', { foodId: m.piatto, portionsLeft: 0 }],
      ['food-availability-changed', { foodId: m.piatto, available: false }],
      ['food-stock-changed', { foodId: m.panino, portionsLeft: 15 }],
      ['food-availability-changed', { foodId: m.panino, available: true }],
      ['food-stock-changed', { foodId: m.piatto, portionsLeft: 15 }],
      ['food-availability-changed', { foodId: m.piatto, available: true }],
    ],
  );

  // Deleting the ingredient (or no longer counting it) frees the foods that were short of it.
  await app.request({ method: 'PATCH', url: `/v1/ingredients/${m.porchetta}`, body: { stock: 0 } });
  t.equal((await foodNow(app, m.panino)).available, false);
  t.equal((await app.request({ method: 'DELETE', url: `/v1/ingredients/${m.porchetta}` })).statusCode, 204);
  t.same(await foodNow(app, m.panino), { stock: null, portionsLeft: null, available: true });
  t.same(await foodNow(app, m.piatto), { stock: 99, portionsLeft: 99, available: true });
});

t.test('DELETE of a confirmed order not COMPLETED gives its portions back; nothing else does', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { porchetta: 10, patatine: 10 });
  const del = (id: number) => app.request({ method: 'DELETE', url: `/v1/orders/${id}`, as: 'operator' });
  const status = (id: number, value: string) =>
    app.request({ method: 'PATCH', url: `/v1/orders/${id}`, as: 'operator', body: { status: value } });

  const confirmed = (await order(app, lines([m.panino, 2], [m.patatine, 3]))).json();
  t.equal(await ingredientStock(app, m.porchetta), 8);
  const mark = await lastEventId(app);
  t.equal((await del(confirmed.id)).statusCode, 204);
  t.equal(await ingredientStock(app, m.porchetta), 10, 'the porchetta is back');
  t.equal((await foodNow(app, m.patatine)).stock, 10, 'the chips are back');
  t.same(
    (await eventsSince(app, mark)).filter((e) => e.name === 'food-stock-changed').map((e) => e.payload),
    [
      { foodId: m.panino, portionsLeft: 10 },
      { foodId: m.piatto, portionsLeft: 10 },
      { foodId: m.patatine, portionsLeft: 10 },
    ],
  );

  const pending = (await order(app, lines([m.panino, 4]), false)).json();
  await del(pending.id);
  t.equal(await ingredientStock(app, m.porchetta), 10, 'a pending order took nothing and gives nothing');

  const backToPending = (await order(app, lines([m.panino, 1]))).json();
  await status(backToPending.id, 'PENDING');
  await del(backToPending.id);
  t.equal(await ingredientStock(app, m.porchetta), 10, 'confirmed, then moved back to PENDING: its portions come back');

  const completed = (await order(app, lines([m.panino, 3]))).json();
  await status(completed.id, 'COMPLETED');
  await del(completed.id);
  t.equal(await ingredientStock(app, m.porchetta), 7, 'a completed order was cooked: nothing back');
  const pickedUp = (await order(app, lines([m.panino, 2]))).json();
  await status(pickedUp.id, 'PICKED_UP');
  await del(pickedUp.id);
  t.equal(await ingredientStock(app, m.porchetta), 5, 'nor a picked-up one');

  // The ledger gives back what was taken, whatever the menu became since.
  const before = (await order(app, lines([m.piatto, 2]))).json();
  t.equal(await ingredientStock(app, m.porchetta), 3);
  await app.request({
    method: 'PUT',
    url: `/v1/foods/${m.piatto}`,
    body: { name: 'Piatto di porchetta', price: 9, categoryId: m.category, available: true, stock: 50 },
  });
  await del(before.id);
  t.equal(await ingredientStock(app, m.porchetta), 5, 'the porchetta it took comes back');
  t.equal((await foodNow(app, m.piatto)).stock, 50, 'the plate’s new count was never taken from: it gets nothing');

  // Sold out, then a cancellation brings the last portions back on the menu.
  t.equal((await order(app, lines([m.patatine, 10]))).statusCode, 201);
  const last = (await order(app, lines([m.panino, 5]))).json();
  t.equal((await foodNow(app, m.panino)).available, false);
  await del(last.id);
  t.same(await foodNow(app, m.panino), { stock: null, portionsLeft: 5, available: true }, 'back on the menu');
});

t.test(
  'a cooked order stays cooked: moved back to PENDING or CONFIRMED and deleted, it gives nothing back',
  async (t) => {
    const app = await buildTestApp(t);
    const m = await stockMenu(app, { porchetta: 10, patatine: 5 });
    const del = (id: number) => app.request({ method: 'DELETE', url: `/v1/orders/${id}`, as: 'operator' });
    const status = (id: number, value: string) =>
      app.request({ method: 'PATCH', url: `/v1/orders/${id}`, as: 'operator', body: { status: value } });

    // 5 chips sold and handed out; the order is moved back (completedAt is cleared) and deleted: the 5 stay sold.
    const handedOut = (await order(app, lines([m.patatine, 5]))).json();
    for (const value of ['PICKED_UP', 'PENDING']) t.equal((await status(handedOut.id, value)).statusCode, 200, value);
    t.equal((await del(handedOut.id)).statusCode, 204);
    t.same(await foodNow(app, m.patatine), { stock: 0, portionsLeft: 0, available: false }, 'the chips stay sold out');
    t.equal((await order(app, lines([m.patatine, 5]))).statusCode, 409, 'nobody sells 10 chips of 5');

    const reopened = (await order(app, lines([m.panino, 3]))).json();
    for (const value of ['COMPLETED', 'CONFIRMED', 'PENDING', 'CONFIRMED']) await status(reopened.id, value);
    await del(reopened.id);
    t.equal(await ingredientStock(app, m.porchetta), 7, 'completed once, reopened twice: still cooked');

    const neverCooked = (await order(app, lines([m.panino, 2]))).json();
    for (const value of ['PENDING', 'CONFIRMED', 'PENDING']) await status(neverCooked.id, value);
    await del(neverCooked.id);
    t.equal(await ingredientStock(app, m.porchetta), 7, 'never completed, however often moved: its portions come back');
  },
);

t.test('parallel confirmations never oversell: the check and the take are one step of the single writer', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { porchetta: 10 });
  const pending = [];
  for (let i = 0; i < 30; i++)
    pending.push((await order(app, lines([i % 2 === 0 ? m.panino : m.piatto, 1]), false)).json());
  // Mixed: pending ones confirmed, new ones created with confirm, some PATCHed; all at once, in one group commit.
  const responses = await Promise.all([
    ...pending.slice(0, 15).map((o) =>
      app.request({
        method: 'POST',
        url: `/v1/orders/${o.id}/confirm`,
        as: 'operator',
        body: { paymentMethod: 'CASH' },
      }),
    ),
    ...pending
      .slice(15, 20)
      .map((o) =>
        app.request({ method: 'PATCH', url: `/v1/orders/${o.id}`, as: 'operator', body: { status: 'CONFIRMED' } }),
      ),
    ...Array.from({ length: 10 }, () => order(app, lines([m.panino, 1]))),
  ]);
  const ok = responses.filter((r) => r.statusCode === 200 || r.statusCode === 201).length;
  const refused = responses.filter((r) => r.statusCode === 409).length;
  t.same([ok, refused], [10, 20]);
  t.equal(await ingredientStock(app, m.porchetta), 0);
  const confirmed = await app.runtime.storage.db
    .selectFrom('orders')
    .select('id')
    .where('confirmed_at', 'is not', null)
    .execute();
  t.equal(confirmed.length, 10, 'ten orders hold the ten portions');
});
