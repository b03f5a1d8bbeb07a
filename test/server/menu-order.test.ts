import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// The menu's own order (category position, food position, name), the allergens of a food, a category's tokens and
// the categories a register's till shows, as the API reads and writes them.

const TABLES = ['categories', 'foods', 'cash_registers', 'events'];

async function send(app: TestApp, method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, status = 200) {
  const response = await app.request({ method, url, body });
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

const names = async (app: TestApp, url = '/v1/foods') =>
  (await app.request({ method: 'GET', url, as: 'operator' })).json().map((food: { name: string }) => food.name);

t.test('foods come in category position, food position, then name; PATCH moves one', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  t.same(await names(app), ['Diavola', 'Margherita', 'Birra', 'Tiramisù'], 'by name where positions are equal');
  const moved = await send(app, 'PATCH', `/v1/foods/${menu.foods.margherita}`, { position: -1 });
  t.match(moved, { name: 'Margherita', position: -1 });
  t.same(await names(app), ['Margherita', 'Diavola', 'Birra', 'Tiramisù'], 'Margherita first among the pizzas');
  const perCategory = (await app.request({ method: 'GET', url: '/v1/categories?include=foods', as: 'operator' }))
    .json()
    .map((category: { foods: Array<{ name: string }> }) => category.foods.map((food) => food.name));
  t.same(perCategory, [['Margherita', 'Diavola'], ['Birra'], ['Tiramisù']], 'and inside each category');
  await send(app, 'PATCH', `/v1/categories/${menu.categories.desserts}`, { position: 0 });
  t.same(await names(app), ['Tiramisù', 'Margherita', 'Diavola', 'Birra'], 'a category moved by PATCH');
  const put = await send(app, 'PUT', `/v1/foods/${menu.foods.margherita}`, {
    name: 'Margherita',
    price: 7.5,
    categoryId: menu.categories.pizzas,
    available: true,
  });
  t.equal(put.position, -1, 'a PUT that leaves position out keeps it');
  const before = await snapshotTables(app, TABLES);
  for (const position of [1.5, '2', 2_000_000]) {
    const bad = await app.request({
      method: 'PATCH',
      url: `/v1/foods/${menu.foods.margherita}`,
      body: { position },
    });
    t.equal(bad.statusCode, 400, `position ${position} refused`);
  }
  t.same(await snapshotTables(app, TABLES), before, 'and nothing changed');
});

t.test('allergens: a subset of the EU 14, kept in the list order, refused when unknown or twice', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const food = await send(app, 'PATCH', `/v1/foods/${menu.foods.margherita}`, { allergens: ['MILK', 'GLUTEN'] });
  t.same(food.allergens, ['GLUTEN', 'MILK'], 'in the EU list order');
  const created = await send(
    app,
    'POST',
    '/v1/foods',
    { name: 'Fritto misto', price: 9, categoryId: menu.categories.pizzas, available: true, allergens: ['MOLLUSCS'] },
    201,
  );
  t.same(created.allergens, ['MOLLUSCS']);
  const plain = await send(
    app,
    'POST',
    '/v1/foods',
    {
      name: 'Patatine',
      price: 3,
      categoryId: menu.categories.pizzas,
      available: true,
    },
    201,
  );
  t.same(plain.allergens, [], 'none when left out');
  const put = await send(app, 'PUT', `/v1/foods/${menu.foods.margherita}`, {
    name: 'Margherita',
    price: 7.5,
    categoryId: menu.categories.pizzas,
    available: true,
  });
  t.same(put.allergens, ['GLUTEN', 'MILK'], 'a PUT that leaves them out keeps them');
  const read = (await app.request({ method: 'GET', url: `/v1/foods/${menu.foods.margherita}`, as: 'operator' })).json();
  t.same(read.allergens, ['GLUTEN', 'MILK'], 'a cashier reads them');
  const before = await snapshotTables(app, TABLES);
  for (const allergens of [['GLUTEN', 'GLUTEN'], ['gluten'], ['PORK'], 'GLUTEN']) {
    const bad = await app.request({ method: 'PATCH', url: `/v1/foods/${menu.foods.margherita}`, body: { allergens } });
    t.equal(bad.statusCode, 400, `${JSON.stringify(allergens)} refused`);
    t.match(bad.json().details, [{ path: /^body\.allergens/ }], 'at the field');
  }
  t.same(await snapshotTables(app, TABLES), before, 'and nothing changed');
  const cleared = await send(app, 'PATCH', `/v1/foods/${menu.foods.margherita}`, { allergens: [] });
  t.same(cleared.allergens, []);
});

