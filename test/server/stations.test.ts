import t from 'tap';
import { buildTestApp, type TestApp, type TestLike } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId } from '../helpers/orders.js';
import { type SeededMenu, seedMenu, snapshotTables } from '../helpers/seed.js';
import { openSse } from '../helpers/sse.js';

// The station rules (docs/api.md, "Kitchen stations"), one by one through the API. The seeded menu routes pizzas
// and the tiramisù to Kitchen, drinks to Bar; a dessert without a printer goes to the register's printer (Till).

async function setup(t: TestLike) {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  // A dessert with no printer of its own nor of its category: it follows the register's printer.
  const pannaCotta = 'c0000000000000000000panna';
  const now = app.clock.now().getTime();
  await app.runtime.storage.db
    .insertInto('foods')
    .values({
      id: pannaCotta,
      name: 'Panna cotta',
      description: '',
      price_cents: 350,
      category_id: menu.categories.desserts,
      printer_id: null,
      available: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { app, menu, pannaCotta };
}

function dinner(
  menu: SeededMenu,
  confirm: Record<string, unknown> | null = { paymentMethod: 'CASH', cashRegisterId: menu.register },
) {
  return {
    table: '7',
    customer: 'Bianchi',
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 2, notes: 'ben cotta' },
      { foodId: menu.foods.beer, quantity: 3 },
      { foodId: menu.foods.diavola, quantity: 1 },
    ],
    ...(confirm ? { confirm } : {}),
  };
}

async function stationOrders(
  app: TestApp,
  printerId: string,
  query = '',
  as: Parameters<TestApp['request']>[0]['as'] = 'operator',
) {
  const response = await app.request({ method: 'GET', url: `/v1/stations/${printerId}/orders${query}`, as });
  if (response.statusCode !== 200) throw new Error(`station view: ${response.statusCode} ${response.body}`);
  return response.json() as Array<Record<string, any>>;
}

const ids = (orders: Array<Record<string, any>>) => orders.map((order) => order.id as number);

async function tap(
  app: TestApp,
  orderId: number,
  printerId: string,
  status: string,
  as: Parameters<TestApp['request']>[0]['as'] = 'operator',
) {
  return app.request({ method: 'PATCH', url: `/v1/orders/${orderId}/stations/${printerId}`, as, body: { status } });
}

