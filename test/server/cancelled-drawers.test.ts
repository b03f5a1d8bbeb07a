import t, { type Test } from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// A cancelled order and the drawers: each drawer holds what it says however the sale, its refunds and the
// cancellation were spread over drawers, registers and payment methods. The report forgets the order (the sale never
// happened); the drawers count the money as it moved.

const sessionsUrl = (register: string) => `/v1/cash-registers/${register}/sessions`;

async function setUp(t: Test) {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  app.clock.set('2026-11-21T18:00:00.000Z');
  const created = await app.request({
    method: 'POST',
    url: '/v1/cash-registers',
    body: { name: 'Cassa 3', defaultPrinterId: menu.printers.till },
  });
  t.equal(created.statusCode, 201, created.body);
  const second = created.json().id as string;
  const at = (time: string) => app.clock.set(`2026-11-21T${time}:00.000Z`);
  const open = async (register: string, float: number) => {
    const opened = await app.request({ method: 'POST', url: sessionsUrl(register), body: { float } });
    t.equal(opened.statusCode, 201, opened.body);
  };
  const close = async (register: string, counted: number) => {
    const url = `${sessionsUrl(register)}/current/close`;
    const closed = await app.request({ method: 'POST', url, body: { counted } });
    t.equal(closed.statusCode, 200, closed.body);
    return closed.json();
  };
  /** Two margheritas (15.00) at Cassa 1. */
  const sell = async (paymentMethod: 'CASH' | 'CARD') => {
    const order = await createOrder(app, {
      table: '1',
      customer: 'Rossi',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 2 }],
      confirm: { paymentMethod, cashRegisterId: menu.register },
    });
    return order.id;
  };
  /** One margherita back (7.50), by `method` at `register`. */
  const refundOne = async (orderId: number, method: 'CASH' | 'CARD', register: string) => {
    const detail = (await app.request({ method: 'GET', url: `/v1/orders/${orderId}` })).json();
    const [line] = detail.categorizedItems.flatMap((group: { items: Array<{ id: string }> }) => group.items);
    const refunded = await app.request({
      method: 'POST',
      url: `/v1/orders/${orderId}/refunds`,
      body: { items: [{ id: line.id, quantity: 1 }], reason: 'cold', method, cashRegisterId: register },
    });
    t.equal(refunded.statusCode, 201, refunded.body);
  };
  const cancel = async (orderId: number) => {
    const deleted = await app.request({ method: 'DELETE', url: `/v1/orders/${orderId}` });
    t.equal(deleted.statusCode, 204, deleted.body);
  };
  const drawers = async (register: string) =>
    ((await app.request({ method: 'GET', url: sessionsUrl(register) })).json() as Array<Record<string, unknown>>).map(
      ({ status, cashSales, cardSales, cashRefunds, cardRefunds, expectedCash }) => ({
        status,
        cashSales,
        cardSales,
        cashRefunds,
        cardRefunds,
        expectedCash,
      }),
    );
  /** The evening's report: none at all once its only order is cancelled (no sale happened). */
  const reports = async () =>
    (await app.request({ method: 'GET', url: '/v1/reports?from=2026-11-21&groupBy=all' })).json();
  return { app, menu, second, at, open, close, sell, refundOne, cancel, drawers, reports };
}

t.test(
  'paid by card, a line refunded in cash, then cancelled: the drawer is still short the cash it paid',
  async (t) => {
    const { menu, at, open, sell, refundOne, cancel, drawers, reports } = await setUp(t);
    await open(menu.register, 50);
    at('18:10');
    const order = await sell('CARD');
    at('18:20');
    await refundOne(order, 'CASH', menu.register);
    at('18:30');
    await cancel(order);
    t.same(await drawers(menu.register), [
      // 15.00 in on the card terminal; 7.50 out of the drawer; the other 7.50 back on the card.
      { status: 'open', cashSales: 0, cardSales: 15, cashRefunds: 7.5, cardRefunds: 7.5, expectedCash: 42.5 },
    ]);
    t.same(await reports(), [], 'in no report: neither the sale nor its refund');
  },
);

t.test('sold at one register, a line refunded in cash at another, then cancelled: each drawer right', async (t) => {
  const { menu, second, at, open, sell, refundOne, cancel, drawers } = await setUp(t);
  await open(menu.register, 50);
  await open(second, 50);
  at('18:10');
  const order = await sell('CASH');
  at('18:20');
  await refundOne(order, 'CASH', second);
  at('18:30');
  await cancel(order);
  t.match(await drawers(menu.register), [{ cashSales: 15, cashRefunds: 7.5, expectedCash: 57.5 }]);
  t.match(await drawers(second), [{ cashSales: 0, cashRefunds: 7.5, expectedCash: 42.5 }]);
});

t.test('cancelled after the drawer that took it was closed: the next drawer pays it back', async (t) => {
  const { menu, at, open, close, sell, cancel, drawers, reports } = await setUp(t);
  await open(menu.register, 50);
  at('18:10');
  const order = await sell('CASH');
  at('19:00');
  t.match(await close(menu.register, 65), { cashSales: 15, expectedCash: 65, difference: 0 }, 'counted right');
  await open(menu.register, 50);
  at('19:10');
  await cancel(order);
  t.same(await drawers(menu.register), [
    { status: 'open', cashSales: 0, cardSales: 0, cashRefunds: 15, cardRefunds: 0, expectedCash: 35 },
    { status: 'closed', cashSales: 15, cardSales: 0, cashRefunds: 0, cardRefunds: 0, expectedCash: 65 },
  ]);
  t.same(await reports(), []);
});

t.test('sold, refunded and cancelled in one drawer: as if the order had never been', async (t) => {
  const { menu, at, open, sell, refundOne, cancel, drawers } = await setUp(t);
  await open(menu.register, 50);
  at('18:10');
  const order = await sell('CASH');
  at('18:20');
  await refundOne(order, 'CASH', menu.register);
  at('18:30');
  await cancel(order);
  t.match(await drawers(menu.register), [{ cashSales: 15, cashRefunds: 15, expectedCash: 50 }]);
});
