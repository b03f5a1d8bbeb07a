import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DETAIL_CODES, ERROR_CODES } from '../../src/api/errors.js';
import { buildTestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';
import { lines, order, stockMenu } from '../helpers/stock.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// Every error body carries a stable code beside statusCode, error and message, and each of its details one too:
// clients choose their words by it. One request per code a client translates.

type Body = {
  statusCode: number;
  code: string;
  message: string;
  details?: Array<{ path: string; code: string; limit?: number }>;
};

t.test('each refusal says what it is by its code', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const refusal = async (options: Parameters<typeof app.request>[0], status: number, code: string, what: string) => {
    const response = await app.request(options);
    t.equal(response.statusCode, status, `${what}: ${response.body}`);
    const body = response.json() as Body;
    t.equal(body.code, code, what);
    return body;
  };

  const invalid = await refusal(
    { method: 'POST', url: '/v1/orders', body: { table: '', customer: 'x', orderItems: [] } },
    400,
    'validation',
    'a bad body',
  );
  t.same(
    invalid.details?.map((detail) => [detail.path, detail.code]),
    [
      ['body.table', 'empty'],
      ['body.orderItems', 'too-short'],
    ],
    'each detail of a bad body says what is wrong with its field',
  );
  await refusal(
    { method: 'POST', url: '/v1/orders', as: 'none', body: pizzaOrder(menu) },
    401,
    'unauthorized',
    'no credentials',
  );
  const display = await app.apiKey('display');
  await refusal({ method: 'GET', url: '/v1/orders', as: { key: display } }, 403, 'forbidden', 'a display key');
  await refusal({ method: 'GET', url: '/v1/orders/999' }, 404, 'not-found', 'an unknown order');
  await refusal({ method: 'GET', url: '/v1/nothing-here' }, 404, 'not-found', 'an unknown route');
  await refusal(
    { method: 'POST', url: '/v1/categories', body: { name: 'Pizze' }, headers: { 'content-type': 'text/plain' } },
    415,
    'unsupported-media-type',
    'not JSON',
  );
  const token = await app.token('admin');
  const broken = await app.runtime.app.inject({
    method: 'POST',
    url: '/v1/categories',
    payload: '{"name":',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  t.match(broken.json(), { statusCode: 400, code: 'invalid-json' }, 'broken JSON');

  await app.request({ method: 'POST', url: '/v1/categories', body: { name: 'Fritti' } });
  await refusal(
    { method: 'POST', url: '/v1/categories', body: { name: 'Fritti' } },
    409,
    'name-taken',
    'a second category of that name',
  );

  const pending = await createOrder(app, pizzaOrder(menu));
  await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CASH' },
  });
  await refusal(
    { method: 'POST', url: `/v1/orders/${pending.id}/confirm`, as: 'operator', body: { paymentMethod: 'CASH' } },
    400,
    'already-confirmed',
    'confirming twice',
  );
  await refusal(
    {
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.disabledRegister } }),
    },
    400,
    'register-disabled',
    'a disabled register',
  );
  await refusal(
    {
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', discount: 1000 } }),
    },
    400,
    'discount-too-large',
    'a discount above the subtotal',
  );

  await app.request({ method: 'PATCH', url: `/v1/foods/${menu.foods.beer}`, body: { available: false } });
  const off = await refusal(
    { method: 'POST', url: '/v1/orders', as: 'operator', body: pizzaOrder(menu) },
    400,
    'food-unavailable',
    'a sold-out food',
  );
  t.same(
    off.details?.map((detail) => [detail.path, detail.code]),
    [['body.orderItems.1.foodId', 'food-unavailable']],
    'the detail points at the line',
  );

  await refusal(
    {
      method: 'POST',
      url: '/v1/orders',
      body: {
        table: '1',
        customer: 'x',
        orderItems: [{ foodId: menu.foods.water, quantity: 1 }],
        pad: 'x'.repeat(2_000_000),
      },
    },
    413,
    'payload-too-large',
    'a body past the limit',
  );
});

t.test('portions: the 409 and each short food carry portions-short; counts refuse by their own codes', async (t) => {
  const app = await buildTestApp(t);
  const m = await stockMenu(app, { patatine: 2 });
  const short = await order(app, lines([m.patatine, 3]));
  t.equal(short.statusCode, 409);
  const body = short.json() as Body;
  t.equal(body.code, 'portions-short');
  everyOf(t, body.details ?? [], (detail) => detail.code === 'portions-short', 'each short food says portions-short');
  const below = await app.request({ method: 'PATCH', url: `/v1/foods/${m.patatine}`, body: { stockAdd: -5 } });
  t.match(below.json(), { statusCode: 400, code: 'stock-short' });
  const uncounted = await app.request({ method: 'PATCH', url: `/v1/foods/${m.birra}`, body: { stockAdd: 1 } });
  t.match(uncounted.json(), { statusCode: 400, code: 'not-counted' });
});

t.test('validation details carry a code by what is wrong, and the bound it is about', async (t) => {
  const app = await buildTestApp(t);
  const details = async (url: string, body: object, method: 'POST' | 'PATCH' = 'POST') => {
    const response = await app.request({ method, url, body });
    t.equal(response.statusCode, 400, `${url}: ${response.body}`);
    return ((response.json() as Body).details ?? []).map(({ path, code, limit }) => ({ path, code, limit }));
  };
  t.same(await details('/v1/categories', { name: 'x'.repeat(101) }), [
    { path: 'body.name', code: 'too-long', limit: 100 },
  ]);
  t.same(await details('/v1/categories', { name: ' \u200b ' }), [
    { path: 'body.name', code: 'empty', limit: undefined },
  ]);
  t.same(await details('/v1/venue', { pickupAfterMinutes: 999 }, 'PATCH'), [
    { path: 'body.pickupAfterMinutes', code: 'too-big', limit: 240 },
  ]);
  t.same(await details('/v1/venue', { pickupAfterMinutes: 1.5 }, 'PATCH'), [
    { path: 'body.pickupAfterMinutes', code: 'not-whole', limit: undefined },
  ]);
  t.same(await details('/v1/printers', { name: 'Forno', ip: 'not an address!', port: 9100 }), [
    { path: 'body.ip', code: 'not-an-address', limit: undefined },
  ]);
  const category = (await app.request({ method: 'POST', url: '/v1/categories', body: { name: 'Pizze' } })).json();
  const food = { name: 'Margherita', categoryId: category.id, available: true };
  t.same(await details('/v1/foods', { ...food, price: 1.234 }), [
    { path: 'body.price', code: 'not-an-amount', limit: undefined },
  ]);
  t.same(await details('/v1/foods', { ...food, price: -1 }), [{ path: 'body.price', code: 'too-small', limit: 0 }]);
  t.same(await details('/v1/foods', { ...food, price: 1, categoryId: 'nope' }), [
    { path: 'body.categoryId', code: 'not-an-id', limit: undefined },
  ]);
});

t.test('docs/api.md lists every code with its meaning', async (t) => {
  const docs = readFileSync(join(PACKAGE_ROOT, 'docs/api.md'), 'utf8');
  everyOf(
    t,
    [...ERROR_CODES, ...DETAIL_CODES],
    (code) => new RegExp(`^\\| \`${code}\` \\|`, 'm').test(docs),
    'a row of the code table in docs/api.md',
  );
});