t.test('a confirmed order waits at each station its items route to, with only that station’s items', async (t) => {
  const { app, menu, pannaCotta } = await setup(t);
  const order = await createOrder(app, {
    ...dinner(menu),
    orderItems: [...dinner(menu).orderItems, { foodId: pannaCotta, quantity: 1, notes: 'senza caramello' }],
  });

  const kitchen = await stationOrders(app, menu.printers.kitchen);
  const items = await app.runtime.storage.db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  const item = (foodId: string) => items.find((row) => row.food_id === foodId)!;
  t.same(
    kitchen,
    [
      {
        id: order.id,
        displayCode: order.displayCode,
        ticketNumber: 1,
        table: '7',
        customer: 'Bianchi',
        confirmedAt: '2026-11-21T17:00:00.000Z',
        status: 'CONFIRMED',
        stationStatus: 'WAITING',
        doneAt: null,
        items: [
          {
            id: item(menu.foods.margherita).id,
            foodId: menu.foods.margherita,
            name: 'Margherita',
            quantity: 2,
            notes: 'ben cotta',
            optionId: null,
            choices: [],
          },
          {
            id: item(menu.foods.diavola).id,
            foodId: menu.foods.diavola,
            name: 'Diavola',
            quantity: 1,
            notes: '',
            optionId: null,
            choices: [],
          },
        ],
        covers: 0,
        service: 'TABLE',
      },
    ],
    'the kitchen sees its two pizzas, not the beer',
  );
  t.same(
    (await stationOrders(app, menu.printers.bar))[0]!.items.map((i: any) => `${i.quantity} ${i.name}`),
    ['3 Birra'],
    'the bar only its beer',
  );
  t.same(
    (await stationOrders(app, menu.printers.till))[0]!.items.map((i: any) => `${i.name} (${i.notes})`),
    ['Panna cotta (senza caramello)'],
    'no printer on the food or its category: the register’s printer is its station',
  );

  // The order detail and the list say where it waits (the dashboard shows it).
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${order.id}`, as: 'operator' })).json();
  t.same(detail.stations, [
    { printerId: menu.printers.bar, name: 'Bar', status: 'WAITING', doneAt: null },
    { printerId: menu.printers.kitchen, name: 'Kitchen', status: 'WAITING', doneAt: null },
    { printerId: menu.printers.till, name: 'Till', status: 'WAITING', doneAt: null },
  ]);
  const list = (await app.request({ method: 'GET', url: '/v1/orders', as: 'operator' })).json();
  t.same(list.orders[0].stations, detail.stations);

  // The routing is fixed when the order is confirmed, like its tickets: moving beer to the kitchen later moves nothing.
  await app.request({
    method: 'PATCH',
    url: `/v1/foods/${menu.foods.beer}`,
    body: { printerId: menu.printers.kitchen },
  });
  t.same((await stationOrders(app, menu.printers.kitchen))[0]!.items.length, 2);
});

t.test(
  'every confirmation path enters the stations; a pending order waits nowhere; oldest confirmation first',
  async (t) => {
    const { app, menu } = await setup(t);
    const pending = await createOrder(app, dinner(menu, null));
    app.clock.advance(60_000);
    const atCreation = await createOrder(app, dinner(menu));
    t.same(
      ids(await stationOrders(app, menu.printers.kitchen)),
      [atCreation.id],
      'a pending order is not in the kitchen',
    );
    t.same((await app.request({ method: 'GET', url: `/v1/orders/${pending.id}`, as: 'operator' })).json().stations, []);

    app.clock.advance(60_000);
    const confirmed = await app.request({
      method: 'POST',
      url: `/v1/orders/${pending.id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CARD' },
    });
    t.equal(confirmed.statusCode, 200);
    const replaced = await createOrder(app, dinner(menu, null));
    app.clock.advance(60_000);
    const confirmReplacing = await app.request({
      method: 'POST',
      url: `/v1/orders/${replaced.id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CASH', orderItems: [{ foodId: menu.foods.beer, quantity: 1 }] },
    });
    t.equal(confirmReplacing.statusCode, 200);
    const patched = await createOrder(app, dinner(menu, null));
    app.clock.advance(60_000);
    t.equal(
      (
        await app.request({
          method: 'PATCH',
          url: `/v1/orders/${patched.id}`,
          as: 'operator',
          body: { status: 'CONFIRMED' },
        })
      ).statusCode,
      200,
    );

    t.same(
      ids(await stationOrders(app, menu.printers.kitchen)),
      [atCreation.id, pending.id, patched.id],
      'the kitchen, by confirmation time',
    );
    t.same(
      ids(await stationOrders(app, menu.printers.bar)),
      [atCreation.id, pending.id, replaced.id, patched.id],
      'the bar also got the replaced order’s one beer',
    );
    t.same(
      await stationOrders(app, menu.printers.till),
      [],
      'without a register (or none of its items) the till waits for nothing',
    );
  },
);

t.test('one station done; the last one done completes the order, as a PATCH to COMPLETED does', async (t) => {
  const { app, menu } = await setup(t);
  const order = await createOrder(app, dinner(menu));
  app.clock.advance(5 * 60_000);
  let mark = await lastEventId(app);

  const first = await tap(app, order.id, menu.printers.kitchen, 'DONE');
  t.equal(first.statusCode, 200);
  t.match(first.json(), {
    id: order.id,
    status: 'CONFIRMED',
    stationStatus: 'DONE',
    doneAt: '2026-11-21T17:05:00.000Z',
  });
  t.equal(first.json().items.length, 2, 'the answer is the order as the station shows it');
  t.same(
    (await eventsSince(app, mark)).map((e) => [e.channel, e.name, e.payload]),
    ['cashier', 'display', 'printer'].map((channel) => [
      channel,
      'order-station-status-changed',
      { orderId: order.id, printerId: menu.printers.kitchen, status: 'DONE' },
    ]),
    'the station event on the three channels, and the order still in preparation',
  );
  t.same(await stationOrders(app, menu.printers.kitchen), [], 'gone from the kitchen’s waiting list');
  t.same(ids(await stationOrders(app, menu.printers.bar)), [order.id], 'still waiting at the bar');
  t.match(
    await stationOrders(app, menu.printers.kitchen, '?include=done'),
    [{ id: order.id, stationStatus: 'DONE', status: 'CONFIRMED' }],
    'the kitchen’s done list has it',
  );

  mark = await lastEventId(app);
  const again = await tap(app, order.id, menu.printers.kitchen, 'done');
  t.equal(again.statusCode, 200, 'tapped twice (any letter case): still done');
  t.same(await eventsSince(app, mark), [], 'and nothing happens a second time');

  app.clock.advance(60_000);
  const last = await tap(app, order.id, menu.printers.bar, 'DONE');
  t.equal(last.statusCode, 200);
  t.match(last.json(), { status: 'COMPLETED', stationStatus: 'DONE' });
  const events = await eventsSince(app, mark);
  t.same(
    events.map((e) => `${e.channel}/${e.name}`),
    [
      'cashier/order-station-status-changed',
      'display/order-station-status-changed',
      'printer/order-station-status-changed',
      'cashier/order-status-changed',
      'display/order-status-changed',
    ],
  );
  t.same(
    events[3]!.payload,
    { id: order.id, displayCode: order.displayCode, ticketNumber: 1, status: 'COMPLETED' },
    'the same payload a manual PATCH gives',
  );
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${order.id}`, as: 'operator' })).json();
  t.match(detail, { status: 'COMPLETED', completedAt: '2026-11-21T17:06:00.000Z' });
  const display = (await app.request({ method: 'GET', url: '/v1/display/state', as: 'operator' })).json();
  t.same(
    display.ready.map((o: any) => o.id),
    [order.id],
    'the TV shows it ready',
  );
  app.clock.advance(1000);
  const report = await app.request({
    method: 'GET',
    url: '/v1/reports?from=2026-11-21T00:00:00Z&groupBy=all',
    as: 'admin',
  });
  t.equal(report.json()[0].averageCompletitionTime, 6, 'the reports count its completion like any other');

  t.match(await stationOrders(app, menu.printers.bar, '?include=done'), [
    { id: order.id, status: 'COMPLETED', stationStatus: 'DONE', doneAt: '2026-11-21T17:06:00.000Z' },
  ]);
  app.clock.advance(59 * 60_000);
  t.same(
    ids(await stationOrders(app, menu.printers.bar, '?include=done')),
    [order.id],
    'done 59 minutes ago: still there',
  );
  app.clock.advance(60_000);
  t.same(await stationOrders(app, menu.printers.bar, '?include=done'), [], 'the done list reaches back one hour');
});

