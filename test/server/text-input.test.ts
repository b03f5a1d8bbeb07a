import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// Text that people type and others read (names, customer, table, notes) cannot carry terminal escape sequences,
// control or bidi characters, nor be blank to the eye; enum values have two spellings only.

const BAD_TEXTS: Array<[string, string]> = [
  ['\u001b[2J\u001b[31mRossi', 'an escape sequence (clears the screen)'],
  ['Ros\u0007si', 'a bell'],
  ['Rossi\nTavolo 9', 'a line feed'],
  ['Ros\rsi', 'a carriage return'],
  ['Ros\u007fsi', 'DEL'],
  ['\u009b31mRossi', 'a C1 control sequence introducer'],
  ['Rossi\u0085', 'a C1 next line'],
  ['\u202eissoR', 'a right-to-left override'],
  ['Rossi\u2066', 'a bidi isolate'],
  ['\u200b\u200b', 'only zero-width spaces'],
  [' \u200d\ufeff\u2060 ', 'only whitespace and zero-width characters'],
  ['\u3000\u00a0', 'only unusual whitespace'],
];

t.test('customer, table and notes with control, bidi or only invisible characters: 400, nothing stored', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const before = await snapshotTables(app);
  for (const [bad, what] of BAD_TEXTS) {
    for (const body of [
      pizzaOrder(menu, { customer: bad }),
      pizzaOrder(menu, { table: bad }),
      pizzaOrder(menu, { orderItems: [{ foodId: menu.foods.beer, quantity: 1, notes: bad }] }),
    ]) {
      const response = await app.request({ method: 'POST', url: '/v1/orders', body, as: 'operator' });
      t.equal(response.statusCode, 400, `${what}: 400`);
      t.match(response.json(), { statusCode: 400, error: 'Bad Request', details: [{ path: /^body\./ }] });
    }
  }
  t.same(await snapshotTables(app), before, 'nothing was stored');
  const orderItems = [{ foodId: menu.foods.beer, quantity: 1, notes: '' }];
  const fine = await createOrder(
    app,
    pizzaOrder(menu, { customer: 'Müller 😀 دانيال', table: '\u200bA1', orderItems }),
  );
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${fine.id}` })).json();
  const kept = [detail.customer, detail.table, detail.categorizedItems[0].items[0].notes];
  t.same(kept, ['Müller 😀 دانيال', '\u200bA1', ''], 'visible text is kept as sent; no note is fine');
});

t.test('every name of the catalogue, users’ keys and banners goes through the same rule', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const bad = '\u001b]0;pwned\u0007Pizze';
  const posts: Array<[string, Record<string, unknown>]> = [
    ['/v1/categories', { name: bad }],
    ['/v1/foods', { name: bad, price: 5, categoryId: menu.categories.pizzas, available: true }],
    ['/v1/ingredients', { name: bad }],
    ['/v1/printers', { name: bad, ip: '127.0.0.1', port: 9100 }],
    ['/v1/cash-registers', { name: bad, defaultPrinterId: menu.printers.till, enabled: true }],
    ['/v1/api-keys', { name: bad, scope: 'display' }],
  ];
  const tables = ['categories', 'foods', 'ingredients', 'printers', 'cash_registers', 'api_keys', 'events'];
  const before = await snapshotTables(app, tables);
  for (const [url, body] of posts) {
    const response = await app.request({ method: 'POST', url, body });
    t.equal(response.statusCode, 400, `POST ${url}`);
    t.match(response.json(), { details: [{ path: 'body.name', message: /control characters/ }] });
    const blank = await app.request({ method: 'POST', url, body: { ...body, name: '\u200b \u200c' } });
    t.equal(blank.statusCode, 400, `POST ${url} with a blank name`);
  }
  t.same(await snapshotTables(app, tables), before, 'nothing was stored');
});

t.test('order statuses: upper or lower case exactly; pıcked_up (dotless ı) and mixed case are 400', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = await createOrder(app, pizzaOrder(menu));
  const patch = (status: string) => app.request({ method: 'PATCH', url: `/v1/orders/${order.id}`, body: { status } });
  const before = await snapshotTables(app);
  for (const spelling of [
    'pıcked_up',
    'PİCKED_UP',
    'Picked_Up',
    'picked_UP',
    'ＰＩＣＫＥＤ_ＵＰ',
    'picked_up ',
    'pickedup',
  ]) {
    const response = await patch(spelling);
    t.equal(response.statusCode, 400, JSON.stringify(spelling));
    const list = await app.request({ method: 'GET', url: `/v1/orders?status=${encodeURIComponent(spelling)}` });
    t.equal(list.statusCode, 400, `?status=${spelling}`);
  }
  t.same(await snapshotTables(app), before, 'nothing changed');
  t.equal((await patch('picked_up')).json().status, 'PICKED_UP', 'lower case');
  t.equal((await patch('COMPLETED')).json().status, 'COMPLETED', 'upper case');
  const listed = await app.request({ method: 'GET', url: '/v1/orders?status=completed&status=PENDING' });
  t.equal(listed.json().orders.length, 1);
});
