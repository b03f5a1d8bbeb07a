import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type ChoicesMenu, choicesMenu } from '../helpers/choices.js';
import { eventsSince, lastEventId } from '../helpers/orders.js';
import { snapshotTables } from '../helpers/seed.js';

// Choices and set menus through the API (docs/catalog.md "Choices", docs/api.md "Choices"): the catalog keeps the
// groups, an order checks and prices them, a set menu's components go to their own stations with their own
// portions.

const TABLES = ['orders', 'order_items', 'order_item_choices', 'order_portions', 'events', 'ticket_counters', 'foods'];

function sell(app: TestApp, m: ChoicesMenu, orderItems: unknown[], confirm = true) {
  return app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: {
      table: '4',
      customer: 'Rossi',
      orderItems,
      ...(confirm ? { confirm: { paymentMethod: 'CASH', cashRegisterId: m.register } } : {}),
    },
  });
}

t.test('the catalog keeps a food’s groups: ids, order, a PUT without choices keeps them, names keep ids', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const food = (await app.request({ method: 'GET', url: `/v1/foods/${m.tagliata}`, as: 'operator' })).json();
  t.same(
    food.choices.map((group: { name: string; min: number; max: number; options: Array<{ name: string }> }) => [
      group.name,
      group.min,
      group.max,
      group.options.map((option) => option.name),
    ]),
    [
      ['Cottura', 1, 1, ['al sangue', 'media', 'ben cotta']],
      ['Contorno', 0, 1, ['patate', 'senza contorno', 'funghi']],
    ],
  );
  t.match(food.choices[1].options[1], { priceDelta: -2, foodId: null, available: true });
  t.match(food.choices[1].options[2], { available: false });
  const menu = (await app.request({ method: 'GET', url: `/v1/foods/${m.pellegrino}` })).json();
  t.equal(menu.choices[0].options[0].foodId, m.tagliatelle, 'a component names its food');
  const listed = (await app.request({ method: 'GET', url: '/v1/foods', as: 'operator' })).json();
  t.same(listed.find((f: { id: string }) => f.id === m.tagliata).choices, food.choices, 'the list shows them too');

  const base = { name: 'Tagliata di manzo', price: 15, categoryId: m.categories.secondi, available: true };
  const kept = await app.request({ method: 'PUT', url: `/v1/foods/${m.tagliata}`, body: base });
  t.equal(kept.statusCode, 200);
  t.same(kept.json().choices, food.choices, 'a PUT that leaves choices out keeps them');

  const renamed = await app.request({
    method: 'PUT',
    url: `/v1/foods/${m.tagliata}`,
    body: {
      ...base,
      choices: [
        { name: 'Cottura', min: 1, max: 1, options: [{ name: 'media' }, { name: 'ben cotta' }, { name: 'cruda' }] },
      ],
    },
  });
  t.equal(renamed.statusCode, 200);
  const [cottura] = renamed.json().choices;
  t.equal(cottura.id, m.groups['Cottura'], 'the group of the same name keeps its id');
  t.equal(cottura.options[0].id, m.options['media'], 'an option of the same name keeps its id');
  t.equal(cottura.options[1].id, m.options['ben cotta']);
  t.notOk(Object.values(m.options).includes(cottura.options[2].id), 'a new option gets a new id');
  const cleared = await app.request({ method: 'PUT', url: `/v1/foods/${m.tagliata}`, body: { ...base, choices: [] } });
  t.same(cleared.json().choices, [], 'an empty list removes them');
});