t.test('a recall brings an order back to the station, and a completed order back to CONFIRMED', async (t) => {
  const { app, menu } = await setup(t);
  const order = await createOrder(app, dinner(menu));
  await tap(app, order.id, menu.printers.kitchen, 'DONE');
  const recalled = await tap(app, order.id, menu.printers.kitchen, 'WAITING');
  t.equal(recalled.statusCode, 200);
  t.match(
    recalled.json(),
    { status: 'CONFIRMED', stationStatus: 'WAITING', doneAt: null },
    'a recall while the order is in preparation: only the station',
  );
  t.same(ids(await stationOrders(app, menu.printers.kitchen)), [order.id]);

  await tap(app, order.id, menu.printers.kitchen, 'DONE');
  await tap(app, order.id, menu.printers.bar, 'DONE');
  const mark = await lastEventId(app);
  app.clock.advance(60_000);
  const back = await tap(app, order.id, menu.printers.bar, 'WAITING');
  t.equal(back.statusCode, 200);
  t.match(back.json(), { status: 'CONFIRMED', stationStatus: 'WAITING' });
  t.same(
    (await eventsSince(app, mark)).map((e) => `${e.channel}/${e.name}/${e.payload['status']}`),
    [
      'cashier/order-station-status-changed/WAITING',
      'display/order-station-status-changed/WAITING',
      'printer/order-station-status-changed/WAITING',
      'cashier/order-status-changed/CONFIRMED',
      'display/order-status-changed/CONFIRMED',
    ],
  );
  t.match((await app.request({ method: 'GET', url: `/v1/orders/${order.id}`, as: 'operator' })).json(), {
    status: 'CONFIRMED',
    completedAt: null,
  });
  t.same(ids(await stationOrders(app, menu.printers.bar)), [order.id], 'back on the bar’s screen');
  t.same(await stationOrders(app, menu.printers.kitchen), [], 'the kitchen’s part stays done');
  t.same(
    (await app.request({ method: 'GET', url: '/v1/display/state', as: 'operator' }))
      .json()
      .preparing.map((o: any) => o.id),
    [order.id],
    'in preparation again on the TV',
  );
  const done = await tap(app, order.id, menu.printers.bar, 'DONE');
  t.match(done.json(), { status: 'COMPLETED' }, 'and ready again when the bar is done again');
});

