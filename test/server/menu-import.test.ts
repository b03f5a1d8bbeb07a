import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { eventsSince, lastEventId } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// POST /v1/menu/import: the whole menu in one write. Foods matched by name whatever the case, categories created
// as needed, a dry run that writes nothing, and any problem refuses the whole list.

const TABLES = ['foods', 'categories', 'events'];

t.test('a dry run says what would change and writes nothing; the import then does exactly that', async (t) => {
  const app = await buildTestApp(t);
  await seedMenu(app);
  const body = {
    foods: [
      { category: 'Pizze', name: 'margherita', price: 8, description: 'Pomodoro e mozzarella' },
      { category: 'pizze', name: 'Diavola', price: 8.5 },
      { category: 'Bevande', name: 'Birra', price: 4, description: '0,4 l', printer: 'bar', stock: 120 },
      {
        category: 'Primi',
        name: 'Polenta e funghi',
        price: 9,
        description: 'con porcini',
        printer: 'Kitchen',
        stock: 50,
      },
      { category: 'Dolci', name: 'Tiramisù', price: 4.5 },
    ],
  };
  const before = await snapshotTables(app, TABLES);
  const dry = await app.request({ method: 'POST', url: '/v1/menu/import', body: { ...body, dryRun: true } });
  t.equal(dry.statusCode, 200, dry.body);
  const expected = {
    added: [{ name: 'Polenta e funghi', category: 'Primi' }],
    changed: [
      { name: 'margherita', category: 'Pizze', fields: ['name', 'price'] },
      { name: 'Birra', category: 'Bevande', fields: ['printer', 'stock'] },
    ],
    unchanged: ['Diavola', 'Tiramisù'],
    categoriesAdded: ['Primi'],
  };
  t.same(dry.json(), { dryRun: true, ...expected });
  t.same(await snapshotTables(app, TABLES), before, 'the dry run wrote nothing');

  const mark = await lastEventId(app);
  const applied = await app.request({ method: 'POST', url: '/v1/menu/import', body });
  t.same(applied.json(), { dryRun: false, ...expected });
  const foods = (await app.request({ method: 'GET', url: '/v1/foods' })).json() as Array<Record<string, any>>;
  const byName = new Map(foods.map((food) => [food.name, food]));
  t.match(byName.get('margherita'), { price: 8 });
  t.match(byName.get('Birra'), { stock: 120, portionsLeft: 120 });
  t.match(byName.get('Polenta e funghi'), {
    price: 9,
    description: 'con porcini',
    stock: 50,
    available: true,
    category: { name: 'Primi' },
  });
  t.match(
    await eventsSince(app, mark),
    [{ name: 'food-stock-changed', payload: { portionsLeft: 120 } }],
    'the tills hear of the new count',
  );

  const again = await app.request({ method: 'POST', url: '/v1/menu/import', body });
  t.same(again.json().unchanged.length, 5, 'the same list again changes nothing');
});

t.test('a printer no one has, a food listed twice, a bad price: 400 at each row, and nothing changes', async (t) => {
  const app = await buildTestApp(t);
  await seedMenu(app);
  const before = await snapshotTables(app, TABLES);
  const bad = await app.request({
    method: 'POST',
    url: '/v1/menu/import',
    body: {
      foods: [
        { category: 'Nuova', name: 'Polenta', price: 9 },
        { category: 'Pizze', name: 'Margherita', price: 8, printer: 'Forno' },
        { category: 'Pizze', name: 'POLENTA', price: 9 },
      ],
    },
  });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().details, [
    { path: 'body.foods.1.printer', message: 'unknown printer', code: 'unknown-printer' },
    { path: 'body.foods.2.name', message: 'same food as foods.0', code: 'duplicate-food', other: 0 },
  ]);
  const price = await app.request({
    method: 'POST',
    url: '/v1/menu/import',
    body: { foods: [{ category: 'Pizze', name: 'X', price: 1.234 }] },
  });
  t.equal(price.statusCode, 400);
  t.match(price.json().details, [{ path: 'body.foods.0.price', code: 'not-an-amount' }]);
  t.equal(
    (await app.request({ method: 'POST', url: '/v1/menu/import', body: { foods: [] } })).statusCode,
    400,
    'an empty list',
  );
  const operator = await app.request({
    method: 'POST',
    url: '/v1/menu/import',
    as: 'operator',
    body: { foods: [{ category: 'A', name: 'B', price: 1 }] },
  });
  t.equal(operator.statusCode, 403, 'admin only');
  t.same(await snapshotTables(app, TABLES), before, 'nothing changed');
});
