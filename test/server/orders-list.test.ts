import t from 'tap';
import { withAnotherConnection } from '../helpers/engine.js';
import { buildTestApp } from '../helpers/app.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

t.test('list: pagination, filters, search, sorting', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const item = [{ foodId: menu.foods.margherita, quantity: 1 }];
  const made = [];
  const customers = ['Rossi', 'Bianchi', 'Verdi', 'Ross_a', 'Neri'];
  for (let i = 0; i < 25; i++) {
    app.clock.advance(60_000);
    const confirm = i % 2 === 0 ? { paymentMethod: 'CASH' } : undefined;
    const qty = (i % 3) + 1;
    made.push(
      await createOrder(app, {
        table: `T${i}`,
        customer: customers[i % 5],
        orderItems: [{ ...item[0], quantity: qty }],
        ...(confirm ? { confirm } : {}),
      }),
    );
  }
  const list = async (query: string) => {
    const response = await app.request({ method: 'GET', url: `/v1/orders${query}`, as: 'operator' });
    t.equal(response.statusCode, 200, query);
    return response.json();
  };

  const first = await list('');
  t.equal(first.orders.length, 20, 'default limit 20');
  t.same(first.pagination, { currentPage: 1, totalItems: 25, totalPages: 2 });
  t.equal(first.orders[0].id, made[24]!.id, 'newest first by default');
  t.same(Object.keys(first.orders[0]).sort(), [
    'completedAt',
    'confirmedAt',
    'covers',
    'createdAt',
    'customer',
    'displayCode',
    'id',
    'paymentMethod',
    'service',
    'stations',
    'status',
    'subTotal',
    'table',
    'ticketNumber',
    'total',
  ]);
  t.match(first.orders[0], { status: 'confirmed', subTotal: '7.50', table: 'T24', customer: 'Neri' });
  t.equal((await list('?page=2')).orders.length, 5);
  t.same((await list('?page=3')).orders, [], 'past the last page: empty');
  t.equal((await list('?limit=100')).orders.length, 25);

  t.equal((await list('?status=pending')).pagination.totalItems, 12);
  t.equal((await list('?status=CONFIRMED&status=pending')).pagination.totalItems, 25);
  t.equal(
    (await list(`?displayCode=${made[3]!.displayCode.toLowerCase()}`)).orders[0].id,
    made[3]!.id,
    'displayCode matches case-insensitively',
  );
  t.equal((await list('?search=ross')).pagination.totalItems, 10, 'customer substring, case-insensitive');
  t.equal((await list('?search=ross_')).pagination.totalItems, 5, 'LIKE wildcards are literal');
  t.equal((await list('?search=T1')).pagination.totalItems, 11, 'table substring: T1, T10..T19');
  t.same(
    (await list(`?search=${made[7]!.displayCode}`)).orders.map((o: { id: number }) => o.id),
    [made[7]!.id],
    'search by code',
  );
  const ticket5 = await list('?search=5');
  t.ok(
    ticket5.orders.some((o: { ticketNumber: number }) => o.ticketNumber === 5),
    'a number matches the ticket number',
  );

  const byTicket = await list('?sortBy=ticketNumber&order=asc&limit=100');
  const tickets = byTicket.orders.map((o: { ticketNumber: number | null }) => o.ticketNumber);
  t.same(tickets.slice(0, 13), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  t.same(tickets.slice(13), Array(12).fill(null), 'orders without a ticket come last');
  const byTotal = (await list('?sortBy=total&order=desc&limit=100')).orders.map((o: { total: string }) =>
    Number(o.total),
  );
  t.same(
    byTotal,
    [...byTotal].sort((a, b) => b - a),
  );
  const oldest = await list('?order=asc&limit=1');
  t.equal(oldest.orders[0].id, made[0]!.id);

  const from = '2026-11-21T17:05:00.000Z';
  const to = '2026-11-21T17:10:00.000Z';
  t.equal((await list(`?dateFrom=${from}&dateTo=${to}`)).pagination.totalItems, 6, 'inclusive bounds');
  t.equal(
    (await list('?dateFrom=2026-11-21T18:05%2B01:00&dateTo=2026-11-21T17:10Z')).pagination.totalItems,
    6,
    'bounds to the minute, with an offset or Z',
  );
  t.equal(
    (await list('?dateFrom=2026-11-21&dateTo=2026-11-21')).pagination.totalItems,
    25,
    'plain dates are whole venue days',
  );
  t.equal((await list('?dateFrom=2026-11-22')).pagination.totalItems, 0);
});

t.test('list: bad queries are 400', async (t) => {
  const app = await buildTestApp(t);
  for (const query of [
    'page=0',
    'page=abc',
    'limit=0',
    'limit=101',
    'limit=2.5',
    'sortBy=customer',
    'order=up',
    'status=ready',
    'dateFrom=yesterday',
    'dateTo=2026-13-01',
    'dateFrom=2026-11-21T17:60Z',
  ]) {
    const response = await app.request({ method: 'GET', url: `/v1/orders?${query}`, as: 'operator' });
    t.equal(response.statusCode, 400, query);
  }
});

t.test('list: a page asked again is the same until anything changes, by this server or another process', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const order = { table: '4', customer: 'Rossi', orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }] };
  await createOrder(app, order);
  const page = async () => (await app.request({ method: 'GET', url: '/v1/orders?search=ross', as: 'operator' })).json();
  const first = await page();
  t.equal(first.pagination.totalItems, 1);
  t.same(await page(), first, 'asked again');
  const second = await createOrder(app, order);
  t.same(
    (await page()).orders.map((o: { id: number }) => o.id),
    [second.id, first.orders[0].id],
    'a new order shows at once',
  );
  await app.request({ method: 'PATCH', url: `/v1/orders/${second.id}`, as: 'operator', body: { status: 'PICKED_UP' } });
  t.equal((await page()).orders[0].status, 'picked_up', 'so does a status change');
  // Another process writing the same database (a CLI, a restore, another instance on PostgreSQL): seen too.
  await withAnotherConnection(app, (db) =>
    db.updateTable('orders').set({ customer: 'Rossini' }).where('id', '=', second.id).execute(),
  );
  t.equal((await page()).orders[0].customer, 'Rossini', 'a change by another connection');
});