t.test('an order a person completes, picks up, moves back or cancels leaves every station', async (t) => {
  const { app, menu } = await setup(t);
  const order = await createOrder(app, dinner(menu));
  await tap(app, order.id, menu.printers.kitchen, 'DONE');
  let mark = await lastEventId(app);
  t.equal(
    (
      await app.request({
        method: 'PATCH',
        url: `/v1/orders/${order.id}`,
        as: 'operator',
        body: { status: 'COMPLETED' },
      })
    ).statusCode,
    200,
  );
  t.same(
    (await eventsSince(app, mark))
      .filter((e) => e.name === 'order-station-status-changed')
      .map((e) => `${e.channel}/${e.payload['printerId'] === menu.printers.bar}/${e.payload['status']}`),
    ['cashier/true/DONE', 'display/true/DONE', 'printer/true/DONE'],
    'the bar’s screen is told it is no longer waiting',
  );
  t.same(await stationOrders(app, menu.printers.bar), [], 'no longer at the bar');
  t.same(await stationOrders(app, menu.printers.bar, '?include=done'), [], 'nor among what the bar did');
  t.same(
    ids(await stationOrders(app, menu.printers.kitchen, '?include=done')),
    [order.id],
    'the kitchen did its part and keeps it in its done list',
  );
  t.same(
    (await app.request({ method: 'GET', url: `/v1/orders/${order.id}`, as: 'operator' }))
      .json()
      .stations.map((s: any) => `${s.name} ${s.status} ${s.doneAt !== null}`),
    ['Bar DONE false', 'Kitchen DONE true'],
  );

  // A slip of the finger: moved back to CONFIRMED, it waits again where it left, not where the work was done.
  mark = await lastEventId(app);
  t.equal(
    (
      await app.request({
        method: 'PATCH',
        url: `/v1/orders/${order.id}`,
        as: 'operator',
        body: { status: 'CONFIRMED' },
      })
    ).statusCode,
    200,
  );
  t.same(ids(await stationOrders(app, menu.printers.bar)), [order.id]);
  t.same(await stationOrders(app, menu.printers.kitchen), []);
  t.same(
    (await eventsSince(app, mark))
      .filter((e) => e.channel === 'printer')
      .map((e) => `${e.name}/${e.payload['status']}`),
    ['order-station-status-changed/WAITING'],
  );

  for (const status of ['PICKED_UP', 'PENDING']) {
    t.equal(
      (await app.request({ method: 'PATCH', url: `/v1/orders/${order.id}`, as: 'operator', body: { status } }))
        .statusCode,
      200,
    );
    t.same(await stationOrders(app, menu.printers.bar), [], `${status}: not at the bar`);
    t.equal(
      (
        await app.request({
          method: 'PATCH',
          url: `/v1/orders/${order.id}`,
          as: 'operator',
          body: { status: 'CONFIRMED' },
        })
      ).statusCode,
      200,
    );
    t.same(ids(await stationOrders(app, menu.printers.bar)), [order.id], `${status} and back: at the bar again`);
  }

  // Every station had finished it, and a person moves it back to CONFIRMED: it waits at all of them again, or no
  // screen could ever make it ready.
  const other = await createOrder(app, dinner(menu));
  await tap(app, other.id, menu.printers.kitchen, 'DONE');
  await tap(app, other.id, menu.printers.bar, 'DONE');
  await app.request({ method: 'PATCH', url: `/v1/orders/${other.id}`, as: 'operator', body: { status: 'CONFIRMED' } });
  t.same(ids(await stationOrders(app, menu.printers.kitchen)), [other.id]);
  t.same(ids(await stationOrders(app, menu.printers.bar)), [order.id, other.id]);

  mark = await lastEventId(app);
  t.equal((await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}`, as: 'operator' })).statusCode, 204);
  t.same(
    (await eventsSince(app, mark))
      .filter((e) => e.channel === 'printer')
      .map((e) => `${e.name}/${e.payload['orderId']}/${e.payload['status']}`),
    [`order-station-status-changed/${order.id}/DONE`, `order-cancelled/${order.id}/CONFIRMED`],
    'a cancelled order leaves its screens (and its stations get the cancellation)',
  );
  t.same(ids(await stationOrders(app, menu.printers.bar)), [other.id]);
  const rows = await app.runtime.storage.db
    .selectFrom('order_stations')
    .select('order_id')
    .where('order_id', '=', order.id)
    .execute();
  t.same(rows, [], 'and nothing of it is kept');
});

t.test('bad requests are 4xx and change nothing', async (t) => {
  const { app, menu } = await setup(t);
  const order = await createOrder(app, dinner(menu));
  const beerOnly = await createOrder(app, {
    table: '1',
    customer: 'x',
    orderItems: [{ foodId: menu.foods.beer, quantity: 1 }],
    confirm: { paymentMethod: 'CASH' },
  });
  const pending = await createOrder(app, dinner(menu, null));
  const pickedUp = await createOrder(app, dinner(menu));
  await app.request({
    method: 'PATCH',
    url: `/v1/orders/${pickedUp.id}`,
    as: 'operator',
    body: { status: 'PICKED_UP' },
  });
  const tables = ['orders', 'order_stations', 'order_station_items', 'events'];
  const before = await snapshotTables(app, tables);

  const cases: Array<[string, string, unknown, number, RegExp]> = [
    [
      'another status',
      `/v1/orders/${order.id}/stations/${menu.printers.kitchen}`,
      { status: 'READY' },
      400,
      /must be DONE or WAITING/,
    ],
    ['no status', `/v1/orders/${order.id}/stations/${menu.printers.kitchen}`, {}, 400, /status/],
    [
      'a pending order',
      `/v1/orders/${pending.id}/stations/${menu.printers.kitchen}`,
      { status: 'DONE' },
      400,
      /pending: only a confirmed or completed order/,
    ],
    [
      'a picked-up order',
      `/v1/orders/${pickedUp.id}/stations/${menu.printers.kitchen}`,
      { status: 'WAITING' },
      400,
      /picked_up/,
    ],
    [
      'an unknown order',
      `/v1/orders/999999/stations/${menu.printers.kitchen}`,
      { status: 'DONE' },
      404,
      /^Order not found$/,
    ],
    [
      'a station the order does not go to',
      `/v1/orders/${beerOnly.id}/stations/${menu.printers.kitchen}`,
      { status: 'DONE' },
      404,
      /does not go to that station/,
    ],
    [
      'an unknown printer',
      `/v1/orders/${order.id}/stations/c000000000000000000000000`,
      { status: 'DONE' },
      404,
      /does not go to that station/,
    ],
    [
      'a malformed printer id',
      `/v1/orders/${order.id}/stations/grill`,
      { status: 'DONE' },
      400,
      /params\/printerId|printerId/,
    ],
    [
      'a malformed order id',
      `/v1/orders/abc/stations/${menu.printers.kitchen}`,
      { status: 'DONE' },
      400,
      /order number/,
    ],
  ];
  for (const [name, url, body, status, message] of cases) {
    const response = await app.request({ method: 'PATCH', url, as: 'operator', body });
    t.equal(response.statusCode, status, name);
    t.match(response.json(), { statusCode: status, error: String, message }, `${name}: the one error shape`);
  }
  t.equal(
    (await app.request({ method: 'GET', url: '/v1/stations/c000000000000000000000000/orders', as: 'operator' }))
      .statusCode,
    404,
    'an unknown station',
  );
  t.equal((await app.request({ method: 'GET', url: '/v1/stations/grill/orders', as: 'operator' })).statusCode, 400);
  t.equal(
    (
      await app.request({
        method: 'GET',
        url: `/v1/stations/${menu.printers.kitchen}/orders?include=everything`,
        as: 'operator',
      })
    ).statusCode,
    400,
  );
  t.same(await snapshotTables(app, tables), before);
});

t.test('a kitchen screen’s key: the station views and taps, foods, printers; nothing else', async (t) => {
  const { app, menu } = await setup(t);
  const created = await app.request({
    method: 'POST',
    url: '/v1/api-keys',
    as: 'admin',
    body: { name: 'Grill tablet', scope: 'kitchen' },
  });
  t.equal(created.statusCode, 201);
  t.match(created.json(), { scope: 'kitchen', key: /^posk_kitchen_/ });
  const key = { key: created.json().key as string };
  const order = await createOrder(app, dinner(menu));
  t.same(ids(await stationOrders(app, menu.printers.kitchen, '', key)), [order.id]);
  t.equal((await tap(app, order.id, menu.printers.kitchen, 'DONE', key)).statusCode, 200);
  t.equal((await app.request({ method: 'GET', url: '/v1/foods', as: key })).statusCode, 200);
  t.equal(
    (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.kitchen}`, as: key })).statusCode,
    200,
  );
  for (const [method, url] of [
    ['GET', '/v1/orders'],
    ['GET', `/v1/orders/${order.id}`],
    ['PATCH', `/v1/orders/${order.id}`],
    ['GET', '/v1/categories'],
    ['GET', '/v1/display/state'],
  ] as const) {
    const response = await app.request({
      method,
      url,
      as: key,
      ...(method === 'PATCH' ? { body: { status: 'COMPLETED' } } : {}),
    });
    t.equal(response.statusCode, 403, `${method} ${url}`);
  }
  const display = await app.request({
    method: 'POST',
    url: '/v1/api-keys',
    as: 'admin',
    body: { name: 'TV', scope: 'display' },
  });
  t.equal(
    (await tap(app, order.id, menu.printers.kitchen, 'WAITING', { key: display.json().key })).statusCode,
    403,
    'a TV cannot tap',
  );
});

