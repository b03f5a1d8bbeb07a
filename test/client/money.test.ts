import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { decodeMoney, encodeMoney } from '../../src/api/money-codec.js';
import { OrderRecord } from '../../src/api/orders.js';
import type { CashierEvent } from '../../src/api/events.js';
import { PosClient, readChannel } from '../../src/client/index.js';

// Money is cents on both sides of the typed client: it writes a request's amounts as the wire has them and reads
// every response and event back into cents. A real local server plays the API with the wire's shapes.

const record = {
  id: 4,
  displayCode: 'K7P',
  table: '1',
  customer: 'x',
  createdAt: '2026-11-21T19:00:00.000Z',
  confirmedAt: null,
  ticketNumber: null,
  status: 'PENDING',
  paymentMethod: null,
  subTotal: '16.50',
  discount: '1.20',
  surcharge: '1.50',
  total: '15.30',
  userId: null,
  cashRegisterId: null,
  completedAt: null,
  updatedAt: '2026-11-21T19:00:00.000Z',
  covers: 2,
  service: 'TABLE',
  orderItems: [
    {
      id: 'i1',
      orderId: 4,
      foodId: 'f1',
      quantity: 2,
      notes: '',
      unitPrice: '7.50',
      unitSurcharge: '0.75',
      total: '16.50',
      choices: [],
    },
  ],
};

t.test("requests go out in the wire's amounts, responses and events come back in cents", async (t) => {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (body) bodies.push(JSON.parse(body));
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/v1/orders' && request.method === 'POST') {
        return json(201, { ...record, orderItems: true, warnings: [], extra: 'a newer server adds this' });
      }
      if (request.url === '/v1/foods')
        return json(200, [{ id: 'f1', name: 'Margherita', price: 7.5, status: 'SOMETHING_NEW' }]);
      if (request.url?.startsWith('/v1/reports')) {
        return json(200, [
          {
            totalRevenue: 1234.5,
            totalCashRevenue: 1000,
            totalCardRevenue: 234.5,
            totalDiscount: 0.1,
            categoryStats: [{ revenue: 0.3, foodStats: [{ revenue: 0.3 }] }],
            cashRegisterStats: [],
            noRegisterStats: { totalRevenue: 1234.5, totalCashRevenue: 1000, totalCardRevenue: 234.5 },
          },
        ]);
      }
      if (request.url === '/events/cashier') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(`id: 1\nevent: new-order\ndata: ${JSON.stringify(record)}\n\n`);
        return;
      }
      json(404, { statusCode: 404, code: 'not-found', error: 'Not Found', message: 'nope' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const client = new PosClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });

  const created = await client.createOrder({
    table: '1',
    customer: 'x',
    orderItems: [{ foodId: 'f1', quantity: 2, surcharge: 150 }],
    confirm: { paymentMethod: 'CASH', discount: 120 },
  });
  t.same(
    bodies.at(-1),
    {
      table: '1',
      customer: 'x',
      orderItems: [{ foodId: 'f1', quantity: 2, surcharge: 1.5 }],
      confirm: { paymentMethod: 'CASH', discount: 1.2 },
    },
    "cents out as the wire's numbers",
  );
  t.match(
    created,
    { subTotal: 1650, discount: 120, total: 1530, extra: 'a newer server adds this' },
    'decimal strings in as cents; unknown fields kept',
  );

  const [food] = await client.foods();
  t.match(
    food,
    { price: 750, status: 'SOMETHING_NEW' },
    'a number of euros in as cents; a value it does not know passes',
  );
  const [report] = await client.reports({ from: '2026-11-21', groupBy: 'day' });
  t.match(
    report,
    {
      totalRevenue: 123450,
      totalCardRevenue: 23450,
      totalDiscount: 10,
      categoryStats: [{ revenue: 30, foodStats: [{ revenue: 30 }] }],
    },
    'report figures in cents, no float noise',
  );

  const events: CashierEvent[] = [];
  const controller = new AbortController();
  await readChannel(client, 'cashier', {
    signal: controller.signal,
    maxRetryMs: 10,
    onEvent: (event) => {
      events.push(event);
      controller.abort();
    },
  });
  const [event] = events;
  t.equal(event?.name, 'new-order');
  if (event?.name === 'new-order') {
    t.match(event.payload, { subTotal: 1650, discount: 120, surcharge: 150, total: 1530 });
    t.match(
      event.payload.orderItems[0],
      { unitPrice: 750, unitSurcharge: 75, total: 1650 },
      "an event's amounts in cents",
    );
  }
});

t.test('the codec round-trips what the wire carries, exactly', async (t) => {
  const cents = decodeMoney(OrderRecord, record);
  t.match(cents, { subTotal: 1650, orderItems: [{ unitPrice: 750 }] });
  t.same(
    OrderRecord.encode(OrderRecord.parse(record)),
    record,
    'parsed into cents and written out again: the same wire',
  );
  t.same(encodeMoney(OrderRecord, cents), record, "the client's walk writes the same");
  t.throws(
    () => OrderRecord.encode({ ...OrderRecord.parse(record), total: 12.5 }),
    'cents must be whole: a euro number slipping in is caught',
  );
});
