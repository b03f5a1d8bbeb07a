import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// Strict input (docs/api.md, "Strict input"): one number has one spelling, amounts have at most 2
// decimals exactly, and a body that is not UTF-8 is refused rather than stored with U+FFFD in it.

const OTHER_SPELLINGS = ['0x1', '1e0', '+1', '01', '%201', '1%20', '1.0', '1.', '%2B1', '0001', '1_0', '%EF%BC%91'];

t.test('path ids are plain decimal: every other spelling of an existing order is 400', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await createOrder(app, pizzaOrder(menu));
  t.equal(order.id, 1, 'order 1 exists, so another spelling of 1 would find it');
  t.equal((await app.request({ method: 'GET', url: '/v1/orders/1' })).statusCode, 200);
  for (const spelling of OTHER_SPELLINGS) {
    const response = await app.request({ method: 'GET', url: `/v1/orders/${spelling}` });
    t.equal(response.statusCode, 400, `GET /v1/orders/${spelling}`);
    t.match(response.json(), { statusCode: 400, code: 'validation', error: 'Bad Request', message: /order number/ });
  }
  const before = await snapshotTables(app);
  for (const spelling of ['0x1', '1e0', '+1', '01']) {
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/orders/${spelling}`, body: { status: 'COMPLETED' } })).statusCode,
      400,
      `PATCH ${spelling}`,
    );
    t.equal(
      (await app.request({ method: 'DELETE', url: `/v1/orders/${spelling}` })).statusCode,
      400,
      `DELETE ${spelling}`,
    );
    t.equal(
      (await app.request({ method: 'POST', url: `/v1/print-jobs/${spelling}/retry`, body: {} })).statusCode,
      400,
      `retry ${spelling}`,
    );
  }
  t.same(await snapshotTables(app), before, 'and nothing changed');
});

t.test('integer query parameters are plain decimal too', async (t) => {
  const app = await buildTestApp(t);
  t.equal((await app.request({ method: 'GET', url: '/v1/orders?limit=10&page=1' })).statusCode, 200);
  t.equal((await app.request({ method: 'GET', url: '/v1/print-jobs?limit=10&orderId=1' })).statusCode, 200);
  for (const spelling of ['1e1', '0x10', '+10', '010', '10.0', '%2010', '']) {
    t.equal(
      (await app.request({ method: 'GET', url: `/v1/orders?limit=${spelling}` })).statusCode,
      400,
      `?limit=${spelling}`,
    );
    t.equal(
      (await app.request({ method: 'GET', url: `/v1/orders?page=${spelling}` })).statusCode,
      400,
      `?page=${spelling}`,
    );
    t.equal(
      (await app.request({ method: 'GET', url: `/v1/print-jobs?limit=${spelling}` })).statusCode,
      400,
      `print-jobs ?limit=${spelling}`,
    );
    t.equal(
      (await app.request({ method: 'GET', url: `/v1/print-jobs?orderId=${spelling}` })).statusCode,
      400,
      `print-jobs ?orderId=${spelling}`,
    );
  }
  t.equal((await app.request({ method: 'GET', url: '/v1/orders?limit=101' })).statusCode, 400, 'the range still holds');
});

t.test('amounts with more than 2 decimals are 400, with no float tolerance; nothing is stored', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const before = await snapshotTables(app);
  const surcharge = (value: number) =>
    pizzaOrder(menu, { orderItems: [{ foodId: menu.foods.beer, quantity: 1, surcharge: value }] });
  for (const value of [7.000000001, 7.0000001, 0.1 + 0.2, 1.005, 19.999]) {
    const response = await app.request({ method: 'POST', url: '/v1/orders', body: surcharge(value), as: 'operator' });
    t.equal(response.statusCode, 400, `surcharge ${value}`);
    t.match(response.json(), { details: [{ path: 'body.orderItems.0.surcharge', message: /at most 2 decimals/ }] });
    const discounted = await app.request({
      method: 'POST',
      url: '/v1/orders',
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', discount: value } }),
      as: 'operator',
    });
    t.equal(discounted.statusCode, 400, `discount ${value}`);
  }
  t.same(await snapshotTables(app), before, 'no order was stored');
  const food = { name: 'Pane', price: 1.000000001, categoryId: menu.categories.pizzas, available: true };
  t.equal((await app.request({ method: 'POST', url: '/v1/foods', body: food })).statusCode, 400, 'a price too');
  t.equal(
    (await app.request({ method: 'POST', url: '/v1/foods', body: { ...food, price: 1.1 } })).statusCode,
    201,
    '1.1 is fine',
  );

  // Written as JSON text, the amounts that have at most 2 decimals all pass.
  for (const text of ['7', '7.0', '7.00', '0.3', '19.99', '0.01', '1000000']) {
    const payload = `{"table":"1","customer":"Rossi","orderItems":[{"foodId":"${menu.foods.beer}","quantity":1,"surcharge":${text}}]}`;
    const response = await app.runtime.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { authorization: `Bearer ${await app.token('operator')}`, 'content-type': 'application/json' },
      payload,
    });
    t.equal(response.statusCode, 201, `surcharge ${text}`);
  }
});

t.test('a JSON body whose bytes are not UTF-8 is 400 and stores nothing', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const headers = { authorization: `Bearer ${await app.token('operator')}`, 'content-type': 'application/json' };
  const body = (customer: Buffer) =>
    Buffer.concat([
      Buffer.from('{"table":"1","customer":"'),
      customer,
      Buffer.from(`","orderItems":[{"foodId":"${menu.foods.beer}","quantity":1}]}`),
    ]);
  const before = await snapshotTables(app);
  const invalid = [
    Buffer.from([0x52, 0xff, 0x73]), // a byte that never occurs in UTF-8
    Buffer.from([0x52, 0xc3]), // a sequence cut short
    Buffer.from([0xc0, 0xaf]), // an overlong encoding of '/'
    Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate
    Buffer.from('Caff\xe8', 'latin1'), // Latin-1 text sent as if it were UTF-8
  ];
  for (const bytes of invalid) {
    const response = await app.runtime.app.inject({ method: 'POST', url: '/v1/orders', headers, payload: body(bytes) });
    t.equal(response.statusCode, 400, `bytes ${bytes.toString('hex')}`);
    t.match(response.json(), { statusCode: 400, code: 'invalid-json', error: 'Bad Request', message: /UTF-8/ });
  }
  t.same(await snapshotTables(app), before, 'nothing was stored');
  const valid = await app.runtime.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers,
    payload: body(Buffer.from('Caffè 😀')),
  });
  t.equal(valid.statusCode, 201, 'real UTF-8 is stored as sent');
  t.equal((await app.request({ method: 'GET', url: `/v1/orders/${valid.json().id}` })).json().customer, 'Caffè 😀');
});
