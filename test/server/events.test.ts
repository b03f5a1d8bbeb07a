import { connect } from 'node:net';
import t from 'tap';
import { pruneLogs } from '../../src/core/events/retention.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';
import { getOnce, openSse } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

async function listen(app: TestApp): Promise<string> {
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.runtime.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

t.test('stream headers, auth and channel errors', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const operator = await app.token('operator');
  const displayKey = await app.apiKey('display');
  const printerKey = await app.apiKey('printer');

  const stream = await openSse(`${base}/events/cashier`, { authorization: `Bearer ${operator}` });
  t.teardown(() => stream.close());
  t.equal(stream.status, 200);
  t.equal(stream.headers['content-type'], 'text/event-stream');
  t.equal(stream.headers['cache-control'], 'no-cache');
  t.equal(stream.headers['connection'], 'keep-alive');

  t.equal(
    (await getOnce(`${base}/events/kitchen`, { authorization: `Bearer ${operator}` })).status,
    400,
    'unknown channel',
  );
  t.equal((await getOnce(`${base}/events/cashier`)).status, 401);
  t.equal((await getOnce(`${base}/events/cashier`, { authorization: 'Bearer nope' })).status, 401);
  t.equal(
    (await getOnce(`${base}/events/cashier`, { 'x-api-key': displayKey })).status,
    403,
    'a display key cannot read cashier events',
  );
  t.equal((await getOnce(`${base}/events/printer`, { 'x-api-key': displayKey })).status, 403);
  t.equal((await getOnce(`${base}/events/display`, { 'x-api-key': printerKey })).status, 403);

  const byQuery = await openSse(`${base}/events/display?access_token=${encodeURIComponent(displayKey)}`);
  t.teardown(() => byQuery.close());
  t.equal(byQuery.status, 200, 'EventSource clients pass a device key in the query');
  const tokenQuery = await openSse(`${base}/events/printer?access_token=${encodeURIComponent(operator)}`);
  t.teardown(() => tokenQuery.close());
  t.equal(tokenQuery.status, 200, 'or a bearer token');
  t.equal(
    (await getOnce(`${base}/v1/orders?access_token=${encodeURIComponent(operator)}`)).status,
    401,
    'query tokens only work on streams',
  );
});

