import t from 'tap';
import { CHANNEL_EVENTS, eventNames, type EventChannelName } from '../../src/api/events.js';
import { buildTestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder, eventsSince, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// The unions of src/api/events.ts describe what the server really emits: a day's worth of changes is made through
// the API, and every event written to the log parses with its channel's union.

t.test('every event the server emits parses with its channel union', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const response = await app.request({ method, url, body });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const pending = await createOrder(app, pizzaOrder(menu));
  await ok('POST', `/v1/orders/${pending.id}/confirm`, { paymentMethod: 'CASH', cashRegisterId: menu.register });
  const confirmed = await createOrder(app, pizzaOrder(menu, { confirm: { paymentMethod: 'CARD' } }));
  await ok('PATCH', `/v1/orders/${confirmed.id}`, { status: 'COMPLETED' });
  const detail = (await ok('GET', `/v1/orders/${confirmed.id}`)).json() as { categorizedItems: Array<{ items: Array<{ id: string }> }> };
  await ok('POST', `/v1/orders/${confirmed.id}/reprint`, { orderItems: [{ id: detail.categorizedItems[0]!.items[0]!.id }], reprintReceipt: true });
  await ok('DELETE', `/v1/orders/${pending.id}`);
  await ok('PATCH', `/v1/foods/${menu.foods.diavola}`, { available: false });
  await ok('PATCH', `/v1/categories/${menu.categories.desserts}`, { available: false });
  await ok('PATCH', `/v1/printers/${menu.printers.bar}`, { status: 'ERROR' });
  await ok('POST', '/v1/reports/general-closure', { cashRegister: menu.register });

  const events = await eventsSince(app);
  const seen = new Set<string>();
  for (const event of events) {
    const parsed = CHANNEL_EVENTS[event.channel as EventChannelName].safeParse({ name: event.name, payload: event.payload });
    t.ok(parsed.success, `${event.channel} ${event.name}${parsed.success ? '' : `: ${parsed.error.message}`}`);
    seen.add(`${event.channel} ${event.name}`);
  }
  for (const expected of [
    'cashier new-order', 'cashier confirmed-order', 'cashier order-status-changed', 'cashier order-deleted',
    'cashier food-availability-changed', 'cashier category-availability-changed', 'cashier printer-status-changed',
    'display confirmed-order', 'display order-status-changed', 'printer confirmed-order', 'printer reprint-order', 'printer general-closure',
  ]) {
    t.ok(seen.has(expected), `${expected} was emitted and checked`);
  }
  t.ok(eventNames('cashier').includes('food-availability-changed'));
  everyOf(t, eventNames('display'), (name) => !name.startsWith('food'), 'the display channel carries no catalog events');
});

t.test('a misspelt name or a wrong payload does not parse', async (t) => {
  t.notOk(CHANNEL_EVENTS.cashier.safeParse({ name: 'food-availability-change', payload: { foodId: 'x', available: true } }).success);
  t.notOk(CHANNEL_EVENTS.cashier.safeParse({ name: 'food-availability-changed', payload: { foodId: 'x', availble: true } }).success);
  t.ok(CHANNEL_EVENTS.cashier.safeParse({ name: 'food-availability-changed', payload: { foodId: 'x', available: true } }).success);
});
