import t from 'tap';
import { buildTestApp, type TestApp, type TestLike } from '../helpers/app.js';
import { createOrder, eventsSince } from '../helpers/orders.js';
import { type SeededMenu, seedMenu, snapshotTables } from '../helpers/seed.js';
import { everyOf } from '../helpers/assert.js';

// Covers (coperto) and service (asporto), through the API (docs/api.md, "Covers and service"). The cover food sits
// in the pizzas' category, which routes to the kitchen: its line must reach no kitchen all the same.

async function setup(t: TestLike) {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const food = async (name: string, price: number, role: string | null) => {
    const response = await app.request({
      method: 'POST',
      url: '/v1/foods',
      as: 'admin',
      body: { name, price, categoryId: menu.categories.pizzas, available: true, role },
    });
    if (response.statusCode !== 201) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    return response.json().id as string;
  };
  const cover = await food('Coperto', 1.5, 'COVER');
  const fee = await food('Contenitore asporto', 0.5, 'TAKEAWAY_FEE');
  return { app, menu, cover, fee };
}

const margherita = (menu: SeededMenu, quantity = 2) => [{ foodId: menu.foods.margherita, quantity }];
const paid = (menu: SeededMenu) => ({ paymentMethod: 'CASH', cashRegisterId: menu.register });

async function detail(app: TestApp, id: number) {
  const response = await app.request({ method: 'GET', url: `/v1/orders/${id}`, as: 'operator' });
  const body = response.json();
  const lines = body.categorizedItems.flatMap((group: { items: unknown[] }) => group.items) as Array<{
    quantity: number;
    total: number;
    role: string | null;
    food: { id: string };
  }>;
  return { body, lines };
}

t.test('a table of 4 gets the cover line × 4, appended by the server; the order says covers and service', async (t) => {
  const { app, menu, cover } = await setup(t);
  const order = await createOrder(app, { table: '3', customer: 'Rossi', orderItems: margherita(menu), covers: 4 });
  const { body, lines } = await detail(app, order.id);
  t.equal(body.covers, 4);
  t.equal(body.service, 'TABLE');
  const coverLine = lines.find((line) => line.food.id === cover);
  t.match(coverLine, { quantity: 4, total: 6, role: 'COVER' }, 'cover × 4 at 1.50');
  t.equal(body.total, '21.00', '2 margherita (15.00) + 4 covers (6.00)');
  const list = await app.request({ method: 'GET', url: '/v1/orders', as: 'operator' });
  t.match(list.json().orders[0], { id: order.id, covers: 4, service: 'TABLE' }, 'the list row carries them');
  const [created] = (await eventsSince(app)).filter((event) => event.name === 'new-order');
  t.match(created?.payload, { covers: 4, service: 'TABLE' }, 'the new-order record carries them');
});

t.test('a cover line the client sends wins: covers 4 with 2 paid (two children eat free)', async (t) => {
  const { app, menu, cover } = await setup(t);
  const order = await createOrder(app, {
    table: '3',
    customer: 'Rossi',
    orderItems: [...margherita(menu), { foodId: cover, quantity: 2 }],
    covers: 4,
  });
  const { body, lines } = await detail(app, order.id);
  const covers = lines.filter((line) => line.food.id === cover);
  t.same(
    covers.map((line) => line.quantity),
    [2],
    'one cover line, of 2',
  );
  t.equal(body.covers, 4);
  t.equal(body.total, '18.00');
});

