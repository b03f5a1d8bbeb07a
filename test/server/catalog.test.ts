import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { eventsSince, lastEventId } from '../helpers/orders.js';
import { snapshotTables } from '../helpers/seed.js';

const CATALOG = ['printers', 'categories', 'ingredients', 'foods', 'food_ingredients', 'events'];

async function post(app: TestApp, url: string, body: unknown) {
  const response = await app.request({ method: 'POST', url, body });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function menu(app: TestApp) {
  const kitchen = await post(app, '/v1/printers', { name: 'Cucina', ip: '10.0.0.5' });
  const pizze = await post(app, '/v1/categories', { name: 'Pizze', position: 1, printerId: kitchen.id });
  const bevande = await post(app, '/v1/categories', { name: 'Bevande', position: 2 });
  const mozzarella = await post(app, '/v1/ingredients', { name: 'Mozzarella' });
  const basilico = await post(app, '/v1/ingredients', { name: 'Basilico' });
  const margherita = await post(app, '/v1/foods', {
    name: 'Margherita',
    description: 'Classica',
    price: 7.5,
    categoryId: pizze.id,
    available: true,
    ingredients: [{ id: mozzarella.id }, { id: basilico.id }],
  });
  const birra = await post(app, '/v1/foods', {
    name: 'Birra',
    price: 4,
    categoryId: bevande.id,
    printerId: null,
    available: true,
  });
  const acqua = await post(app, '/v1/foods', { name: 'Acqua', price: 1, categoryId: bevande.id, available: false });
  return { kitchen, pizze, bevande, mozzarella, basilico, margherita, birra, acqua };
}

t.test('categories: CRUD, defaults, ordering, include=foods, availability events', async (t) => {
  const app = await buildTestApp(t);
  const m = await menu(app);
  t.same(m.pizze, {
    id: m.pizze.id,
    name: 'Pizze',
    available: true,
    position: 1,
    printerId: m.kitchen.id,
    ticketPerUnit: false,
  });
  const dolci = await post(app, '/v1/categories', { name: 'Dolci' });
  t.match(dolci, { available: true, position: 0, printerId: null }, 'defaults');
  const list = (await app.request({ method: 'GET', url: '/v1/categories', as: 'operator' })).json();
  t.same(
    list.map((c: { name: string }) => c.name),
    ['Dolci', 'Pizze', 'Bevande'],
    'by position',
  );
  const withFoods = (
    await app.request({ method: 'GET', url: `/v1/categories/${m.bevande.id}?include=foods`, as: 'operator' })
  ).json();
  t.same(
    withFoods.foods.map((f: { name: string }) => f.name),
    ['Birra'],
    'operators see only available foods',
  );
  const adminFoods = (await app.request({ method: 'GET', url: `/v1/categories/${m.bevande.id}?include=foods` })).json();
  t.same(
    adminFoods.foods.map((f: { name: string }) => f.name),
    ['Acqua', 'Birra'],
  );

  const mark = await lastEventId(app);
  const patched = await app.request({
    method: 'PATCH',
    url: `/v1/categories/${m.bevande.id}`,
    body: { available: false },
  });
  t.equal(patched.json().available, false);
  await app.request({ method: 'PATCH', url: `/v1/categories/${m.bevande.id}`, body: { available: false } });
  await app.request({
    method: 'PUT',
    url: `/v1/categories/${m.bevande.id}`,
    body: { name: 'Bibite', position: 2, available: true },
  });
  t.same(
    (await eventsSince(app, mark)).map((e) => [e.channel, e.name, e.payload]),
    [
      ['cashier', 'category-availability-changed', { categoryId: m.bevande.id, available: false }],
      ['cashier', 'category-availability-changed', { categoryId: m.bevande.id, available: true }],
    ],
  );
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/categories/${m.pizze.id}`, body: { printerId: null } })).json()
      .printerId,
    null,
  );

  const conflict = await app.request({ method: 'POST', url: '/v1/categories', body: { name: 'pizze' } });
  t.equal(conflict.statusCode, 409, 'names are unique case-insensitively');
  t.equal(
    (await app.request({ method: 'PUT', url: `/v1/categories/${dolci.id}`, body: { name: 'PIZZE' } })).statusCode,
    409,
  );
  const busy = await app.request({ method: 'DELETE', url: `/v1/categories/${m.pizze.id}` });
  t.equal(busy.statusCode, 409, 'a category with foods cannot be deleted');
  t.equal((await app.request({ method: 'DELETE', url: `/v1/categories/${dolci.id}` })).statusCode, 204);
  t.equal((await app.request({ method: 'GET', url: `/v1/categories/${dolci.id}` })).statusCode, 404);
  t.equal(
    (await app.request({ method: 'GET', url: `/v1/categories/${dolci.id}` })).json().message,
    'Category not found',
  );
});

t.test('ingredients: CRUD and unique names', async (t) => {
  const app = await buildTestApp(t);
  const m = await menu(app);
  t.same(
    (await app.request({ method: 'GET', url: '/v1/ingredients', as: 'operator' }))
      .json()
      .map((i: { name: string }) => i.name),
    ['Basilico', 'Mozzarella'],
  );
  t.equal(
    (await app.request({ method: 'POST', url: '/v1/ingredients', body: { name: 'MOZZARELLA' } })).statusCode,
    409,
  );
  t.same(
    (
      await app.request({ method: 'PUT', url: `/v1/ingredients/${m.basilico.id}`, body: { name: 'Basilico fresco' } })
    ).json(),
    { id: m.basilico.id, name: 'Basilico fresco', stock: null },
  );
  t.equal((await app.request({ method: 'DELETE', url: `/v1/ingredients/${m.basilico.id}` })).statusCode, 204);
  const food = (await app.request({ method: 'GET', url: `/v1/foods/${m.margherita.id}?include=ingredients` })).json();
  t.same(food.ingredients, [{ id: m.mozzarella.id, name: 'Mozzarella' }], 'a deleted ingredient leaves the food');
  t.equal((await app.request({ method: 'GET', url: `/v1/ingredients/${m.basilico.id}` })).statusCode, 404);
});

t.test('foods: fields, filters, non-admin view, ingredients, PATCH, PUT, 409, events', async (t) => {
  const app = await buildTestApp(t);
  const m = await menu(app);
  t.same(m.margherita, {
    id: m.margherita.id,
    name: 'Margherita',
    description: 'Classica',
    price: 7.5,
    categoryId: m.pizze.id,
    printerId: null,
    available: true,
    category: { id: m.pizze.id, name: 'Pizze', available: true, position: 1 },
    ingredients: [
      { id: m.mozzarella.id, name: 'Mozzarella' },
      { id: m.basilico.id, name: 'Basilico' },
    ],
    stock: null,
    portionsLeft: null,
    role: null,
    choices: [],
    position: 0,
    allergens: [],
  });
  const names = async (query: string, as: 'admin' | 'operator' = 'admin') =>
    (await app.request({ method: 'GET', url: `/v1/foods${query}`, as })).json().map((f: { name: string }) => f.name);
  t.same(await names(''), ['Margherita', 'Acqua', 'Birra'], 'admins see everything, in menu order');
  t.same(await names('', 'operator'), ['Margherita', 'Birra'], 'operators only available foods');
  t.same(await names('?available=false'), ['Acqua']);
  t.same(await names('?available=false', 'operator'), []);
  t.same(await names('?category=bevande'), ['Acqua', 'Birra'], 'category names, case-insensitive');
  t.same(await names('?category=Pizze&category=Bevande'), ['Margherita', 'Acqua', 'Birra']);
  t.same(await names('?category=Dolci'), []);
  const plain = (await app.request({ method: 'GET', url: '/v1/foods', as: 'operator' })).json();
  t.equal(plain[0].ingredients, undefined, 'ingredients only on request');
  const withIngredients = (
    await app.request({ method: 'GET', url: '/v1/foods?include=ingredients', as: 'operator' })
  ).json();
  t.equal(withIngredients[0].ingredients.length, 2);
  t.equal(
    (await app.request({ method: 'GET', url: `/v1/foods/${m.acqua.id}`, as: 'operator' })).json().available,
    false,
    'by id even when unavailable',
  );

  const mark = await lastEventId(app);
  const soldOut = await app.request({ method: 'PATCH', url: `/v1/foods/${m.birra.id}`, body: { available: false } });
  t.equal(soldOut.json().available, false);
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.birra.id}`, body: { printerId: m.kitchen.id } });
  await app.request({
    method: 'PUT',
    url: `/v1/foods/${m.birra.id}`,
    body: { name: 'Birra media', price: 4.5, categoryId: m.bevande.id, available: true },
  });
  t.same(
    (await eventsSince(app, mark)).map((e) => [e.name, e.payload]),
    [
      ['food-availability-changed', { foodId: m.birra.id, available: false }],
      ['food-availability-changed', { foodId: m.birra.id, available: true }],
    ],
  );
  const replaced = (await app.request({ method: 'GET', url: `/v1/foods/${m.birra.id}?include=ingredients` })).json();
  t.match(replaced, { name: 'Birra media', price: 4.5, printerId: null, ingredients: [] }, 'PUT replaces everything');

  t.equal(
    (
      await app.request({
        method: 'POST',
        url: '/v1/foods',
        body: { name: 'margherita', price: 1, categoryId: m.pizze.id, available: true },
      })
    ).statusCode,
    409,
  );
  t.equal(
    (
      await app.request({
        method: 'PUT',
        url: `/v1/foods/${m.birra.id}`,
        body: { name: 'MARGHERITA', price: 1, categoryId: m.pizze.id, available: true },
      })
    ).statusCode,
    409,
  );
  t.equal((await app.request({ method: 'DELETE', url: `/v1/foods/${m.acqua.id}` })).statusCode, 204);
  t.equal((await app.request({ method: 'GET', url: `/v1/foods/${m.acqua.id}` })).json().message, 'Food not found');
});