t.test('bad choices in the catalog: a clear 400 (or 409), nothing changed', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const cover = (
    await app.request({
      method: 'POST',
      url: '/v1/foods',
      body: { name: 'Coperto', price: 1.5, categoryId: m.categories.secondi, available: true, role: 'COVER' },
    })
  ).json().id as string;
  const before = await snapshotTables(app, ['foods', 'food_choice_groups', 'food_choice_options']);
  const put = (id: string, body: Record<string, unknown>) =>
    app.request({
      method: 'PUT',
      url: `/v1/foods/${id}`,
      body: { name: 'Piatto', price: 5, categoryId: m.categories.secondi, available: true, ...body },
    });
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    [
      'the cover charge as a component',
      m.tagliata,
      { choices: [{ name: 'G', options: [{ name: 'a', foodId: cover }] }] },
      'foodId',
    ],
    ['min above max', m.tagliata, { choices: [{ name: 'G', min: 2, max: 1, options: [{ name: 'a' }] }] }, 'min'],
    ['max 0', m.tagliata, { choices: [{ name: 'G', min: 0, max: 0, options: [{ name: 'a' }] }] }, 'max'],
    ['no options', m.tagliata, { choices: [{ name: 'G', options: [] }] }, 'options'],
    [
      'a group twice',
      m.tagliata,
      {
        choices: [
          { name: 'G', options: [{ name: 'a' }] },
          { name: 'g', options: [{ name: 'b' }] },
        ],
      },
      'choices',
    ],
    ['3 decimals', m.tagliata, { choices: [{ name: 'G', options: [{ name: 'a', priceDelta: 0.125 }] }] }, 'priceDelta'],
    ['below zero', m.tagliata, { choices: [{ name: 'G', options: [{ name: 'a', priceDelta: -5.01 }] }] }, 'choices'],
    [
      'unknown component',
      m.tagliata,
      { choices: [{ name: 'G', options: [{ name: 'a', foodId: 'c0123456789abcdefghijklmn' }] }] },
      'foodId',
    ],
    [
      'component with choices',
      m.tagliata,
      { choices: [{ name: 'G', options: [{ name: 'a', foodId: m.pizza }] }] },
      'foodId',
    ],
    [
      'its own component',
      m.tagliata,
      { choices: [{ name: 'G', options: [{ name: 'a', foodId: m.tagliata }] }] },
      'foodId',
    ],
    ['a component gains choices', m.tagliatelle, { choices: [{ name: 'G', options: [{ name: 'a' }] }] }, 'choices'],
  ];
  for (const [what, id, body, path] of cases) {
    const response = await put(id, body);
    t.equal(response.statusCode, 400, `${what}: ${response.body}`);
    t.match(response.json().details?.[0]?.path ?? '', path, `${what}: the detail names ${path}`);
  }
  const lowered = await app.request({
    method: 'PUT',
    url: `/v1/foods/${m.tagliata}`,
    body: { name: 'Tagliata di manzo', price: 1, categoryId: m.categories.secondi, available: true },
  });
  t.equal(lowered.statusCode, 400, 'a price the kept choices would take below 0');
  const deleted = await app.request({ method: 'DELETE', url: `/v1/foods/${m.tagliatelle}` });
  t.equal(deleted.statusCode, 409, 'a set menu’s component cannot be deleted');
  t.equal(deleted.json().code, 'in-use');
  t.same(await snapshotTables(app, ['foods', 'food_choice_groups', 'food_choice_options']), before, 'nothing changed');
});