t.test('a takeaway order gets one takeaway-fee line; covers 0 at a table get none', async (t) => {
  const { app, menu, cover, fee } = await setup(t);
  const away = await createOrder(app, {
    table: '-',
    customer: 'Bianchi',
    orderItems: margherita(menu, 1),
    service: 'TAKEAWAY',
  });
  const { body, lines } = await detail(app, away.id);
  t.equal(body.service, 'TAKEAWAY');
  t.equal(body.covers, 0);
  t.match(
    lines.find((line) => line.food.id === fee),
    { quantity: 1, role: 'TAKEAWAY_FEE' },
  );
  t.notOk(
    lines.some((line) => line.food.id === cover),
    'no cover on a takeaway',
  );
  const plain = await createOrder(app, { table: '4', customer: 'Verdi', orderItems: margherita(menu, 1) });
  const plainLines = (await detail(app, plain.id)).lines;
  t.same(
    plainLines.map((line) => line.food.id),
    [menu.foods.margherita],
    'no covers asked, no line',
  );
});

t.test('no role food on the menu (or switched off), no line', async (t) => {
  const { app, menu, cover } = await setup(t);
  const off = await app.request({
    method: 'PATCH',
    url: `/v1/foods/${cover}`,
    as: 'admin',
    body: { available: false },
  });
  t.equal(off.statusCode, 200);
  const order = await createOrder(app, { table: '3', customer: 'Rossi', orderItems: margherita(menu), covers: 3 });
  const { body, lines } = await detail(app, order.id);
  t.equal(lines.length, 1, 'only the margherita');
  t.equal(body.covers, 3, 'the covers are still counted');
  const noRole = await app.request({ method: 'PATCH', url: `/v1/foods/${cover}`, as: 'admin', body: { role: null } });
  t.equal(noRole.json().role, null, 'a role can be taken off');
});

t.test('TAKEAWAY with covers is 400 with its detail code, and changes nothing', async (t) => {
  const { app, menu } = await setup(t);
  const before = await snapshotTables(app);
  for (const body of [
    { table: '3', customer: 'R', orderItems: margherita(menu), covers: 2, service: 'TAKEAWAY' },
    { table: '3', customer: 'R', orderItems: margherita(menu), covers: 100 },
    { table: '3', customer: 'R', orderItems: margherita(menu), covers: -1 },
    { table: '3', customer: 'R', orderItems: margherita(menu), covers: 1.5 },
    { table: '3', customer: 'R', orderItems: margherita(menu), service: 'DELIVERY' },
  ]) {
    const response = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body });
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.equal(response.json().code, 'validation');
  }
  const refused = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: { table: '3', customer: 'R', orderItems: margherita(menu), covers: 2, service: 'TAKEAWAY' },
  });
  t.match(refused.json().details, [{ path: 'body.covers', code: 'takeaway-with-covers' }]);
  t.same(await snapshotTables(app), before, 'nothing written');
});

t.test('one food per role: a second is 409 role-taken, on create, replace and patch', async (t) => {
  const { app, menu, cover } = await setup(t);
  const body = {
    name: 'Coperto bambini',
    price: 1,
    categoryId: menu.categories.pizzas,
    available: true,
    role: 'COVER',
  };
  const created = await app.request({ method: 'POST', url: '/v1/foods', as: 'admin', body });
  t.equal(created.statusCode, 409);
  t.equal(created.json().code, 'role-taken');
  const patched = await app.request({
    method: 'PATCH',
    url: `/v1/foods/${menu.foods.water}`,
    as: 'admin',
    body: { role: 'TAKEAWAY_FEE' },
  });
  t.equal(patched.statusCode, 409);
  t.equal(patched.json().code, 'role-taken');
  const replaced = await app.request({
    method: 'PUT',
    url: `/v1/foods/${menu.foods.water}`,
    as: 'admin',
    body: { ...body, name: 'Acqua' },
  });
  t.equal(replaced.statusCode, 409);
  // The holder itself may be replaced with its role; a PUT that leaves `role` out keeps it.
  const kept = await app.request({
    method: 'PUT',
    url: `/v1/foods/${cover}`,
    as: 'admin',
    body: { name: 'Coperto', price: 2, categoryId: menu.categories.pizzas, available: true },
  });
  t.equal(kept.statusCode, 200, kept.body);
  t.equal(kept.json().role, 'COVER');
  const bad = await app.request({ method: 'PATCH', url: `/v1/foods/${cover}`, as: 'admin', body: { role: 'WINE' } });
  t.equal(bad.statusCode, 400);
});

