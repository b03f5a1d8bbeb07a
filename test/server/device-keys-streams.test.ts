import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, eventsSince, pizzaOrder } from '../helpers/orders.js';
import { type SeededMenu, seedMenu, snapshotTables } from '../helpers/seed.js';
import { openSse, type SseConnection } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

// Device keys and what they see: a kitchen key may be tied to one station (it sees and moves that station only);
// kitchen keys are not sent the evening's takings (`general-closure`); and a key's stream opened without
// Last-Event-ID (a print service that restarted) starts after the last event written to that key's previous
// stream of the channel, so orders confirmed meanwhile are printed.

async function listen(app: TestApp): Promise<string> {
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.runtime.app.server.address() as { port: number }).port}`;
}

type NewKey = { id: string; key: string; printerId: string | null };

async function newKey(app: TestApp, body: Record<string, unknown>): Promise<NewKey> {
  const created = await app.request({ method: 'POST', url: '/v1/api-keys', body });
  if (created.statusCode !== 201) throw new Error(`${created.statusCode} ${created.body}`);
  return created.json();
}

const confirmedIds = (stream: SseConnection) =>
  stream.events
    .filter((event) => event.event === 'confirmed-order')
    .map((event) => (JSON.parse(event.data) as { id: number }).id);

/** Orders created and confirmed at once, as a till does. */
const seller = (app: TestApp, menu: SeededMenu) => () =>
  createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }));

t.test('a kitchen key tied to a station sees and moves that station only; other stations are 403', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const grill = await newKey(app, { name: 'Kitchen tablet', scope: 'kitchen', printerId: menu.printers.kitchen });
  t.equal(grill.printerId, menu.printers.kitchen, 'the key says its station');
  const listed = (await app.request({ method: 'GET', url: '/v1/api-keys' })).json() as NewKey[];
  t.equal(listed.find((key) => key.id === grill.id)?.printerId, menu.printers.kitchen, 'and so does the list');
  const free = await newKey(app, { name: 'Any station', scope: 'kitchen' });
  t.equal(free.printerId, null, 'a kitchen key without a station is not tied');

  const order = await createOrder(app, {
    table: '3',
    customer: 'Verdi',
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 1 },
      { foodId: menu.foods.beer, quantity: 1 },
    ],
  });
  const as = { key: grill.key };
  const own = await app.request({ method: 'GET', url: `/v1/stations/${menu.printers.kitchen}/orders`, as });
  t.equal(own.statusCode, 200, 'its own station');
  t.same(
    own.json().map((row: { id: number }) => row.id),
    [order.id],
  );
  const before = await snapshotTables(app, ['order_stations', 'orders', 'events']);
  const other = await app.request({ method: 'GET', url: `/v1/stations/${menu.printers.bar}/orders`, as });
  t.equal(other.statusCode, 403, 'another station is 403');
  t.match(other.json(), { statusCode: 403, message: /another station/ });
  const tapDone = (printerId: string) =>
    app.request({ method: 'PATCH', url: `/v1/orders/${order.id}/stations/${printerId}`, as, body: { status: 'DONE' } });
  const moved = await tapDone(menu.printers.bar);
  t.equal(moved.statusCode, 403, "moving another station's order is 403");
  t.same(await snapshotTables(app, ['order_stations', 'orders', 'events']), before, 'and changes nothing');
  const done = await tapDone(menu.printers.kitchen);
  t.equal(done.statusCode, 200, 'its own station is moved');
  for (const printerId of [menu.printers.kitchen, menu.printers.bar]) {
    const seen = await app.request({ method: 'GET', url: `/v1/stations/${printerId}/orders`, as: { key: free.key } });
    t.equal(seen.statusCode, 200, 'the untied kitchen key sees every station');
  }

  const keysBefore = await snapshotTables(app, ['api_keys']);
  const refused = [
    { name: 'Display', scope: 'display', printerId: menu.printers.kitchen },
    { name: 'Printer', scope: 'printer', printerId: menu.printers.kitchen },
    { name: 'Nowhere', scope: 'kitchen', printerId: 'c000000000000000000000000' },
    { name: 'Malformed', scope: 'kitchen', printerId: 'kitchen' },
  ];
  for (const body of refused) {
    const response = await app.request({ method: 'POST', url: '/v1/api-keys', body });
    t.equal(response.statusCode, 400, `${body.name}: 400 (${response.json().message})`);
  }
  t.same(await snapshotTables(app, ['api_keys']), keysBefore, 'no key was made');
});

t.test('kitchen keys are not sent general-closure, live or replayed; a printer key is', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const base = await listen(app);
  const kitchen = await newKey(app, { name: 'Kitchen tablet', scope: 'kitchen', printerId: menu.printers.kitchen });
  const printer = await newKey(app, { name: 'Print service', scope: 'printer' });
  const kitchenStream = await openSse(`${base}/events/printer`, { 'x-api-key': kitchen.key });
  const printerStream = await openSse(`${base}/events/printer`, { 'x-api-key': printer.key });
  const sell = seller(app, menu);
  t.teardown(() => [kitchenStream, printerStream].forEach((stream) => stream.close()));
  await sell();
  const closureBody = { cashRegister: menu.register };
  const closure = await app.request({ method: 'POST', url: '/v1/reports/general-closure', body: closureBody });
  t.equal(closure.statusCode, 201);
  const after = await sell();
  await printerStream.waitFor(() => confirmedIds(printerStream).includes(after.id));
  t.ok(
    printerStream.events.some((event) => event.event === 'general-closure'),
    'the print service gets the closure',
  );
  await kitchenStream.waitFor(() => confirmedIds(kitchenStream).includes(after.id));
  t.notOk(
    kitchenStream.events.some((event) => event.event === 'general-closure'),
    'the kitchen screen does not, live',
  );
  const replay = await openSse(`${base}/events/printer`, { 'x-api-key': kitchen.key, 'last-event-id': '0' });
  t.teardown(() => replay.close());
  await replay.waitFor(() => confirmedIds(replay).includes(after.id));
  t.notOk(
    replay.events.some((event) => event.event === 'general-closure'),
    'nor replayed',
  );
});

t.test('a print service that reconnects without Last-Event-ID gets what was confirmed while it was away', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const base = await listen(app);
  const sell = seller(app, menu);
  const { key } = await newKey(app, { name: 'Print service', scope: 'printer' });
  const headers = { 'x-api-key': key };

  // Its first stream starts live: what was confirmed before the key ever streamed is not sent.
  const early = await sell();
  const first = await openSse(`${base}/events/printer`, headers);
  t.teardown(() => first.close());
  await first.waitFor(() => first.raw.includes('retry: '));
  const seen = await sell();
  await first.waitFor(() => confirmedIds(first).includes(seen.id));
  t.same(confirmedIds(first), [seen.id], 'the first stream starts live');
  first.close();
  await first.closed;
  await waitForNoStream(app);

  // Orders confirmed while the print service restarts.
  const missed = [await sell(), await sell()];
  const second = await openSse(`${base}/events/printer`, headers); // no Last-Event-ID: a fresh process
  t.teardown(() => second.close());
  await second.waitFor(() => confirmedIds(second).length >= 2);
  const live = await sell();
  await second.waitFor(() => confirmedIds(second).includes(live.id));
  const wanted = [...missed.map((order) => order.id), live.id];
  t.same(confirmedIds(second), wanted, 'the missed orders, once, then live ones');
  t.notOk(confirmedIds(second).includes(early.id) || confirmedIds(second).includes(seen.id), 'nothing it had before');

  // Another key is not affected: its first stream starts live.
  const other = await newKey(app, { name: 'Second print service', scope: 'printer' });
  const fresh = await openSse(`${base}/events/printer`, { 'x-api-key': other.key });
  t.teardown(() => fresh.close());
  const marker = await sell();
  await fresh.waitFor(() => confirmedIds(fresh).includes(marker.id));
  t.same(confirmedIds(fresh), [marker.id], "another key's first stream starts live");

  // The position is kept in the database, per key and channel: a restarted server knows it too.
  second.close();
  await second.closed;
  await waitForNoStream(app, 1);
  const end = (await eventsSince(app)).filter((event) => event.channel === 'printer').at(-1)?.id;
  const kept = await waitFor('the position of the closed stream to be kept', async () => {
    const positions = app.runtime.storage.db.selectFrom('stream_positions').selectAll();
    const rows = await positions.where('channel', '=', 'printer').execute();
    return rows.some((row) => row.last_event_id === end) ? rows : null;
  });
  t.equal(kept.length, 2, 'one row per key that streamed the channel');
});

async function waitForNoStream(app: TestApp, left = 0): Promise<void> {
  const hub = app.runtime.app.services.hub;
  await waitFor('the server to see the stream close', () => hub.clientCount('printer') === left, { timeoutMs: 20_000 });
}

t.test("a key's position older than the kept history gets resync, as an old Last-Event-ID would", async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const base = await listen(app);
  const sell = seller(app, menu);
  const { id, key } = await newKey(app, { name: 'Print service', scope: 'printer' });
  const first = await openSse(`${base}/events/printer`, { 'x-api-key': key });
  t.teardown(() => first.close());
  const order = await sell();
  await first.waitFor(() => confirmedIds(first).includes(order.id));
  first.close();
  const db = app.runtime.storage.db;
  const position = db.selectFrom('stream_positions').select('last_event_id').where('key_id', '=', id);
  const kept = async () => (await position.executeTakeFirst())?.last_event_id;
  const stored = await waitFor('the position to be kept', kept);
  // The log was pruned past it (a print service that stayed away longer than the log keeps).
  await sell();
  const pruned = { key: 'events_pruned_through', value: String(stored + 1) };
  await db.insertInto('settings').values(pruned).execute();
  const back = await openSse(`${base}/events/printer`, { 'x-api-key': key });
  t.teardown(() => back.close());
  const events = await back.waitFor((list) => list.length > 0);
  t.match(events[0], { event: 'resync', data: '{"reason":"history-expired"}' }, 'told to reload its state');
});
