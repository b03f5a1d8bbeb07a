import t from 'tap';
import { cuid } from '../../src/core/ids.js';
import type { HandoverPayload } from '../../src/core/printing/payloads.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder, eventsSince, lastEventId } from '../helpers/orders.js';
import { seedMenu, type SeededMenu } from '../helpers/seed.js';

// A drawer's shift through the API: open with a float, sell, close with a count; the figures, the refusals, the
// events and the handover slip queued on the register's printer.

async function sell(app: TestApp, menu: SeededMenu, at: string, paymentMethod: 'CASH' | 'CARD', foodId: string) {
  app.clock.set(at);
  return createOrder(app, {
    table: '1',
    customer: 'x',
    orderItems: [{ foodId, quantity: 1 }],
    confirm: { paymentMethod, cashRegisterId: menu.register },
  });
}

const sessionsUrl = (register: string) => `/v1/cash-registers/${register}/sessions`;
const closeUrl = (register: string) => `${sessionsUrl(register)}/current/close`;

t.test('open, sell, close with a count by denominations: the figures, the events and the slip', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await sell(app, menu, '2026-11-21T17:30:00.000Z', 'CASH', menu.foods.margherita); // before: not this drawer's
  const before = await lastEventId(app);

  app.clock.set('2026-11-21T18:00:00.000Z');
  const opened = await app.request({ method: 'POST', url: sessionsUrl(menu.register), body: { float: 100 } });
  t.equal(opened.statusCode, 201, opened.body);
  const session = opened.json();
  t.match(session, { cashRegisterId: menu.register, float: 100, openedAt: '2026-11-21T18:00:00.000Z' });
  t.ok(session.id);

  const again = await app.request({ method: 'POST', url: sessionsUrl(menu.register), body: { float: 50 } });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'session-open', 'a second open is refused while one is open');

  await sell(app, menu, '2026-11-21T18:10:00.000Z', 'CASH', menu.foods.margherita); // 7.50
  await sell(app, menu, '2026-11-21T18:20:00.000Z', 'CASH', menu.foods.tiramisu); // 4.50
  await sell(app, menu, '2026-11-21T18:30:00.000Z', 'CARD', menu.foods.diavola); // 8.50
  // Another register's sale is not this drawer's.
  app.clock.set('2026-11-21T18:35:00.000Z');
  await createOrder(app, {
    table: '1',
    customer: 'y',
    orderItems: [{ foodId: menu.foods.beer, quantity: 1 }],
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.disabledRegister },
  }).catch(() => null);

  const live = await app.request({ method: 'GET', url: sessionsUrl(menu.register), as: 'operator' });
  t.equal(live.statusCode, 200);
  t.match(live.json(), [
    { status: 'open', orders: 3, cashSales: 12, cardSales: 8.5, expectedCash: 112, counted: null },
  ]);

  app.clock.set('2026-11-21T22:00:00.000Z');
  const closed = await app.request({
    method: 'POST',
    url: closeUrl(menu.register),
    as: 'operator',
    body: { denominations: { '50': 2, '5': 2, '0.5': 3, '0.50': 1 }, cardTerminalTotal: 8.5, note: 'tutto ok' },
  });
  t.equal(closed.statusCode, 200, closed.body);
  t.match(closed.json(), {
    status: 'closed',
    float: 100,
    orders: 3,
    cashSales: 12,
    cashRefunds: 0,
    expectedCash: 112,
    counted: 112,
    difference: 0,
    cardSales: 8.5,
    cardRefunds: 0,
    cardTerminalTotal: 8.5,
    cardDifference: 0,
    denominations: { '50': 2, '5': 2, '0.5': 4 },
    note: 'tutto ok',
    closedAt: '2026-11-21T22:00:00.000Z',
    closedBy: 'token:test-operator',
  });

  const names = (await eventsSince(app, before)).map((event) => `${event.channel}/${event.name}`);
  t.ok(names.includes('cashier/cash-session-opened'), 'opened on cashier');
  t.ok(names.includes('cashier/cash-session-closed'), 'closed on cashier');

  const job = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('kind', '=', 'closure')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  t.equal(job.printer_id, menu.printers.till, 'the slip goes to the register printer');
  const payload = JSON.parse(job.payload) as HandoverPayload;
  t.match(payload, {
    kind: 'handover',
    registerName: 'Cassa 1',
    floatCents: 10000,
    cashSalesCents: 1200,
    expectedCents: 11200,
    countedCents: 11200,
    differenceCents: 0,
    denominations: [
      { valueCents: 5000, count: 2 },
      { valueCents: 500, count: 2 },
      { valueCents: 50, count: 4 },
    ],
  });

  const none = await app.request({ method: 'POST', url: closeUrl(menu.register), body: { counted: 1 } });
  t.equal(none.statusCode, 409);
  t.equal(none.json().code, 'session-not-open', 'nothing to close');

  const list = (await app.request({ method: 'GET', url: sessionsUrl(menu.register) })).json();
  t.equal(list.length, 1);
  t.match(list[0], { status: 'closed', counted: 112, difference: 0 });
});

