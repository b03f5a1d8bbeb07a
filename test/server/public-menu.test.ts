import t from 'tap';
import { PUBLIC_MENU_LIMIT } from '../../src/server/routes/public-menu.js';
import { buildTestApp } from '../helpers/app.js';
import { choicesMenu } from '../helpers/choices.js';
import { seedMenu } from '../helpers/seed.js';

// GET /v1/public/menu (docs/menu-page.md): no credential, only what is on sale, only what a customer may see, and
// a limit per address.

/**
 * Every key a public menu may carry: `allergens` and `choices` are on every food (empty when none); a group has
 * its id, name, `min`, `max` and options, an option its id, name, `priceDelta` and `available`. Never `foodId`
 * (the food a set menu's course stands for), a printer, a role or a category id.
 */
const ALLOWED_KEYS = new Set([
  'venue',
  'generatedAt',
  'categories',
  'name',
  'foods',
  'id',
  'description',
  'price',
  'portionsLeft',
  'allergens',
  'choices',
  'options',
  'min',
  'max',
  'priceDelta',
  'available',
]);

function keysOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

t.test('the menu without a credential: available foods by category, prices, portions, nothing internal', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.request({ method: 'PATCH', url: `/v1/foods/${menu.foods.beer}`, body: { stock: 3 } });
  await app.request({ method: 'PATCH', url: '/v1/venue', body: { name: 'Sagra del Fungo' } });
  await app.request({ method: 'PATCH', url: `/v1/categories/${menu.categories.desserts}`, body: { available: false } });
  const response = await app.request({ method: 'GET', url: '/v1/public/menu', as: 'none' });
  t.equal(response.statusCode, 200);
  const body = response.json();
  t.equal(body.venue, 'Sagra del Fungo');
  t.same(
    body.categories.map((category: { name: string; foods: Array<{ name: string }> }) => [
      category.name,
      category.foods.map((food) => food.name),
    ]),
    [
      ['Pizze', ['Diavola', 'Margherita']],
      ['Bevande', ['Birra']],
    ],
    'available foods of available categories, in the menu order (no water: switched off; no desserts: category off)',
  );
  t.same(body.categories[1].foods[0], {
    id: menu.foods.beer,
    name: 'Birra',
    description: '0,4 l',
    price: 4,
    portionsLeft: 3,
    allergens: [],
    choices: [],
  });
  const outside = [...keysOf(body)].filter((key) => !ALLOWED_KEYS.has(key));
  t.same(outside, [], 'no key outside the allow-list');
  const text = response.body;
  for (const secret of [menu.printers.kitchen, menu.printers.bar, menu.register, menu.categories.pizzas]) {
    t.notOk(text.includes(secret), `no internal id (${secret}) anywhere in the body`);
  }
});