t.test('an order prices its choices, shows them everywhere, and refuses what the menu does not offer', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const o = m.options;
  const since = await lastEventId(app);
  const created = await sell(
    app,
    m,
    [
      { foodId: m.tagliata, quantity: 2, choices: [o['senza contorno'], o['ben cotta']] },
      { foodId: m.tagliata, quantity: 1, choices: [o['al sangue'], o['patate']] },
      { foodId: m.pizza, quantity: 1, choices: [o['+ bufala'], o['+ olive']] },
      { foodId: m.pellegrino, quantity: 1, choices: [o['Tagliatelle'], o['Salsiccia']] },
    ],
    false,
  );
  t.equal(created.statusCode, 201, created.body);
  t.equal(created.json().total, '67.50', '2 × 12 + 15.50 + 10 + 18');
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${created.json().id}` })).json();
  // In the menu's category order (Menu, Pizze, Secondi), each line as it was given.
  const items = detail.categorizedItems.flatMap((group: { items: unknown[] }) => group.items);
  t.same(
    items.map((item: { food: { name: string }; unitPrice: number; choices: Array<{ name: string }> }) => [
      item.food.name,
      item.unitPrice,
      item.choices.map((choice) => choice.name),
    ]),
    [
      ['Menu Pellegrino', 18, ['Tagliatelle', 'Salsiccia']],
      ['Margherita', 10, ['+ bufala', '+ olive']],
      ['Tagliata di manzo', 12, ['ben cotta', 'senza contorno']],
      ['Tagliata di manzo', 15.5, ['al sangue', 'patate']],
    ],
    'the same food with other choices is another line; choices in the menu’s order',
  );
  t.same(items[2].choices[1], {
    id: o['senza contorno'],
    group: 'Contorno',
    name: 'senza contorno',
    priceDelta: -2,
    foodId: null,
  });
  t.equal(items[0].choices[0].foodId, m.tagliatelle);
  const [newOrder] = (await eventsSince(app, since)).filter((event) => event.name === 'new-order');
  t.same(newOrder?.payload['orderItems'][0].choices[1], { ...items[2].choices[1], priceDelta: '-2.00' });

  // An unavailable component: its food switched off (before the snapshot: the one change of this part).
  await app.request({ method: 'PATCH', url: `/v1/foods/${m.salsiccia}`, body: { available: false } });
  const before = await snapshotTables(app, TABLES);
  const refusals: Array<[string, unknown, string | undefined]> = [
    ['below min', { foodId: m.tagliata, quantity: 1, choices: [] }, m.groups['Cottura']],
    ['above max', { foodId: m.tagliata, quantity: 1, choices: [o['media'], o['ben cotta']] }, m.groups['Cottura']],
    ['unavailable', { foodId: m.tagliata, quantity: 1, choices: [o['media'], o['funghi']] }, m.groups['Contorno']],
    ['twice', { foodId: m.pizza, quantity: 1, choices: [o['+ olive'], o['+ olive']] }, m.groups['Aggiunte']],
    ['another food’s option', { foodId: m.pizza, quantity: 1, choices: [o['media']] }, undefined],
    ['a food without choices', { foodId: m.tagliatelle, quantity: 1, choices: [o['media']] }, undefined],
    ['no course', { foodId: m.pellegrino, quantity: 1, choices: [o['Tagliatelle']] }, m.groups['Secondo']],
  ];
  for (const [what, line, group] of refusals) {
    const response = await sell(app, m, [line]);
    t.equal(response.statusCode, 400, what);
    t.equal(response.json().code, 'choice-invalid', `${what}: choice-invalid`);
    t.match(response.json().details[0], { code: 'choice-invalid', path: /^body\.orderItems\.0\.choices/ });
    if (group) t.equal(response.json().details[0].group, group, `${what}: the detail names the group`);
    t.match(response.json().details[0].message, group ? /"(Cottura|Contorno|Aggiunte|Secondo)"/ : /offers no/);
  }
  const off = await sell(app, m, [{ foodId: m.pellegrino, quantity: 1, choices: [o['Tagliatelle'], o['Salsiccia']] }]);
  t.equal(off.json().code, 'choice-invalid', 'a component switched off');
  t.equal(off.json().details[0].group, m.groups['Secondo']);
  t.same(await snapshotTables(app, TABLES), before, 'no refused order wrote anything');
});

t.test('a set menu’s components go to their own stations; a steak goes with its cooking', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const o = m.options;
  const since = await lastEventId(app);
  const created = await sell(app, m, [
    { foodId: m.tagliata, quantity: 1, choices: [o['ben cotta']] },
    { foodId: m.pellegrino, quantity: 2, notes: 'senza formaggio', choices: [o['Tagliatelle'], o['Salsiccia']] },
  ]);
  t.equal(created.statusCode, 201, created.body);
  const jobs = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .select(['printer_id', 'kind', 'payload'])
    .where('order_id', '=', created.json().id)
    .orderBy('id')
    .execute();
  const station = (id: string | null) =>
    id === m.printers.grill ? 'Griglia' : id === m.printers.pasta ? 'Pasta' : id === m.printers.till ? 'Cassa' : id;
  const tickets = jobs.map((job) => {
    const payload = JSON.parse(job.payload) as {
      items: Array<{ quantity: number; name: string; choices?: Array<{ name: string }> }>;
    };
    return [
      job.kind,
      station(job.printer_id),
      payload.items.map((item) =>
        [`${item.quantity} ${item.name}`, ...(item.choices ?? []).map((choice) => `· ${choice.name}`)].join(' '),
      ),
    ];
  });
  t.same(
    tickets,
    [
      ['kitchen', 'Griglia', ['1 Tagliata di manzo · ben cotta', '2 Salsiccia e polenta — Menu Pellegrino']],
      ['kitchen', 'Pasta', ['2 Tagliatelle al ragù — Menu Pellegrino']],
      ['receipt', 'Cassa', ['1 Tagliata di manzo · ben cotta', '2 Menu Pellegrino · Tagliatelle · Salsiccia']],
    ],
    'no ticket for "a menu" at the register’s printer: only its courses go out, each to its station',
  );
  const pasta = (
    await app.request({ method: 'GET', url: `/v1/stations/${m.printers.pasta}/orders`, as: 'operator' })
  ).json();
  t.match(pasta[0].items, [
    { foodId: m.tagliatelle, name: 'Tagliatelle al ragù — Menu Pellegrino', quantity: 2, optionId: o['Tagliatelle'] },
  ]);
  t.equal(pasta[0].items.length, 1);
  const grill = (
    await app.request({ method: 'GET', url: `/v1/stations/${m.printers.grill}/orders`, as: 'operator' })
  ).json();
  t.same(
    grill[0].items.map((item: { name: string; choices: Array<{ name: string }> }) => [
      item.name,
      item.choices.map((c) => c.name),
    ]),
    [
      ['Tagliata di manzo', ['ben cotta']],
      ['Salsiccia e polenta — Menu Pellegrino', []],
    ],
  );
  const printer = (await eventsSince(app, since)).find(
    (event) => event.channel === 'printer' && event.name === 'confirmed-order',
  );
  t.same(
    printer?.payload['orderItems'][1].choices.map((c: { name: string; foodId: string | null }) => [c.name, c.foodId]),
    [
      ['Tagliatelle', m.tagliatelle],
      ['Salsiccia', m.salsiccia],
    ],
    'the printer channel’s items carry their choices',
  );
  // Both stations done: the order is complete.
  for (const printerId of [m.printers.grill, m.printers.pasta]) {
    const done = await app.request({
      method: 'PATCH',
      url: `/v1/orders/${created.json().id}/stations/${printerId}`,
      as: 'operator',
      body: { status: 'DONE' },
    });
    t.equal(done.statusCode, 200, done.body);
  }
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${created.json().id}` })).json();
  t.equal(detail.status, 'COMPLETED');
});