t.test('ticketPerUnit: off by default, set by POST or PATCH, kept by a PUT that leaves it out', async (t) => {
  const app = await buildTestApp(t);
  const bar = await send(app, 'POST', '/v1/categories', { name: 'Birre', ticketPerUnit: true }, 201);
  t.match(bar, { ticketPerUnit: true });
  const plain = await send(app, 'POST', '/v1/categories', { name: 'Dolci' }, 201);
  t.match(plain, { ticketPerUnit: false });
  const put = await send(app, 'PUT', `/v1/categories/${bar.id}`, { name: 'Birre alla spina', position: 4 });
  t.match(put, { ticketPerUnit: true, position: 4 });
  t.match(await send(app, 'PATCH', `/v1/categories/${bar.id}`, { ticketPerUnit: false }), { ticketPerUnit: false });
  const bad = await app.request({ method: 'PATCH', url: `/v1/categories/${bar.id}`, body: { ticketPerUnit: 'yes' } });
  t.equal(bad.statusCode, 400);
});

t.test('a register shows some categories: checked, kept by PUT, forgotten when the category goes', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const url = `/v1/cash-registers/${menu.register}`;
  const bar = await send(app, 'PATCH', url, { categoryIds: [menu.categories.drinks] });
  t.same(bar.categoryIds, [menu.categories.drinks]);
  const read = (await app.request({ method: 'GET', url, as: 'operator' })).json();
  t.same(read.categoryIds, [menu.categories.drinks], 'the till reads it');
  const put = await send(app, 'PUT', url, { name: 'Bar', defaultPrinterId: menu.printers.till });
  t.same(put.categoryIds, [menu.categories.drinks], 'a PUT that leaves it out keeps it');
  const before = await snapshotTables(app, TABLES);
  const unknown = 'c000000000000000000000000';
  const refused = await app.request({
    method: 'PATCH',
    url,
    body: { categoryIds: [menu.categories.drinks, unknown] },
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().details, [{ path: 'body.categoryIds.1', message: 'unknown category' }]);
  for (const categoryIds of [[], [menu.categories.drinks, menu.categories.drinks], 'all']) {
    const bad = await app.request({ method: 'PATCH', url, body: { categoryIds } });
    t.equal(bad.statusCode, 400, `${JSON.stringify(categoryIds)} refused`);
  }
  const post = await app.request({
    method: 'POST',
    url: '/v1/cash-registers',
    body: { name: 'Cassa 3', defaultPrinterId: menu.printers.till, categoryIds: [unknown] },
  });
  t.equal(post.statusCode, 400);
  t.same(await snapshotTables(app, TABLES), before, 'nothing changed');

  // The filter is the till's view: the server takes the cashier's sale of another category all the same.
  const order = await createOrder(app, {
    table: '1',
    customer: 'Bianchi',
    orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
  });
  t.equal(order.status, 'CONFIRMED', 'a pizza sold at the bar register');

  const extra = await send(app, 'POST', '/v1/categories', { name: 'Vini' }, 201);
  await send(app, 'PATCH', url, { categoryIds: [extra.id, menu.categories.drinks] });
  t.equal((await app.request({ method: 'DELETE', url: `/v1/categories/${extra.id}` })).statusCode, 204);
  t.same((await app.request({ method: 'GET', url })).json().categoryIds, [menu.categories.drinks], 'the gone one');
  const all = await send(app, 'PATCH', url, { categoryIds: null });
  t.equal(all.categoryIds, null, 'null: every category again');
});