t.test('the station view tells where to follow the stream from', async (t) => {
  const { app, menu } = await setup(t);
  await createOrder(app, dinner(menu));
  const response = await app.request({
    method: 'GET',
    url: `/v1/stations/${menu.printers.kitchen}/orders`,
    as: 'operator',
  });
  t.equal(response.headers['x-last-event-id'], String(await lastEventId(app)));
});

t.test('a kitchen screen follows its station over a real stream with its key: list, events, tap', async (t) => {
  const { app, menu } = await setup(t);
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.runtime.app.server.address() as { port: number }).port}`;
  const key = (
    await app.request({ method: 'POST', url: '/v1/api-keys', as: 'admin', body: { name: 'grill', scope: 'kitchen' } })
  ).json().key as string;
  const first = await createOrder(app, dinner(menu));
  // What a screen does on load: the list, then the stream from the position the list includes (EventSource style).
  const loaded = await fetch(`${base}/v1/stations/${menu.printers.kitchen}/orders`, { headers: { 'x-api-key': key } });
  t.same(ids((await loaded.json()) as Array<Record<string, any>>), [first.id]);
  const from = loaded.headers.get('x-last-event-id') as string;
  const stream = await openSse(`${base}/events/printer?access_token=${encodeURIComponent(key)}&lastEventId=${from}`);
  t.teardown(() => stream.close());
  t.equal(stream.status, 200);

  const second = await createOrder(app, dinner(menu));
  await stream.waitFor((events) => events.some((e) => e.event === 'confirmed-order'));
  const tapped = await fetch(`${base}/v1/orders/${first.id}/stations/${menu.printers.kitchen}`, {
    method: 'PATCH',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'DONE' }),
  });
  t.equal(tapped.status, 200);
  await stream.waitFor((events) => events.some((e) => e.event === 'order-station-status-changed'));
  t.same(
    stream.events.map((e) => [e.event, JSON.parse(e.data).id ?? JSON.parse(e.data).orderId]),
    [
      ['confirmed-order', second.id],
      ['order-station-status-changed', first.id],
    ],
    'nothing missed, nothing the list already had',
  );
  t.same(JSON.parse(stream.events[1]!.data), { orderId: first.id, printerId: menu.printers.kitchen, status: 'DONE' });
});
