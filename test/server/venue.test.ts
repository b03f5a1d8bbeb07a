import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { eventsSince, lastEventId, pizzaOrder } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';

// The venue resource: any credential reads it, an admin changes it; the tills and TVs hear of each change; the
// receipts print its lines, and the cash received with the change when the till sends it.

async function receiptPayloads(app: TestApp, orderId: number) {
  const rows = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .select(['kind', 'payload'])
    .where('order_id', '=', orderId)
    .execute();
  return rows
    .filter((row) => row.kind.endsWith('receipt'))
    .map((row) => ({ ...JSON.parse(row.payload), kind: row.kind }));
}

t.test('a fresh venue: defaults, locale and time zone from pos serve, askTable from --no-tables', async (t) => {
  const app = await buildTestApp(t, { config: { locale: 'it', tables: false } });
  const key = await app.apiKey('display');
  const response = await app.request({ method: 'GET', url: '/v1/venue', as: { key } });
  t.equal(response.statusCode, 200, 'a display key reads it');
  t.same(response.json(), {
    name: '',
    receiptHeader: [],
    receiptFooter: [],
    askTable: false,
    waiterTables: false,
    pickupAfterMinutes: 10,
    locale: 'it',
    timezone: 'Europe/Rome',
  });
  t.equal(
    (await app.request({ method: 'GET', url: '/v1/venue', as: 'operator' })).statusCode,
    200,
    'an operator reads it',
  );
  t.equal((await app.request({ method: 'GET', url: '/v1/venue', as: 'none' })).statusCode, 401, 'no credential: 401');
  t.equal(
    (await app.request({ method: 'GET', url: '/health', as: 'none' })).json().tables,
    false,
    '/health follows --no-tables',
  );
});

t.test(
  'PATCH (admin) changes the given fields, emits venue-changed on cashier and display, and /health follows',
  async (t) => {
    const app = await buildTestApp(t);
    const before = await lastEventId(app);
    const patched = await app.request({
      method: 'PATCH',
      url: '/v1/venue',
      body: {
        name: 'Sagra della castagna',
        receiptHeader: ['Pro Loco di Borgo', ' Sagra 2026 '],
        receiptFooter: ['Documento non fiscale'],
        askTable: false,
        locale: 'it',
      },
    });
    t.equal(patched.statusCode, 200, patched.body);
    const venue = patched.json();
    t.match(
      venue,
      {
        name: 'Sagra della castagna',
        receiptHeader: ['Pro Loco di Borgo', 'Sagra 2026'],
        receiptFooter: ['Documento non fiscale'],
        askTable: false,
        locale: 'en',
      },
      'trimmed; locale is read-only and ignored',
    );
    t.same((await app.request({ method: 'GET', url: '/v1/venue', as: 'operator' })).json(), venue, 'GET shows it');
    const events = await eventsSince(app, before);
    t.same(
      events.map((e) => `${e.channel} ${e.name}`),
      ['cashier venue-changed', 'display venue-changed'],
    );
    t.same(events[0]!.payload, venue, 'the event carries the whole venue');
    t.equal(
      (await app.request({ method: 'GET', url: '/health', as: 'none' })).json().tables,
      false,
      '/health says what the venue set',
    );

    const second = await app.request({ method: 'PATCH', url: '/v1/venue', body: { pickupAfterMinutes: 15 } });
    t.match(
      second.json(),
      { name: 'Sagra della castagna', askTable: false, pickupAfterMinutes: 15 },
      'the other fields are kept',
    );
    const mark = await lastEventId(app);
    t.equal(
      (await app.request({ method: 'PATCH', url: '/v1/venue', body: { pickupAfterMinutes: 15 } })).statusCode,
      200,
    );
    t.same(await eventsSince(app, mark), [], 'a PATCH that changes nothing emits nothing');
  },
);