t.test("allergens and choices go public; a course's food, the cover and the takeaway fee do not", async (t) => {
  const app = await buildTestApp(t);
  const menu = await choicesMenu(app, { tagliatelle: 0 });
  const post = async (body: Record<string, unknown>) => {
    const response = await app.request({ method: 'POST', url: '/v1/foods', body });
    t.equal(response.statusCode, 201, response.body);
    return response.json().id as string;
  };
  const cover = await post({
    name: 'Coperto',
    price: 1.5,
    categoryId: menu.categories.menus,
    available: true,
    role: 'COVER',
  });
  const fee = await post({
    name: 'Asporto',
    price: 0.5,
    categoryId: menu.categories.menus,
    available: true,
    role: 'TAKEAWAY_FEE',
  });
  // Given out of the list's order: the menu answers them in the EU list's order.
  const patched = await app.request({
    method: 'PATCH',
    url: `/v1/foods/${menu.pizza}`,
    body: { allergens: ['MILK', 'GLUTEN'] },
  });
  t.equal(patched.statusCode, 200, patched.body);
  const response = await app.request({ method: 'GET', url: '/v1/public/menu', as: 'none' });
  t.equal(response.statusCode, 200);
  const body = response.json();
  const foods = body.categories.flatMap((category: { foods: unknown[] }) => category.foods) as Array<{
    id: string;
    name: string;
    allergens: string[];
    choices: Array<{ id: string; name: string; min: number; max: number; options: Array<Record<string, unknown>> }>;
  }>;
  const byName = (name: string) => foods.find((food) => food.name === name);
  t.same(
    foods.map((food) => food.name).sort(),
    ['Margherita', 'Menu Pellegrino', 'Salsiccia e polenta', 'Tagliata di manzo'],
    'no cover, no takeaway fee, no run-out tagliatelle',
  );
  t.same(byName('Margherita')?.allergens, ['GLUTEN', 'MILK'], 'in the EU list order');
  t.same(byName('Tagliata di manzo')?.choices, [
    {
      id: menu.groups['Cottura'],
      name: 'Cottura',
      min: 1,
      max: 1,
      options: ['al sangue', 'media', 'ben cotta'].map((name) => ({
        id: menu.options[name],
        name,
        priceDelta: 0,
        available: true,
      })),
    },
    {
      id: menu.groups['Contorno'],
      name: 'Contorno',
      min: 0,
      max: 1,
      options: [
        { id: menu.options['patate'], name: 'patate', priceDelta: 1.5, available: true },
        { id: menu.options['senza contorno'], name: 'senza contorno', priceDelta: -2, available: true },
        { id: menu.options['funghi'], name: 'funghi', priceDelta: 2, available: false },
      ],
    },
  ]);
  t.same(
    byName('Menu Pellegrino')?.choices.map((group) => group.options),
    [
      [{ id: menu.options['Tagliatelle'], name: 'Tagliatelle', priceDelta: 0, available: false }],
      [{ id: menu.options['Salsiccia'], name: 'Salsiccia', priceDelta: 0, available: true }],
    ],
    'a course whose food ran out cannot be picked; neither says which food it is',
  );
  const outside = [...keysOf(body)].filter((key) => !ALLOWED_KEYS.has(key));
  t.same(outside, [], 'no key outside the allow-list');
  for (const secret of [
    menu.tagliatelle,
    cover,
    fee,
    ...Object.values(menu.printers),
    ...Object.values(menu.categories),
    menu.register,
  ]) {
    t.notOk(response.body.includes(secret), `no internal id (${secret}) anywhere in the body`);
  }
});

t.test('rate-limited per address: 429 with Retry-After past the limit, other addresses unaffected', async (t) => {
  const app = await buildTestApp(t);
  const get = (remoteAddress: string) =>
    app.runtime.app.inject({ method: 'GET', url: '/v1/public/menu', remoteAddress });
  for (let index = 0; index < PUBLIC_MENU_LIMIT.requests; index++) {
    const response = await get('10.0.0.7');
    if (response.statusCode !== 200) t.fail(`request ${index + 1}: ${response.statusCode}`);
  }
  const refused = await get('10.0.0.7');
  t.equal(refused.statusCode, 429);
  t.equal(refused.json().code, 'rate-limited');
  t.ok(Number(refused.headers['retry-after']) >= 1, 'says how long to wait');
  t.equal((await get('10.0.0.8')).statusCode, 200, 'another phone still gets the menu');
  app.clock.advance(PUBLIC_MENU_LIMIT.windowMs + 1);
  t.equal((await get('10.0.0.7')).statusCode, 200, 'after the window, served again');
});

t.test('/menu is served without a login, under the page policy; its script and style beside it', async (t) => {
  const app = await buildTestApp(t);
  const page = await app.request({ method: 'GET', url: '/menu', as: 'none' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-security-policy'], "script-src 'self'");
  t.match(page.body, /src="\/menu-page\/menu\.js"/);
  const script = await app.request({ method: 'GET', url: '/menu-page/menu.js', as: 'none' });
  t.equal(script.statusCode, 200);
  t.match(script.headers['content-type'], /javascript/);
  t.equal((await app.request({ method: 'GET', url: '/menu-page/..%2Fpos.db', as: 'none' })).statusCode, 400);
});
