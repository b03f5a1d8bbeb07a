import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { httpFetch } from '../../src/cli/http-fetch.js';
import { ApiError, NetworkError } from '../../src/client/errors.js';
import { PosClient } from '../../src/client/http.js';
import type { TestLike } from '../helpers/app.js';

// The CLI's requests through node:http give PosClient what the global fetch gives it: answers, error bodies,
// network errors and timeouts, on a real socket on 127.0.0.1.

type Handler = (request: IncomingMessage, body: string) => [number, unknown] | null;

async function serve(t: TestLike, handler: Handler): Promise<string> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const answer = handler(request, body);
      if (!answer) return; // never answers: a stalled server
      response.writeHead(answer[0], { 'content-type': 'application/json' }).end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.test('answers, JSON bodies in both directions, headers and error bodies', async (t) => {
  const seen: Array<{ method?: string; url?: string; auth?: string; type?: string; body: string }> = [];
  const base = await serve(t, (request, body) => {
    const { method, url, headers } = request;
    seen.push({ method, url, auth: headers.authorization, type: headers['content-type'], body });
    if (request.url === '/v1/printers') return [200, [{ id: 'p1', name: 'Cucina' }]];
    if (request.url?.startsWith('/v1/orders')) return [201, { id: 7, customer: JSON.parse(body).customer }];
    return [404, { statusCode: 404, error: 'Not Found', message: 'Printer not found' }];
  });
  const client = new PosClient({ baseUrl: base, token: () => 'tok', fetch: httpFetch });
  t.same(await client.printers(), [{ id: 'p1', name: 'Cucina' }]);
  const created = await client.createOrder({ table: '1', customer: 'Caffè ☕', orderItems: [] } as never);
  t.same(created, { id: 7, customer: 'Caffè ☕' }, 'UTF-8 both ways');
  t.match(seen[1], { method: 'POST', auth: 'Bearer tok', type: 'application/json' });
  const missing = await client.testPrinter('nope').catch((error: unknown) => error);
  t.ok(missing instanceof ApiError);
  t.match(missing, { status: 404, message: 'Printer not found' });
});

t.test('a refused connection and a server that never answers are network errors', async (t) => {
  const stalled = await serve(t, () => null);
  // A port nothing listens on: bind one, then close it.
  const free = createServer();
  await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
  const nobody = (free.address() as AddressInfo).port;
  await new Promise<void>((resolve) => free.close(() => resolve()));
  const failure = (client: PosClient) => client.health().catch((error: unknown) => error);
  const refused = await failure(new PosClient({ baseUrl: `http://127.0.0.1:${nobody}`, fetch: httpFetch }));
  t.ok(refused instanceof NetworkError);
  t.match((refused as Error).message, /ECONNREFUSED/);
  const slow = await failure(new PosClient({ baseUrl: stalled, fetch: httpFetch, timeoutMs: 200 }));
  t.ok(slow instanceof NetworkError);
  t.match((slow as Error).message, /timeout|aborted/i);
});