t.test('a short drawer, a counted total, and a new session after the close', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.request({ method: 'POST', url: sessionsUrl(menu.register), body: { float: 50.5 } });
  await sell(app, menu, '2026-11-21T17:10:00.000Z', 'CASH', menu.foods.beer); // 4.00
  app.clock.set('2026-11-21T19:00:00.000Z');
  const closed = await app.request({ method: 'POST', url: closeUrl(menu.register), body: { counted: 53 } });
  t.match(closed.json(), { expectedCash: 54.5, counted: 53, difference: -1.5, cardTerminalTotal: null });
  // The same millisecond: the next drawer starts after it, and an order then is the new drawer's only.
  const second = await app.request({ method: 'POST', url: sessionsUrl(menu.register), body: { float: 0 } });
  t.equal(second.statusCode, 201);
  t.equal(second.json().openedAt, '2026-11-21T19:00:00.001Z');
  await sell(app, menu, '2026-11-21T19:30:00.000Z', 'CASH', menu.foods.tiramisu);
  const list = (await app.request({ method: 'GET', url: sessionsUrl(menu.register) })).json();
  t.match(list, [
    { status: 'open', orders: 1, cashSales: 4.5, expectedCash: 4.5 },
    { status: 'closed', orders: 1, cashSales: 4 },
  ]);
});

t.test('a register with its drawer open is not deleted; once the drawer is closed it is', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const register = (
    await app.request({
      method: 'POST',
      url: '/v1/cash-registers',
      body: { name: 'Cassa 3', defaultPrinterId: menu.printers.till },
    })
  ).json();
  t.equal((await app.request({ method: 'POST', url: sessionsUrl(register.id), body: { float: 10 } })).statusCode, 201);
  const refused = await app.request({ method: 'DELETE', url: `/v1/cash-registers/${register.id}` });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'session-open', message: /"Cassa 3" has its drawer open: close its cash session/ });
  const still = await app.request({ method: 'GET', url: sessionsUrl(register.id) });
  t.match(still.json(), [{ status: 'open', float: 10 }], 'the register and its open drawer are there as they were');
  t.equal((await app.request({ method: 'POST', url: closeUrl(register.id), body: { counted: 10 } })).statusCode, 200);
  const deleted = await app.request({ method: 'DELETE', url: `/v1/cash-registers/${register.id}` });
  t.equal(deleted.statusCode, 200, deleted.body);
});

t.test('bad input gets a clear 400 and changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const refused = async (url: string, body: unknown, path: string) => {
    const response = await app.request({ method: 'POST', url, body });
    t.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
    t.ok(
      (response.json().details as Array<{ path: string }>).some((detail) => detail.path.startsWith(path)),
      `${JSON.stringify(body)} names ${path}`,
    );
  };
  await refused(sessionsUrl(menu.register), { float: -1 }, 'body.float');
  await refused(sessionsUrl(menu.register), { float: 1.005 }, 'body.float');
  await refused(sessionsUrl(menu.register), {}, 'body.float');
  const unknown = await app.request({
    method: 'POST',
    url: sessionsUrl(cuid()),
    body: { float: 1 },
  });
  t.equal(unknown.statusCode, 404, 'an unknown register');
  t.equal(await count(app), 0, 'no session was opened');

  await app.request({ method: 'POST', url: sessionsUrl(menu.register), body: { float: 10 } });
  await refused(closeUrl(menu.register), { denominations: { '3': 1 } }, 'body.denominations.3');
  await refused(closeUrl(menu.register), { denominations: { '20': -1 } }, 'body.denominations.20');
  await refused(closeUrl(menu.register), { denominations: { '20': 1.5 } }, 'body.denominations.20');
  await refused(closeUrl(menu.register), { denominations: { abc: 1 } }, 'body.denominations.abc');
  await refused(closeUrl(menu.register), { counted: 10, denominations: { '10': 1 } }, 'body.denominations');
  await refused(closeUrl(menu.register), { counted: 'ten' }, 'body.counted');
  await refused(closeUrl(menu.register), { cardTerminalTotal: -5 }, 'body.cardTerminalTotal');
  const still = (await app.request({ method: 'GET', url: sessionsUrl(menu.register) })).json();
  t.match(still, [{ status: 'open' }], 'the session is still open');
  const forbidden = await app.request({ method: 'POST', url: sessionsUrl(menu.register), as: 'none', body: {} });
  t.equal(forbidden.statusCode, 401);
});

