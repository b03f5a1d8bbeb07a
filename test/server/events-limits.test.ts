import { connect, type Socket } from 'node:net';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { getOnce, openSse, type SseConnection } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

// Event stream limits (docs/api.md, "Event stream"): a client that does not read is disconnected, a live one once
// 4 MiB wait for it, a replaying one (fed a page at a time) once it takes nothing for the drain wait. One user (all
// its tokens), minted token or device key holds at most 20 streams.

async function listen(app: TestApp): Promise<number> {
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.runtime.app.server.address() as { port: number }).port;
}

/** `count` printer events of about `bytes` each, written straight into the log (as many confirmations would). */
function fillLog(app: TestApp, count: number, bytes: number): void {
  const payload = JSON.stringify({ id: 1, notes: 'n'.repeat(bytes) });
  const insert = app.runtime.storage.sqlite.prepare(
    "insert into events (channel, name, payload, created_at) values ('printer', 'confirmed-order', ?, ?)",
  );
  const now = app.clock.now().getTime();
  app.runtime.storage.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(payload, now);
  })();
}

/** Resolves with the server's side of the next connection it accepts. */
function nextServerSocket(app: TestApp): Promise<Socket> {
  return new Promise((resolve) => app.runtime.app.server.once('connection', resolve));
}

function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

t.test('a replaying client that never reads is disconnected, not waited for forever', async (t) => {
  const app = await buildTestApp(t);
  const port = await listen(app);
  const token = await app.token('operator');
  fillLog(app, 700, 64 * 1024); // ≈ 45 MB of missed events: more than the kernel's buffers and the hub's 4 MiB
  const accepted = nextServerSocket(app);
  const stalled = connect(port, '127.0.0.1');
  t.teardown(() => stalled.destroy());
  stalled.on('error', () => {}); // reset by the server: expected
  stalled.write(
    `GET /events/printer HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nLast-Event-ID: 0\r\n\r\n`,
  );
  stalled.pause(); // never reads
  const serverSide = await accepted;
  t.ok(await closedWithin(serverSide, 20_000), 'the server closed the connection of the client that does not read');
  t.equal(app.runtime.app.services.hub.clientCount('printer'), 0, 'and it never joined the live set');
});

t.test('a replaying client that reads gets the whole replay, however large', async (t) => {
  const app = await buildTestApp(t);
  const port = await listen(app);
  const token = await app.token('operator');
  fillLog(app, 700, 16 * 1024); // ≈ 11 MB: more than 4 MiB, read as it comes
  const reader = await openSse(`http://127.0.0.1:${port}/events/printer`, {
    authorization: `Bearer ${token}`,
    'last-event-id': '0',
  });
  t.teardown(() => reader.close());
  await reader.waitFor((events) => events.length >= 700, 20_000);
  t.equal(reader.events.length, 700, 'no event twice');
  t.equal(new Set(reader.events.map((e) => e.lastEventId)).size, 700, 'every event once');
});

t.test(
  'one credential holds at most 20 streams; the 21st is 429 with Retry-After; closing one frees a slot',
  async (t) => {
    const app = await buildTestApp(t);
    const port = await listen(app);
    const base = `http://127.0.0.1:${port}`;
    const token = await app.token('operator');
    const key = await app.apiKey('display');
    const open: SseConnection[] = [];
    t.teardown(() => open.forEach((stream) => stream.close()));
    for (let i = 0; i < 20; i++) {
      const channel = ['cashier', 'display', 'printer'][i % 3] as string;
      open.push(await openSse(`${base}/events/${channel}`, { authorization: `Bearer ${token}` }));
      open.push(await openSse(`${base}/events/display?access_token=${encodeURIComponent(key)}`));
    }
    everyOf(t, open, (stream) => stream.status === 200, '20 streams for the token and 20 for the key');

    const refused = await getOnce(`${base}/events/cashier`, { authorization: `Bearer ${token}` });
    t.equal(refused.status, 429, 'the 21st stream of the token');
    t.match(JSON.parse(refused.body), {
      statusCode: 429,
      code: 'too-many-streams',
      error: 'Too Many Requests',
      message: /20 event streams/,
    });
    t.equal((await getOnce(`${base}/events/display`, { 'x-api-key': key })).status, 429, 'the 21st stream of the key');
    const other = await openSse(`${base}/events/cashier`, { authorization: `Bearer ${await app.token('operator')}` });
    open.push(other);
    t.equal(other.status, 200, 'another token is not affected');
    t.equal(
      (await app.request({ method: 'GET', url: '/v1/orders', as: { bearer: token } })).statusCode,
      200,
      'nor are plain requests',
    );

    // Retry-After comes with the 429 (read through inject, whose reply keeps the headers).
    const injected = await app.runtime.app.inject({
      method: 'GET',
      url: '/events/cashier',
      headers: { authorization: `Bearer ${token}` },
    });
    t.equal(injected.statusCode, 429);
    t.ok(Number(injected.headers['retry-after']) > 0, 'with Retry-After');

    const first = open[0] as SseConnection;
    first.close();
    await first.closed;
    // The server notices the close a moment after the client: until then the 21st stream is still refused.
    const again = await waitFor(
      'a stream past the 429s',
      async () => {
        const answer = await getStatus(`${base}/events/cashier`, token);
        return answer.status === 429 ? null : answer;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );
    t.equal(again.status, 200, 'a closed stream gives its slot back');
    if (again.stream) open.push(again.stream);
  },
);

async function getStatus(url: string, token: string): Promise<{ status: number; stream?: SseConnection }> {
  const stream = await openSse(url, { authorization: `Bearer ${token}` });
  if (stream.status === 200) return { status: 200, stream };
  stream.close();
  return { status: stream.status };
}

t.test('the cap counts all the tokens of one user together: logging in again gives no more streams', async (t) => {
  const app = await buildTestApp(t);
  const port = await listen(app);
  const base = `http://127.0.0.1:${port}`;
  const password = 'pizza-margherita';
  const login = async (username: string) =>
    (await app.request({ method: 'POST', url: '/v1/auth/login', as: 'none', body: { username, password } })).json()
      .accessToken as string;
  for (const username of ['anna', 'bruno']) {
    const body = { username, password, role: 'operator' };
    const created = await app.request({ method: 'POST', url: '/v1/users', body });
    t.equal(created.statusCode, 201);
  }
  const logins = [await login('anna'), await login('anna'), await login('anna')];
  const open: SseConnection[] = [];
  t.teardown(() => open.forEach((stream) => stream.close()));
  for (let i = 0; i < 20; i++) {
    open.push(await openSse(`${base}/events/cashier`, { authorization: `Bearer ${logins[i % 2]}` }));
  }
  everyOf(t, open, (stream) => stream.status === 200, "20 streams over two of anna's logins");
  const refused = await getOnce(`${base}/events/display`, { authorization: `Bearer ${logins[2]}` });
  t.equal(refused.status, 429, "anna's third login gets no 21st stream");
  t.match(JSON.parse(refused.body), { message: /This user already has 20 event streams/ });
  const other = await openSse(`${base}/events/cashier`, { authorization: `Bearer ${await login('bruno')}` });
  open.push(other);
  t.equal(other.status, 200, 'another user is not affected');
});
