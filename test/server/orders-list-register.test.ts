import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// `cashRegisterId` on GET /v1/orders (extension): a till lists today's orders of its own register.
t.test('list: cashRegisterId keeps the orders confirmed at that register', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const items = [{ foodId: menu.foods.margherita, quantity: 1 }];
  const other = await app.request({
    method: 'POST',
    url: '/v1/cash-registers',
    body: { name: 'Cassa 3', defaultPrinterId: menu.printers.till },
    as: 'admin',
  });
  const otherRegister = (other.json() as { id: string }).id;
  const here = await createOrder(app, {
    table: '1',
    customer: 'Here',
    orderItems: items,
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
  });
  await createOrder(app, {
    table: '2',
    customer: 'Elsewhere',
    orderItems: items,
    confirm: { paymentMethod: 'CASH', cashRegisterId: otherRegister },
  });
  await createOrder(app, { table: '3', customer: 'Nowhere', orderItems: items, confirm: { paymentMethod: 'CARD' } });
  await createOrder(app, { table: '4', customer: 'Pending', orderItems: items });
  const list = async (query: string) => {
    const response = await app.request({ method: 'GET', url: `/v1/orders${query}`, as: 'operator' });
    return { status: response.statusCode, body: response.json() };
  };
  const mine = await list(`?cashRegisterId=${menu.register}`);
  t.equal(mine.status, 200);
  t.same(
    mine.body.orders.map((o: { id: number }) => o.id),
    [here.id],
    'only the order of that register',
  );
  t.equal(mine.body.pagination.totalItems, 1);
  t.equal(
    (await list(`?cashRegisterId=${menu.register}&search=Elsewhere`)).body.orders.length,
    0,
    'combines with the search',
  );
  t.equal(
    (await list('?cashRegisterId=c000000000000000000000000')).body.orders.length,
    0,
    'an unknown register lists nothing',
  );
  t.equal((await list('')).body.pagination.totalItems, 4, 'without it, every order');
  const before = await snapshotTables(app);
  const bad = await list('?cashRegisterId=not-an-id');
  t.equal(bad.status, 400);
  t.match(bad.body, {
    statusCode: 400,
    code: 'validation',
    error: 'Bad Request',
    details: [{ path: 'querystring.cashRegisterId', code: 'not-an-id' }],
  });
  t.same(await snapshotTables(app), before, 'changes nothing');
});