t.test('an Idempotency-Key closes once: the retry gets the same answer', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.request({ method: 'POST', url: sessionsUrl(menu.register), body: { float: 10 } });
  const close = () =>
    app.request({
      method: 'POST',
      url: closeUrl(menu.register),
      body: { counted: 10 },
      headers: { 'idempotency-key': 'close-1' },
    });
  const first = await close();
  const retry = await close();
  t.equal(first.statusCode, 200);
  t.equal(retry.statusCode, 200);
  t.equal(retry.headers['idempotent-replayed'], 'true');
  t.same(retry.json(), first.json());
});

async function count(app: TestApp): Promise<number> {
  const rows = await app.runtime.storage.db.selectFrom('cash_sessions').select('id').execute();
  return rows.length;
}

t.test("the general closure lists the day's sessions, and each register's sessions add up to its line", async (t) => {
  const app = await buildTestApp(t, { start: '2026-11-21T15:00:00.000Z' });
  const menu = await seedMenu(app);
  const created = await app.request({
    method: 'POST',
    url: '/v1/cash-registers',
    body: { name: 'Bar', defaultPrinterId: menu.printers.bar },
  });
  const bar = created.json().id as string;
  const open = (register: string, at: string, float: number) => {
    app.clock.set(at);
    return app.request({ method: 'POST', url: sessionsUrl(register), body: { float } });
  };
  const close = (register: string, at: string, counted: number) => {
    app.clock.set(at);
    return app.request({ method: 'POST', url: closeUrl(register), body: { counted } });
  };
  const sellAt = (register: string, at: string, paymentMethod: 'CASH' | 'CARD', foodId: string, quantity = 1) => {
    app.clock.set(at);
    return createOrder(app, {
      table: '1',
      customer: 'x',
      orderItems: [{ foodId, quantity }],
      confirm: { paymentMethod, cashRegisterId: register },
    });
  };
  // Cassa 1: two shifts back to back; Bar: one shift still open at the closure.
  await open(menu.register, '2026-11-21T16:00:00.000Z', 100);
  await open(bar, '2026-11-21T16:05:00.000Z', 50);
  await sellAt(menu.register, '2026-11-21T16:30:00.000Z', 'CASH', menu.foods.margherita, 2); // 15.00
  await sellAt(bar, '2026-11-21T16:40:00.000Z', 'CASH', menu.foods.beer, 3); // 12.00
  await sellAt(menu.register, '2026-11-21T17:10:00.000Z', 'CARD', menu.foods.diavola); // 8.50
  await close(menu.register, '2026-11-21T19:00:00.000Z', 114);
  await open(menu.register, '2026-11-21T19:00:00.000Z', 20);
  await sellAt(menu.register, '2026-11-21T19:00:00.002Z', 'CASH', menu.foods.tiramisu); // 4.50
  await sellAt(bar, '2026-11-21T20:00:00.000Z', 'CARD', menu.foods.beer); // 4.00
  await sellAt(menu.register, '2026-11-21T21:00:00.000Z', 'CARD', menu.foods.margherita); // 7.50
  await close(menu.register, '2026-11-21T21:30:00.000Z', 24.5);

  app.clock.set('2026-11-21T22:00:00.000Z');
  const response = await app.request({
    method: 'POST',
    url: '/v1/reports/general-closure',
    body: { cashRegister: menu.register },
  });
  t.equal(response.statusCode, 201, response.body);
  const closure = response.json();
  t.match(closure.sessions, [
    {
      cashRegisterName: 'Cassa 1',
      expectedCash: 115,
      counted: 114,
      difference: -1,
      closedAt: '2026-11-21T19:00:00.000Z',
    },
    { cashRegisterName: 'Bar', expectedCash: 62, counted: null, closedAt: null },
    { cashRegisterName: 'Cassa 1', expectedCash: 24.5, counted: 24.5, difference: 0 },
  ]);
  const lines = closure.cashRegisterStats as Array<Record<string, any>>;
  everyOf(
    t,
    lines,
    (line) => {
      const mine = (closure.sessions as Array<Record<string, any>>).filter(
        (s) => s.cashRegisterId === line.cashRegisterId,
      );
      const cash = mine.reduce((sum, s) => sum + s.cashSales * 100, 0);
      const all = mine.reduce((sum, s) => sum + (s.cashSales + s.cardSales) * 100, 0);
      return (
        mine.length > 0 &&
        Math.round(cash) === Math.round(line.totalCashRevenue * 100) &&
        Math.round(all) === Math.round(line.totalRevenue * 100)
      );
    },
    "each register's sessions add up to its line of the closure (cash and in all)",
  );
  t.equal(lines.length, 2);

  const job = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .select('payload')
    .where('report_id', '=', closure.id)
    .executeTakeFirstOrThrow();
  t.equal(JSON.parse(job.payload).sessions.length, 3, 'the printed closure lists the three sessions');
});