t.test('bad PATCHes: 400 or 403, and nothing changes', async (t) => {
  const app = await buildTestApp(t);
  await app.request({ method: 'PATCH', url: '/v1/venue', body: { name: 'Sagra' } });
  const tables = ['venue', 'events'];
  const snapshot = await snapshotTables(app, tables);
  const bad: Array<[unknown, string]> = [
    [{}, 'must change at least one'],
    [{ locale: 'it' }, 'locale and timezone are set by pos serve'],
    [{ receiptHeader: ['1', '2', '3', '4', '5'] }, 'at most 4 lines'],
    [{ receiptFooter: ['x'.repeat(49)] }, 'at most 48 characters'],
    [{ receiptFooter: ['\u001b@'] }, 'control characters'],
    [{ name: 'x'.repeat(101) }, 'at most 100'],
    [{ askTable: 'yes' }, 'expected boolean'],
    [{ pickupAfterMinutes: 2.5 }, 'whole number'],
    [{ pickupAfterMinutes: -1 }, 'from 0 to 240'],
  ];
  for (const [body, message] of bad) {
    const response = await app.request({ method: 'PATCH', url: '/v1/venue', body });
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.match(response.body, message);
  }
  t.equal(
    (await app.request({ method: 'PATCH', url: '/v1/venue', as: 'operator', body: { name: 'X' } })).statusCode,
    403,
    'an operator may not',
  );
  const key = await app.apiKey('display');
  const after = await snapshotTables(app, tables);
  t.same(after.venue, snapshot.venue, 'the venue is unchanged');
  t.equal(after.events!.length, snapshot.events!.length, 'no event');
  t.equal(
    (await app.request({ method: 'PATCH', url: '/v1/venue', as: { key }, body: { name: 'X' } })).statusCode,
    403,
    'a device key may not',
  );
});

t.test(
  'receipts carry the venue lines, and the cash received when the till sent it (at least the total)',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    await app.request({
      method: 'PATCH',
      url: '/v1/venue',
      body: { receiptHeader: ['Pro Loco'], receiptFooter: ['Documento non fiscale'] },
    });
    const confirm = { paymentMethod: 'CASH', cashRegisterId: menu.register };
    const created = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { ...confirm, cashReceived: 50 } }),
    });
    t.equal(created.statusCode, 201, created.body);
    const order = created.json() as { id: number; total: string };
    t.match(await receiptPayloads(app, order.id), [
      { kind: 'receipt', header: ['Pro Loco'], footer: ['Documento non fiscale'], cashReceivedCents: 5000 },
    ]);

    const pending = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body: pizzaOrder(menu) });
    const id = pending.json().id as number;
    const total = Math.round(Number(pending.json().total) * 100) / 100;
    const snapshot = await snapshotTables(app, ['orders', 'print_jobs', 'events', 'ticket_counters']);
    const short = await app.request({
      method: 'POST',
      url: `/v1/orders/${id}/confirm`,
      as: 'operator',
      body: { ...confirm, cashReceived: total - 0.01 },
    });
    t.equal(short.statusCode, 400);
    t.match(short.json(), { message: /less than the total/, details: [{ path: 'body.cashReceived' }] });
    const card = await app.request({
      method: 'POST',
      url: `/v1/orders/${id}/confirm`,
      as: 'operator',
      body: { ...confirm, paymentMethod: 'CARD', cashReceived: 100 },
    });
    t.equal(card.statusCode, 400, 'cash received with a card payment');
    const atCreation = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { ...confirm, cashReceived: 1 } }),
    });
    t.match(atCreation.json(), { statusCode: 400, details: [{ path: 'body.confirm.cashReceived' }] });
    t.same(
      await snapshotTables(app, ['orders', 'print_jobs', 'events', 'ticket_counters']),
      snapshot,
      'the refusals changed nothing',
    );

    const exact = await app.request({
      method: 'POST',
      url: `/v1/orders/${id}/confirm`,
      as: 'operator',
      body: { ...confirm, cashReceived: total },
    });
    t.equal(exact.statusCode, 200, 'exactly the total is fine');
    const reprint = await app.request({
      method: 'POST',
      url: `/v1/orders/${id}/reprint-receipt`,
      as: 'operator',
      body: {},
    });
    t.equal(reprint.statusCode, 200);
    const receipts = await receiptPayloads(app, id);
    t.match(
      receipts,
      [
        { kind: 'receipt', cashReceivedCents: Math.round(total * 100) },
        { kind: 'reprint-receipt', cashReceivedCents: null, header: ['Pro Loco'] },
      ],
      'a reprint prints the lines but not the cash (the till did not send it again)',
    );

    const plain = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm }),
    });
    t.match(
      await receiptPayloads(app, plain.json().id),
      [{ kind: 'receipt', cashReceivedCents: null }],
      'no cash sent: none printed',
    );
  },
);
