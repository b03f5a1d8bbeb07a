import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { ApiError, NetworkError, PosClient, readChannel } from '../../src/client/index.js';
import type { CashierEvent } from '../../src/api/events.js';

// The typed client against a real local HTTP server: the wire it writes, the errors it raises, the events it reads.

t.test('requests, errors and the cashier channel', async (t) => {
  const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/v1/orders' && request.method === 'POST')
        return json(201, { id: 7, displayCode: 'K7P', ticketNumber: 3 });
      if (request.url?.startsWith('/v1/orders?'))
        return json(200, { orders: [], pagination: { currentPage: 1, totalItems: 0, totalPages: 0 } });
      if (request.url === '/v1/foods')
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'The token has expired' });
      if (request.url === '/v1/orders/1/confirm')
        return json(400, { statusCode: 400, error: 'Bad Request', message: 'Order 1 is already confirmed' });
      if (request.url === '/v1/printers')
        return json(503, { statusCode: 503, error: 'Service Unavailable', message: 'busy' });
      if (request.url === '/events/cashier') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(
          ': keep-alive\n\nid: 4\nevent: food-availability-changed\ndata: {"foodId":"f1","available":false}\n\n',
        );
        response.write('id: 5\nevent: something-newer\ndata: not json\n\n');
        response.end('id: 6\nevent: printer-status-changed\ndata: {"printerId":"p1","status":"ERROR"}\n\n');
        return;
      }
      json(404, { statusCode: 404, error: 'Not Found', message: 'nope' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let token: string | null = 'tok-1';
  const client = new PosClient({ baseUrl: `${base}/`, token: () => token });

  const created = await client.createOrder(
    { table: '1', customer: 'x', orderItems: [{ foodId: 'f', quantity: 1 }] },
    'key-1',
  );
  t.equal(created.displayCode, 'K7P');
  t.match(seen.at(-1), {
    method: 'POST',
    url: '/v1/orders',
    headers: { authorization: 'Bearer tok-1', 'idempotency-key': 'key-1', 'content-type': 'application/json' },
  });
  t.same(JSON.parse(seen.at(-1)!.body), { table: '1', customer: 'x', orderItems: [{ foodId: 'f', quantity: 1 }] });

  await client.orders({ status: ['PENDING', 'CONFIRMED'], search: 'Rossi e figli', limit: 100 });
  t.equal(
    seen.at(-1)!.url,
    '/v1/orders?status=PENDING&status=CONFIRMED&search=Rossi+e+figli&limit=100',
    'repeated and encoded query parameters',
  );

  token = null;
  const expired = await client.foods().catch((error: unknown) => error);
  t.ok(expired instanceof ApiError);
  t.match(expired, { status: 401, message: 'The token has expired', unauthorized: true, final: false });
  t.notOk('authorization' in seen.at(-1)!.headers, 'no header without a token');
  t.match(await client.confirmOrder(1, { paymentMethod: 'CASH' }).catch((error: unknown) => error), {
    status: 400,
    final: true,
    message: 'Order 1 is already confirmed',
  });
  t.match(
    await client.printers().catch((error: unknown) => error),
    { status: 503, final: false },
    'a 5xx may pass on a later try',
  );

  const nowhere = new PosClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
  t.ok(
    (await nowhere.me().catch((error: unknown) => error)) instanceof NetworkError,
    'no server: a network error, to be tried again',
  );

  const events: Array<[CashierEvent, string]> = [];
  const controller = new AbortController();
  await readChannel(client, 'cashier', {
    signal: controller.signal,
    onEvent(event, id) {
      events.push([event, id]);
      if (events.length === 3) controller.abort();
    },
    idleTimeoutMs: 5000,
  });
  t.same(
    events.map(([event, id]) => [event.name, id]),
    [
      ['food-availability-changed', '4'],
      ['printer-status-changed', '6'],
      ['food-availability-changed', '4'],
    ],
    'typed events in order; a frame that is not JSON is skipped',
  );
  t.same(events[0]![0], { name: 'food-availability-changed', payload: { foodId: 'f1', available: false } });
  t.equal(events[2]![0].name, 'food-availability-changed', 'after the stream ended it reconnected');
  t.equal(
    seen.filter((r) => r.url === '/events/cashier').at(-1)!.headers['last-event-id'],
    '6',
    'with the last event id',
  );
});