t.test('role lines go to no kitchen: the tickets and station cards say COVERS / TAKEAWAY instead', async (t) => {
  const { app, menu, cover, fee } = await setup(t);
  const table = await createOrder(app, {
    table: '3',
    customer: 'Rossi',
    orderItems: margherita(menu),
    covers: 4,
    confirm: paid(menu),
  });
  const away = await createOrder(app, {
    table: '-',
    customer: 'Bianchi',
    orderItems: margherita(menu, 1),
    service: 'TAKEAWAY',
    confirm: paid(menu),
  });
  const jobs = await app.runtime.storage.db.selectFrom('print_jobs').selectAll().orderBy('id').execute();
  const kitchen = jobs.filter((job) => job.kind === 'kitchen').map((job) => JSON.parse(job.payload));
  t.equal(kitchen.length, 2, 'one kitchen ticket per order, none unroutable');
  everyOf(
    t,
    kitchen,
    (payload) => payload.items.every((item: { name: string }) => item.name === 'Margherita'),
    'kitchen tickets list only food',
  );
  t.match(kitchen[0], { orderId: table.id, covers: 4, service: 'TABLE' });
  t.match(kitchen[1], { orderId: away.id, covers: 0, service: 'TAKEAWAY' });
  const receipts = jobs.filter((job) => job.kind === 'receipt').map((job) => JSON.parse(job.payload));
  t.same(
    receipts.map((payload) => payload.items.map((item: { name: string }) => item.name)),
    [
      ['Margherita', 'Coperto'],
      ['Margherita', 'Contenitore asporto'],
    ],
    'the receipts list the role lines',
  );

  const station = await app.request({
    method: 'GET',
    url: `/v1/stations/${menu.printers.kitchen}/orders`,
    as: 'operator',
  });
  const cards = station.json() as Array<{
    id: number;
    covers: number;
    service: string;
    items: Array<{ foodId: string }>;
  }>;
  t.match(
    cards.map(({ id, covers, service }) => ({ id, covers, service })),
    [
      { id: table.id, covers: 4, service: 'TABLE' },
      { id: away.id, covers: 0, service: 'TAKEAWAY' },
    ],
  );
  everyOf(
    t,
    cards,
    (card) => card.items.every((item) => item.foodId !== cover && item.foodId !== fee),
    'station cards have no role lines',
  );
  const printerEvents = (await eventsSince(app)).filter((event) => event.name === 'confirmed-order');
  const routed = printerEvents.flatMap((event) =>
    (
      (event.payload as { orderItems?: Array<{ foodId: string; food?: { printerId: string | null } }> }).orderItems ??
      []
    ).filter((item) => item.foodId === cover || item.foodId === fee),
  );
  t.ok(routed.length >= 2, 'the printer channel carries the role lines');
  everyOf(t, routed, (item) => item.food?.printerId === null, 'routed to no printer');
});

t.test('a confirmation that replaces the lines keeps the order’s covers and their line', async (t) => {
  const { app, menu, cover } = await setup(t);
  const order = await createOrder(app, { table: '3', customer: 'Rossi', orderItems: margherita(menu), covers: 2 });
  const confirmed = await app.request({
    method: 'POST',
    url: `/v1/orders/${order.id}/confirm`,
    as: 'operator',
    body: { ...paid(menu), orderItems: margherita(menu, 1) },
  });
  t.equal(confirmed.statusCode, 200, confirmed.body);
  t.match(confirmed.json(), { covers: 2, service: 'TABLE', total: '10.50' });
  const { lines } = await detail(app, order.id);
  t.match(
    lines.find((line) => line.food.id === cover),
    { quantity: 2 },
  );
});
