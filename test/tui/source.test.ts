import { decimalToCents } from '../../src/api/money.js';
import t from 'tap';
import type { CashierEvent } from '../../src/api/events.js';
import { ApiError } from '../../src/client/errors.js';
import { PosClient } from '../../src/client/http.js';
import { httpSource } from '../../src/tui/source.js';
import { buildTestApp } from '../helpers/app.js';
import { lines, order, stockMenu } from '../helpers/stock.js';
import { waitFor } from '../helpers/wait.js';
import { everyOf } from '../helpers/assert.js';

// The dashboard's real source against the whole appliance on 127.0.0.1: what the fake of the App tests stands in for
// (portions left and restocking, an order's stations and their events) comes over HTTP and the event stream typed
// as src/api says.

t.test('foods with what is left, restocking, stations of an order, and their events', async (t) => {
  // The board loads the last 12 hours of the real clock: the server's clock starts now.
  const app = await buildTestApp(t, { start: new Date().toISOString() });
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.runtime.app.server.address() as { port: number };
  const token = await app.token('admin');
  const source = httpSource(new PosClient({ baseUrl: `http://127.0.0.1:${port}`, token: () => token }));

  const menu = await stockMenu(app, { patatine: 5 });
  const printer = (
    await app.request({ method: 'POST', url: '/v1/printers', body: { name: 'Griglia', ip: '127.0.0.1', port: 9 } })
  ).json() as { id: string };
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/categories/${menu.category}`, body: { printerId: printer.id } }))
      .statusCode,
    200,
  );

  const events: CashierEvent[] = [];
  let live = false;
  const stop = source.stream({
    onEvent: (event) => events.push(event),
    onStatus: (connection) => (live = connection === 'live'),
  });
  t.teardown(stop);
  const until = (what: string, check: () => boolean) => waitFor(what, check, { timeoutMs: 10_000, intervalMs: 20 });
  await until('the stream', () => live);

  const foods = await source.foods();
  t.match(
    foods.find((food) => food.id === menu.patatine),
    { name: 'Patatine', stock: 5, portionsLeft: 5, category: 'Panini' },
  );
  t.match(
    foods.find((food) => food.id === menu.birra),
    { stock: null, portionsLeft: null },
    'not counted',
  );

  const restocked = await source.setFoodStock(menu.patatine, { stockAdd: 10 });
  t.match(restocked, { id: menu.patatine, stock: 15, portionsLeft: 15 }, 'the food as it is now');
  await until('food-stock-changed', () =>
    events.some((event) => event.name === 'food-stock-changed' && event.payload.foodId === menu.patatine),
  );
  t.same(
    events.find((event) => event.name === 'food-stock-changed'),
    { name: 'food-stock-changed', payload: { foodId: menu.patatine, portionsLeft: 15 } },
    'every screen hears the new count',
  );
  t.match(await source.setFoodStock(menu.patatine, { stock: 3 }), { stock: 3, portionsLeft: 3 });
  const refused = await source.setFoodStock(menu.patatine, { stockAdd: -4 }).catch((error: unknown) => error);
  t.ok(refused instanceof ApiError && refused.status === 400, 'below zero is refused');

  const created = (await order(app, lines([menu.panino, 1], [menu.birra, 1]))).json() as {
    id: number;
    displayCode: string;
    total: string;
  };
  t.ok(created.displayCode && created.total, 'the order as created');
  const details = await source.details(created.id);
  t.match(
    details,
    {
      id: created.id,
      ticketNumber: Number,
      displayCode: created.displayCode,
      total: decimalToCents(created.total),
      status: 'CONFIRMED',
      table: '7',
      customer: 'Bianchi',
      discount: 0,
      refunded: 0,
    },
    'the items view names the order as the board does',
  );
  t.same(
    details.items.map((item) => item.refunded),
    [0, 0],
    'no unit given back yet',
  );
  // 1.00 off, and 2.00 of a sandwich given back: in cents, as the items view shows them.
  const discounted = (await order(app, lines([menu.panino, 2]), { paymentMethod: 'CASH', discount: 1 })).json();
  const [line] = (await app.request({ method: 'GET', url: `/v1/orders/${discounted.id}` }))
    .json()
    .categorizedItems.flatMap((group: { items: Array<{ id: string }> }) => group.items);
  const refund = await app.request({
    method: 'POST',
    url: `/v1/orders/${discounted.id}/refunds`,
    body: { items: [{ id: line.id, quantity: 1 }], reason: 'fredda', amount: 2 },
  });
  t.equal(refund.statusCode, 201, refund.body);
  const after = await source.details(discounted.id);
  t.match(after, { discount: 100, refunded: 200, items: [{ quantity: 2, refunded: 1 }] });
  t.same(
    details.stations,
    [{ printerId: printer.id, name: 'Griglia', status: 'WAITING', doneAt: null }],
    'the order waits at the grill',
  );
  const loaded = await source.load();
  t.match(
    loaded.orders.find((listed) => listed.id === created.id),
    { stations: [{ name: 'Griglia', status: 'WAITING' }] },
    'the board loads the stations',
  );

  const done = await app.request({
    method: 'PATCH',
    url: `/v1/orders/${created.id}/stations/${printer.id}`,
    body: { status: 'DONE' },
  });
  t.equal(done.statusCode, 200, done.body);
  await until('order-station-status-changed', () =>
    events.some((event) => event.name === 'order-station-status-changed'),
  );
  t.same(
    events.find((event) => event.name === 'order-station-status-changed'),
    { name: 'order-station-status-changed', payload: { orderId: created.id, printerId: printer.id, status: 'DONE' } },
  );
  t.match((await source.details(created.id)).stations, [{ status: 'DONE' }]);
});

t.test(
  "a confirmation says why no receipt prints as the server's reason, which the board words in its language",
  async (t) => {
    const app = await buildTestApp(t, { start: new Date().toISOString() });
    await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.runtime.app.server.address() as { port: number };
    const token = await app.token('admin');
    const source = httpSource(new PosClient({ baseUrl: `http://127.0.0.1:${port}`, token: () => token }));
    const menu = await stockMenu(app);
    const printer = (
      await app.request({ method: 'POST', url: '/v1/printers', body: { name: 'Cassa', ip: '127.0.0.1', port: 9 } })
    ).json() as { id: string };
    const register = (
      await app.request({
        method: 'POST',
        url: '/v1/cash-registers',
        body: { name: 'Cassa 1', defaultPrinterId: printer.id },
      })
    ).json() as { id: string };
    const pending = async () => ((await order(app, lines([menu.birra, 1]), false)).json() as { id: number }).id;

    t.same(
      (await source.confirm(await pending(), 'CASH', null)).warnings,
      ['no-register'],
      'no register: the reason, not the English sentence',
    );
    t.same(
      (await source.confirm(await pending(), 'CARD', register.id)).warnings,
      [],
      'a register with a printer: nothing to say',
    );
  },
);

t.test(
  "the board reads only the last 12 hours of orders: a venue's whole history is never counted or sorted",
  async (t) => {
    const app = await buildTestApp(t, { start: new Date().toISOString() });
    await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.runtime.app.server.address() as { port: number };
    const token = await app.token('admin');
    const asked: URL[] = [];
    const recording: typeof fetch = (input, init) => {
      asked.push(new URL(String(input)));
      return fetch(input, init);
    };
    const source = httpSource(
      new PosClient({ baseUrl: `http://127.0.0.1:${port}`, token: () => token, fetch: recording }),
    );
    await source.load();
    const lists = asked.filter((url) => url.pathname === '/v1/orders');
    t.equal(lists.length, 2, 'the open orders and the latest picked up');
    everyOf(
      t,
      lists,
      (url) => {
        const from = url.searchParams.get('dateFrom');
        return from !== null && Date.now() - Date.parse(from) <= 12 * 3600_000 + 60_000;
      },
      'an order list bounded to the last 12 hours',
    );
  },
);