t.test('catalog bad input: 400 and nothing changes', async (t) => {
  const app = await buildTestApp(t);
  const m = await menu(app);
  const before = await snapshotTables(app, CATALOG);
  const unknown = 'c000000000000000000000000';
  const food = { name: 'Nuova', price: 5, categoryId: m.pizze.id, available: true };
  const cases: Array<[string, 'POST' | 'PUT' | 'PATCH', string, unknown]> = [
    ['price with 3 decimals', 'POST', '/v1/foods', { ...food, price: 1.005 }],
    ['negative price', 'POST', '/v1/foods', { ...food, price: -1 }],
    ['price as string', 'POST', '/v1/foods', { ...food, price: '5' }],
    ['missing available', 'POST', '/v1/foods', { name: 'x', price: 1, categoryId: m.pizze.id }],
    ['unknown category', 'POST', '/v1/foods', { ...food, categoryId: unknown }],
    ['unknown printer', 'POST', '/v1/foods', { ...food, printerId: unknown }],
    ['unknown ingredient', 'POST', '/v1/foods', { ...food, ingredients: [{ id: unknown }] }],
    [
      'ingredient twice',
      'POST',
      '/v1/foods',
      { ...food, ingredients: [{ id: m.mozzarella.id }, { id: m.mozzarella.id }] },
    ],
    ['empty name', 'POST', '/v1/foods', { ...food, name: '  ' }],
    ['empty PATCH', 'PATCH', `/v1/foods/${m.birra.id}`, {}],
    ['PATCH unknown printer', 'PATCH', `/v1/foods/${m.birra.id}`, { printerId: unknown }],
    ['PATCH available as string', 'PATCH', `/v1/foods/${m.birra.id}`, { available: 'no' }],
    ['category unknown printer', 'POST', '/v1/categories', { name: 'X', printerId: unknown }],
    ['category fractional position', 'POST', '/v1/categories', { name: 'X', position: 1.5 }],
    ['category empty PATCH', 'PATCH', `/v1/categories/${m.pizze.id}`, {}],
    ['ingredient empty name', 'POST', '/v1/ingredients', { name: '' }],
  ];
  for (const [name, method, url, body] of cases) {
    const response = await app.request({ method, url, body });
    t.equal(response.statusCode, 400, name);
  }
  t.equal((await app.request({ method: 'GET', url: '/v1/foods?available=maybe' })).statusCode, 400);
  t.equal((await app.request({ method: 'GET', url: '/v1/foods?include=everything' })).statusCode, 400);
  t.equal((await app.request({ method: 'GET', url: '/v1/foods/not-an-id' })).statusCode, 400);
  t.equal((await app.request({ method: 'PUT', url: `/v1/foods/${unknown}`, body: food })).statusCode, 404);
  t.same(await snapshotTables(app, CATALOG), before);
});