t.test(
  'each operation emits exactly the documented events, on the documented channels, byte-exact frames',
  async (t) => {
    const app = await buildTestApp(t);
    const base = await listen(app);
    const menu = await seedMenu(app);
    const auth = { authorization: `Bearer ${await app.token('admin')}` };
    const cashier = await openSse(`${base}/events/cashier`, auth);
    const display = await openSse(`${base}/events/display`, auth);
    const printer = await openSse(`${base}/events/printer`, auth);
    t.teardown(() => [cashier, display, printer].forEach((s) => s.close()));

    const order = await createOrder(app, pizzaOrder(menu));
    await cashier.waitFor((events) => events.length >= 1);
    t.equal(cashier.events[0]!.event, 'new-order');
    t.match(JSON.parse(cashier.events[0]!.data), {
      id: order.id,
      status: 'PENDING',
      orderItems: [{ foodId: menu.foods.margherita }, { foodId: menu.foods.beer }],
    });
    t.match(cashier.raw, /id: \d+\nevent: new-order\ndata: \{[^\n]+\}\n\n/, 'frame is id/event/data with LF');

    await app.request({
      method: 'POST',
      url: `/v1/orders/${order.id}/confirm`,
      body: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    });
    await cashier.waitFor((events) => events.length >= 2);
    await display.waitFor((events) => events.length >= 1);
    await printer.waitFor((events) => events.length >= 1);
    const summary = { displayCode: order.displayCode, ticketNumber: 1, id: order.id };
    t.same([cashier.events[1]!.event, JSON.parse(cashier.events[1]!.data)], ['confirmed-order', summary]);
    t.same([display.events[0]!.event, JSON.parse(display.events[0]!.data)], ['confirmed-order', summary]);
    t.equal(printer.events[0]!.event, 'confirmed-order');
    t.match(JSON.parse(printer.events[0]!.data), {
      id: order.id,
      status: 'CONFIRMED',
      ticketNumber: 1,
      orderItems: [{ food: { name: 'Margherita', printerId: menu.printers.kitchen } }, { food: { name: 'Birra' } }],
    });

    await app.request({ method: 'PATCH', url: `/v1/orders/${order.id}`, body: { status: 'COMPLETED' } });
    await display.waitFor((events) => events.length >= 2);
    t.same(
      [display.events[1]!.event, JSON.parse(display.events[1]!.data)],
      ['order-status-changed', { ...summary, status: 'COMPLETED' }],
    );

    // Completed by hand, it leaves the kitchen and the bar: each station's screen is told.
    await printer.waitFor((events) => events.length >= 3);
    t.same(
      printer.events
        .slice(1)
        .map((e) => [e.event, JSON.parse(e.data)])
        .sort((a, b) => (a[1].printerId < b[1].printerId ? -1 : 1)),
      [menu.printers.kitchen, menu.printers.bar]
        .sort()
        .map((printerId) => ['order-station-status-changed', { orderId: order.id, printerId, status: 'DONE' }]),
    );

    const detail = (await app.request({ method: 'GET', url: `/v1/orders/${order.id}` })).json();
    await app.request({
      method: 'POST',
      url: `/v1/orders/${order.id}/reprint`,
      body: { orderItems: [{ id: detail.categorizedItems[0].items[0].id }], reprintReceipt: false },
    });
    await printer.waitFor((events) => events.length >= 4);
    t.equal(printer.events[3]!.event, 'reprint-order');
    t.match(JSON.parse(printer.events[3]!.data), {
      reprintReceipt: false,
      reprintOrderItems: [{ food: { name: 'Margherita' } }],
    });

    await app.request({ method: 'PATCH', url: `/v1/printers/${menu.printers.kitchen}`, body: { status: 'ERROR' } });
    await app.request({ method: 'PATCH', url: `/v1/printers/${menu.printers.kitchen}`, body: { status: 'ERROR' } }); // no change, no event
    await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}` });
    await cashier.waitFor((events) => events.some((e) => e.event === 'order-deleted'));
    await display.waitFor((events) => events.some((e) => e.event === 'order-deleted'));
    const station = 'order-station-status-changed';
    t.same(
      cashier.events.map((e) => e.event),
      [
        'new-order',
        'confirmed-order',
        'order-status-changed',
        station,
        station,
        'printer-status-changed',
        'order-deleted',
      ],
    );
    t.same(
      JSON.parse(cashier.events[5]!.data),
      { printerId: menu.printers.kitchen, status: 'ERROR', statusReason: null },
      'a person gives no reason',
    );
    t.same(
      display.events.map((e) => e.event),
      ['confirmed-order', 'order-status-changed', station, station, 'order-deleted'],
    );
    t.same(
      printer.events.map((e) => e.event),
      ['confirmed-order', station, station, 'reprint-order'],
    );
    const ids = cashier.events.map((e) => Number(e.lastEventId));
    t.same(
      ids,
      [...ids].sort((a, b) => a - b),
      'ids increase',
    );
  },
);

t.test('reconnect with Last-Event-ID gets every missed event once, in order, then live ones', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const menu = await seedMenu(app);
  const auth = { authorization: `Bearer ${await app.token('operator')}` };
  const first = await openSse(`${base}/events/cashier`, auth);
  await createOrder(app, pizzaOrder(menu));
  await first.waitFor((events) => events.length >= 1);
  const resumeFrom = first.lastEventId();
  first.close();

  const missed = [];
  for (let i = 0; i < 30; i++) missed.push(await createOrder(app, pizzaOrder(menu, { customer: `c${i}` })));
  const second = await openSse(`${base}/events/cashier`, { ...auth, 'last-event-id': resumeFrom });
  t.teardown(() => second.close());
  await second.waitFor((events) => events.length >= 30);
  t.same(
    second.events.map((e) => JSON.parse(e.data).id),
    missed.map((o) => o.id),
  );
  const live = await createOrder(app, pizzaOrder(menu, { customer: 'live' }));
  await second.waitFor((events) => events.length >= 31);
  t.same(
    second.events.map((e) => JSON.parse(e.data).id),
    [...missed.map((o) => o.id), live.id],
    'the missed events, then the live one, each once',
  );
  t.equal(new Set(second.events.map((e) => e.lastEventId)).size, 31, 'no duplicates');
});

t.test('a client that saw no event still resumes from where it connected', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const menu = await seedMenu(app);
  const auth = { authorization: `Bearer ${await app.token('operator')}` };
  await createOrder(app, pizzaOrder(menu)); // before the client connects: not for it
  const quiet = await openSse(`${base}/events/cashier`, auth);
  const position = await waitFor('the server to tell the client its position', () => quiet.lastEventId(), {
    timeoutMs: 20_000,
    intervalMs: 20,
  });
  t.not(position, '', 'the server told the client its position');
  quiet.close();
  const missed = await createOrder(app, pizzaOrder(menu));
  const again = await openSse(`${base}/events/cashier`, { ...auth, 'last-event-id': position });
  t.teardown(() => again.close());
  await again.waitFor((events) => events.length >= 1);
  t.same(
    again.events.map((e) => JSON.parse(e.data).id),
    [missed.id],
  );
});

t.test('an id older than the kept history gets resync; so does an unknown one', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const menu = await seedMenu(app);
  const auth = { authorization: `Bearer ${await app.token('operator', 10 * 86400)}` };
  await createOrder(app, pizzaOrder(menu));
  await createOrder(app, pizzaOrder(menu));
  app.clock.advance(25 * 3600_000);
  await pruneLogs(app.runtime.ctx);
  const old = await openSse(`${base}/events/cashier`, { ...auth, 'last-event-id': '1' });
  t.teardown(() => old.close());
  await old.waitFor((events) => events.length >= 1);
  t.same([old.events[0]!.event, JSON.parse(old.events[0]!.data)], ['resync', { reason: 'history-expired' }]);
  const future = await openSse(`${base}/events/cashier`, { ...auth, 'last-event-id': '999999' });
  t.teardown(() => future.close());
  await future.waitFor((events) => events.length >= 1);
  t.equal(future.events[0]!.event, 'resync');
  const live = await createOrder(app, pizzaOrder(menu));
  await old.waitFor((events) => events.length >= 2);
  t.equal(JSON.parse(old.events[1]!.data).id, live.id, 'live events follow the resync');
});

t.test('keep-alive comments arrive at the configured interval', async (t) => {
  const app = await buildTestApp(t, { config: { keepAliveMs: 150 } });
  const base = await listen(app);
  const stream = await openSse(`${base}/events/display`, { authorization: `Bearer ${await app.token('operator')}` });
  t.teardown(() => stream.close());
  await stream.waitForComment('keep-alive', 20_000);
  t.match(stream.raw, /\n?: keep-alive\n\n/);
});

t.test('a client that never reads does not hold up the others or the request', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const menu = await seedMenu(app);
  const token = await app.token('operator');
  const port = new URL(base).port;
  const stalled = connect(Number(port), '127.0.0.1');
  stalled.write(`GET /events/cashier HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  stalled.pause(); // never reads
  t.teardown(() => stalled.destroy());
  const healthy = await openSse(`${base}/events/cashier`, { authorization: `Bearer ${token}` });
  t.teardown(() => healthy.close());
  const notes = 'x'.repeat(200);
  for (let i = 0; i < 100; i++) {
    await createOrder(app, {
      table: String(i),
      customer: 'y'.repeat(100),
      orderItems: Array.from({ length: 50 }, () => ({ foodId: menu.foods.margherita, quantity: 1, notes })),
    });
  }
  await healthy.waitFor((events) => events.length >= 100, 10_000);
  t.pass('the healthy client got all 100 events');
});

