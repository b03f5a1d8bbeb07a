import { createServer } from 'node:http';
import t from 'tap';
import { clientFor, connect, tokenSource } from '../../src/cli/client.js';
import { loadOrCreateSecret, resolveDataDir } from '../../src/storage/data-dir.js';
import { tempDir } from '../helpers/app.js';
import { streamEvents } from '../../src/client/sse.js';

// `pos dashboard` and `pos events` run all evening on the server's machine with a token the CLI mints for five
// minutes: the token is renewed before it runs out, for requests and for every reconnection of the stream.

t.test('a minted token is renewed before it runs out; a given token is used as is', async (t) => {
  let minted = 0;
  const renew = async () => ({ token: `minted-${++minted}`, expiresAt: Date.now() + 300_000, renew });
  const expiring = tokenSource({ token: 'first', expiresAt: Date.now() + 30_000, renew });
  t.equal(await expiring(), 'minted-1', 'less than a minute left: renewed');
  t.equal(await expiring(), 'minted-1', 'fresh: kept');
  t.equal(await tokenSource('given')(), 'given');
  t.equal(await tokenSource(null)(), null);
  // The typed client of src/client asks the same source before every request.
  const client = clientFor('http://127.0.0.1:1', { token: 'old', expiresAt: Date.now() + 1000, renew });
  t.same(await client.headers(), { authorization: 'Bearer minted-2' }, 'the client sends the renewed token');
  t.same(await clientFor('http://127.0.0.1:1', null).headers(), {}, 'no token, no header');
});

t.test('the event stream asks for its headers again at each reconnection', async (t) => {
  const seen: Array<string | undefined> = [];
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`id: ${seen.length}\nevent: ping\ndata: {}\n\n`); // one event, then the connection drops
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  let asked = 0;
  const events: string[] = [];
  await streamEvents({
    url: `http://127.0.0.1:${port}/events/cashier`,
    headers: async () => ({ authorization: `Bearer token-${++asked}` }),
    signal: controller.signal,
    initialRetryMs: 10,
    onEvent: (event) => {
      events.push(event.lastEventId);
      if (events.length === 3) controller.abort();
    },
  });
  clearTimeout(timer);
  t.same(events, ['1', '2', '3']);
  t.same(seen, ['Bearer token-1', 'Bearer token-2', 'Bearer token-3'], 'a fresh Authorization on each connection');
});

t.test("the admin token signed with the data dir's secret goes only to this machine", async (t) => {
  const dataDir = tempDir(t);
  loadOrCreateSecret(resolveDataDir(dataDir)); // a data dir of this machine, with its secret
  const env = { POS_URL: '', POS_TOKEN: '', POS_DATA_DIR: '', POS_CONFIG_DIR: tempDir(t) }; // no login session either
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  t.teardown(() => {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  });
  const bearer = async (url: string) =>
    (await (await connect({ url, dataDir })).headers()).authorization?.replace(/^Bearer /, '') ?? null;
  for (const url of ['http://127.0.0.1:4300', 'http://localhost:4300', 'http://[::1]:4300']) {
    const token = await bearer(url);
    t.match(token, /^ey/, `${url}: signed here`);
    t.match(JSON.parse(Buffer.from((token as string).split('.')[1] as string, 'base64url').toString()), {
      role: 'admin',
    });
  }
  await t.rejects(
    connect({ url: 'http://192.168.1.20:4300', dataDir }),
    { message: /^not logged in: run `pos login`/ },
    'another machine gets no token signed here: it would be an admin key for whoever runs it',
  );
});