t.test('printers and registers: unique names whatever the case, 409 name-taken and nothing written', async (t) => {
  const app = await buildTestApp(t);
  const cucina = await post(app, '/v1/printers', { name: 'Cucina', ip: '10.0.0.5' });
  const bar = await post(app, '/v1/printers', { name: 'Bar', ip: '10.0.0.6' });
  const register = await post(app, '/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: cucina.id });
  await post(app, '/v1/cash-registers', { name: 'Cassa 2', defaultPrinterId: cucina.id });
  const before = await snapshotTables(app, ['printers', 'cash_registers']);
  const refused = [
    await app.request({ method: 'POST', url: '/v1/printers', body: { name: 'CUCINA', ip: '10.0.0.7' } }),
    await app.request({ method: 'PUT', url: `/v1/printers/${bar.id}`, body: { name: 'cucina', ip: '10.0.0.6' } }),
    await app.request({
      method: 'POST',
      url: '/v1/cash-registers',
      body: { name: 'cassa 1', defaultPrinterId: cucina.id },
    }),
    await app.request({
      method: 'PUT',
      url: `/v1/cash-registers/${register.id}`,
      body: { name: 'Cassa 2', defaultPrinterId: cucina.id, enabled: true },
    }),
  ];
  for (const response of refused) {
    t.equal(response.statusCode, 409, response.body);
    t.equal(response.json().code, 'name-taken');
  }
  t.same(await snapshotTables(app, ['printers', 'cash_registers']), before, 'nothing written');
  const renamed = await app.request({
    method: 'PUT',
    url: `/v1/cash-registers/${register.id}`,
    body: { name: 'CASSA 1', defaultPrinterId: cucina.id, enabled: true },
  });
  t.equal(renamed.statusCode, 200, 'its own name in another case is no clash');
});

t.test('deleting a printer clears the references to it', async (t) => {
  const app = await buildTestApp(t);
  const m = await menu(app);
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.birra.id}`, body: { printerId: m.kitchen.id } });
  const register = await post(app, '/v1/cash-registers', { name: 'Cassa', defaultPrinterId: m.kitchen.id });
  const deleted = await app.request({ method: 'DELETE', url: `/v1/printers/${m.kitchen.id}` });
  t.equal(deleted.statusCode, 200);
  t.equal((await app.request({ method: 'GET', url: `/v1/categories/${m.pizze.id}` })).json().printerId, null);
  t.equal((await app.request({ method: 'GET', url: `/v1/foods/${m.birra.id}` })).json().printerId, null);
  t.equal(
    (await app.request({ method: 'GET', url: `/v1/cash-registers/${register.id}` })).json().defaultPrinterId,
    null,
  );
});