t.test('catalog availability changes reach cashiers', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const menu = await seedMenu(app);
  const cashier = await openSse(`${base}/events/cashier`, { authorization: `Bearer ${await app.token('operator')}` });
  const display = await openSse(`${base}/events/display`, { authorization: `Bearer ${await app.token('operator')}` });
  t.teardown(() => [cashier, display].forEach((s) => s.close()));
  await app.request({ method: 'PATCH', url: `/v1/foods/${menu.foods.beer}`, body: { available: false } });
  await app.request({ method: 'PATCH', url: `/v1/categories/${menu.categories.desserts}`, body: { available: false } });
  await app.request({ method: 'PATCH', url: `/v1/printers/${menu.printers.bar}`, body: { status: 'OFFLINE' } });
  await cashier.waitFor((events) => events.length >= 3);
  t.same(
    cashier.events.map((e) => [e.event, JSON.parse(e.data)]),
    [
      ['food-availability-changed', { foodId: menu.foods.beer, available: false }],
      ['category-availability-changed', { categoryId: menu.categories.desserts, available: false }],
      ['printer-status-changed', { printerId: menu.printers.bar, status: 'OFFLINE', statusReason: null }],
    ],
  );
  await createOrder(
    app,
    pizzaOrder(menu, {
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      confirm: { paymentMethod: 'CARD' },
    }),
  );
  await display.waitFor((events) => events.length >= 1);
  t.same(
    display.events.map((e) => e.event),
    ['confirmed-order'],
    'displays get none of the catalog events',
  );
});