t.test('components take their food’s portions, one per unit, and a cancellation gives them back', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app, { tagliatelle: 3 });
  const o = m.options;
  const menuLine = (quantity: number) => ({
    foodId: m.pellegrino,
    quantity,
    choices: [o['Tagliatelle'], o['Salsiccia']],
  });
  const left = async () =>
    (await app.request({ method: 'GET', url: `/v1/foods/${m.tagliatelle}` })).json().portionsLeft as number;
  const first = await sell(app, m, [menuLine(2)]);
  t.equal(first.statusCode, 201);
  t.equal(await left(), 1, 'two menus took two tagliatelle');
  const short = await sell(app, m, [menuLine(1), { foodId: m.tagliatelle, quantity: 1 }]);
  t.equal(short.statusCode, 409, 'a menu and a plate of tagliatelle want 2, 1 is left');
  t.match(short.json(), { code: 'portions-short', details: [{ foodId: m.tagliatelle, requested: 2, left: 1 }] });
  const pending = await sell(app, m, [menuLine(1)], false);
  const confirmed = await app.request({
    method: 'POST',
    url: `/v1/orders/${pending.json().id}/confirm`,
    as: 'operator',
    body: { paymentMethod: 'CARD' },
  });
  t.equal(confirmed.statusCode, 200, 'a pending menu confirmed takes its component');
  t.equal(await left(), 0);
  t.equal(
    (await sell(app, m, [menuLine(1)])).statusCode,
    409,
    'sold out by running out: refused as short, not as an invalid choice',
  );
  const cancelled = await app.request({ method: 'DELETE', url: `/v1/orders/${first.json().id}` });
  t.equal(cancelled.statusCode, 204);
  t.equal(await left(), 2, 'the cancelled order gave its two back');
});

