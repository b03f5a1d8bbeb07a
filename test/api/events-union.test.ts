import t from 'tap';
import { CHANNEL_EVENTS, EVENT_CHANNELS, eventNames, type EventChannelName } from '../../src/api/events.js';
import { buildTestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder, eventsSince, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// The unions of src/api/events.ts describe exactly what the server emits: a day's worth of changes is made through
// the API, every event written to the log parses with its channel's union and loses nothing in parsing (a field
// the server sends but the union does not declare fails), and every event of every union was seen.

t.test(
  'every event the server emits parses with its channel union, field for field, and every union event occurs',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
      const response = await app.request({ method, url, body });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    await ok('PATCH', `/v1/foods/${menu.foods.margherita}`, { stock: 50 });
    const pending = await createOrder(app, pizzaOrder(menu));
    await ok('POST', `/v1/orders/${pending.id}/confirm`, { paymentMethod: 'CASH', cashRegisterId: menu.register });
    const confirmed = await createOrder(
      app,
      pizzaOrder(menu, { confirm: { paymentMethod: 'CARD', cashRegisterId: menu.register } }),
    );
    const detail = (await ok('GET', `/v1/orders/${confirmed.id}`)).json() as {
      categorizedItems: Array<{ items: Array<{ id: string }> }>;
      stations: Array<{ printerId: string }>;
    };
    t.ok(detail.stations.length > 0, 'the order waits at a station');
    await ok('PATCH', `/v1/orders/${confirmed.id}/stations/${detail.stations[0]!.printerId}`, { status: 'DONE' });
    await ok('PATCH', `/v1/orders/${confirmed.id}`, { table: '5' });
    await ok('PATCH', `/v1/orders/${confirmed.id}`, { status: 'COMPLETED' });
    await ok('POST', `/v1/orders/${confirmed.id}/reprint`, {
      orderItems: [{ id: detail.categorizedItems[0]!.items[0]!.id }],
      reprintReceipt: true,
    });
    await ok('POST', `/v1/orders/${confirmed.id}/reprint-receipt`, {});
    await ok('POST', `/v1/orders/${confirmed.id}/refunds`, {
      items: [{ id: detail.categorizedItems[0]!.items[0]!.id, quantity: 1 }],
      reason: 'cold',
    });
    await ok('DELETE', `/v1/orders/${pending.id}`);
    await ok('PATCH', `/v1/foods/${menu.foods.diavola}`, { available: false });
    await ok('PATCH', `/v1/categories/${menu.categories.desserts}`, { available: false });
    await ok('PATCH', `/v1/printers/${menu.printers.bar}`, { status: 'ERROR' });
    await ok('POST', `/v1/cash-registers/${menu.register}/open-drawer`);
    await ok('POST', `/v1/cash-registers/${menu.register}/sessions`, { float: 100 });
    await ok('POST', `/v1/cash-registers/${menu.register}/sessions/current/close`, {
      denominations: { '50': 2, '0.5': 3 },
      cardTerminalTotal: 12.5,
      note: 'ok',
    });
    await ok('POST', '/v1/reports/general-closure', { cashRegister: menu.register });
    await ok('PATCH', '/v1/venue', { name: 'Sagra del Fungo', receiptFooter: ['Documento non fiscale'] });

    const events = await eventsSince(app);
    t.ok(events.length > 0, 'events were logged');
    const seen = new Set<string>();
    for (const event of events) {
      const parsed = CHANNEL_EVENTS[event.channel as EventChannelName].safeParse({
        name: event.name,
        payload: event.payload,
      });
      if (!parsed.success) {
        t.fail(`${event.channel} ${event.name}: ${parsed.error.message}`);
        continue;
      }
      // Parsing reads the amounts into cents; written out again by the same union, the payload is what was sent.
      const wire = CHANNEL_EVENTS[event.channel as EventChannelName].encode(parsed.data as never).payload;
      t.strictSame(wire, event.payload, `${event.channel} ${event.name}: the union declares every field sent`);
      seen.add(`${event.channel} ${event.name}`);
    }
    for (const channel of EVENT_CHANNELS) {
      for (const name of eventNames(channel)) {
        if (name === 'resync') continue; // the hub's own, never logged (test/server/events.test.ts)
        t.ok(seen.has(`${channel} ${name}`), `${channel} ${name} was emitted and checked`);
      }
    }
    everyOf(
      t,
      eventNames('display'),
      (name) => !name.startsWith('food'),
      'the display channel carries no catalog events',
    );
  },
);

t.test('a misspelt name or a wrong payload does not parse', async (t) => {
  t.notOk(
    CHANNEL_EVENTS.cashier.safeParse({ name: 'food-availability-change', payload: { foodId: 'x', available: true } })
      .success,
  );
  t.notOk(
    CHANNEL_EVENTS.cashier.safeParse({ name: 'food-availability-changed', payload: { foodId: 'x', availble: true } })
      .success,
  );
  t.ok(
    CHANNEL_EVENTS.cashier.safeParse({ name: 'food-availability-changed', payload: { foodId: 'x', available: true } })
      .success,
  );
  t.notOk(
    CHANNEL_EVENTS.display.safeParse({ name: 'food-availability-changed', payload: { foodId: 'x', available: true } })
      .success,
    'not on the display channel',
  );
  t.ok(CHANNEL_EVENTS.printer.safeParse({ name: 'resync', payload: { reason: 'unknown-last-event-id' } }).success);
});