t.test('parallel orders sharing a component never oversell it', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app, { tagliatelle: 10 });
  const o = m.options;
  const menuLine = { foodId: m.pellegrino, quantity: 1, choices: [o['Tagliatelle'], o['Salsiccia']] };
  const pending = [];
  for (let i = 0; i < 10; i++) pending.push((await sell(app, m, [menuLine], false)).json());
  // Created-and-confirmed menus, plates of the component itself, pending menus confirmed: all at once.
  const responses = await Promise.all([
    ...pending.map((order) =>
      app.request({
        method: 'POST',
        url: `/v1/orders/${order.id}/confirm`,
        as: 'operator',
        body: { paymentMethod: 'CASH' },
      }),
    ),
    ...Array.from({ length: 10 }, () => sell(app, m, [menuLine])),
    ...Array.from({ length: 10 }, () => sell(app, m, [{ foodId: m.tagliatelle, quantity: 1 }])),
  ]);
  const ok = responses.filter((r) => r.statusCode === 200 || r.statusCode === 201).length;
  const refused = responses.filter((r) => r.statusCode === 409).length;
  t.same([ok, refused], [10, 20], 'exactly the ten portions were sold');
  t.equal((await app.request({ method: 'GET', url: `/v1/foods/${m.tagliatelle}` })).json().portionsLeft, 0);
  const taken = await app.runtime.storage.db
    .selectFrom('order_portions')
    .select((eb) => eb.fn.sum<number>('units').as('units'))
    .where('food_id', '=', m.tagliatelle)
    .executeTakeFirstOrThrow();
  t.equal(Number(taken.units), 10, 'the ledger took ten');
});

t.test('reports count a menu’s revenue on the menu and its components in componentStats', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const o = m.options;
  const menuLine = { foodId: m.pellegrino, quantity: 2, choices: [o['Tagliatelle'], o['Salsiccia']] };
  t.equal((await sell(app, m, [menuLine, { foodId: m.tagliatelle, quantity: 1 }])).statusCode, 201);
  t.equal((await sell(app, m, [{ ...menuLine, quantity: 1 }])).statusCode, 201);
  t.equal((await sell(app, m, [{ ...menuLine, quantity: 5 }], false)).statusCode, 201, 'pending: not counted');
  app.clock.advance(60_000);
  const [report] = (await app.request({ method: 'GET', url: '/v1/reports?from=2026-11-21&groupBy=all' })).json();
  t.same(report.componentStats, [
    { foodId: m.salsiccia, foodName: 'Salsiccia e polenta', quantity: 3 },
    { foodId: m.tagliatelle, foodName: 'Tagliatelle al ragù', quantity: 3 },
  ]);
  const foods = report.categoryStats.flatMap((c: { foodStats: Array<{ foodName: string }> }) => c.foodStats);
  t.same(
    foods.map((f: { foodName: string; quantity: number; revenue: number }) => [f.foodName, f.quantity, f.revenue]),
    [
      ['Menu Pellegrino', 3, 54],
      ['Tagliatelle al ragù', 1, 8],
    ],
    'the revenue is the menu’s; the tagliatelle count only the plate sold as itself',
  );
  t.equal(report.totalRevenue, 62);
});

t.test('a price lowered under a negative choice since (a menu import) never sells below nothing', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const imported = await app.request({
    method: 'POST',
    url: '/v1/menu/import',
    body: { foods: [{ category: 'Secondi', name: 'Tagliata di manzo', price: 1 }] },
  });
  t.equal(imported.statusCode, 200, imported.body);
  const before = await snapshotTables(app, TABLES);
  const refused = await sell(app, m, [
    { foodId: m.tagliata, quantity: 1, choices: [m.options['media'], m.options['senza contorno']] },
  ]);
  t.equal(refused.statusCode, 400);
  t.equal(refused.json().code, 'choice-invalid');
  t.same(await snapshotTables(app, TABLES), before, 'nothing written');
});
