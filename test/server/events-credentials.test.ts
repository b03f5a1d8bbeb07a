import t from 'tap';
import { revokeToken } from '../../src/core/auth/authenticate.js';
import { TokenService } from '../../src/core/auth/tokens.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { getOnce, openSse, type SseConnection } from '../helpers/sse.js';

// An open event stream lives no longer than its credential: a token revoked or expired, its user's password or role
// changed, the user deleted, a device key deleted each end the stream within 5 s (the hub checks every open
// stream's credential every 2 s), and the client's reconnect is refused. Other streams go on.

const CLOSE_BOUND_MS = 20_000; // the check runs every 2 s: a bound for a busy machine, far from never
const PASSWORD = 'pizza-margherita';

async function listen(app: TestApp): Promise<string> {
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.runtime.app.server.address() as { port: number }).port}`;
}

type UserToken = { id: string; token: string };

async function userToken(app: TestApp, username: string, role: 'admin' | 'operator' = 'operator'): Promise<UserToken> {
  const created = await app.request({ method: 'POST', url: '/v1/users', body: { username, password: PASSWORD, role } });
  if (created.statusCode !== 201) throw new Error(created.body);
  const body = { username, password: PASSWORD };
  const login = await app.request({ method: 'POST', url: '/v1/auth/login', as: 'none', body });
  if (login.statusCode !== 200) throw new Error(login.body);
  return { id: created.json().id as string, token: login.json().accessToken as string };
}

/** Resolves with how long the stream took to end after `since`; rejects when it is still open past the bound. */
function endsWithin(stream: SseConnection, since: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const late = () => reject(new Error(`the stream was still open ${CLOSE_BOUND_MS} ms later`));
    const timer = setTimeout(late, CLOSE_BOUND_MS);
    void stream.closed.then(() => {
      clearTimeout(timer);
      resolve(Date.now() - since);
    });
  });
}

async function streamsOf(t: Checks, base: string, headers: Record<string, string>, path = '/events/cashier') {
  const stream = await openSse(`${base}${path}`, headers);
  t.teardown(() => stream.close());
  t.equal(stream.status, 200, `the stream ${path} opens`);
  await stream.waitFor(() => stream.raw.includes('retry: '));
  return stream;
}

type Checks = { teardown(fn: () => void): void; equal(found: unknown, wanted: unknown, message: string): unknown };

const cases: Array<{ what: string; change: (app: TestApp, user: UserToken) => Promise<void>; refused: number }> = [
  {
    what: 'its token is revoked',
    change: async (app, user) => revokeToken(app.runtime.ctx, TokenService.peekJti(user.token) as string, null),
    refused: 401,
  },
  {
    what: 'its token expires',
    change: async (app) => void app.clock.advance(13 * 3600_000), // login tokens live 12 h
    refused: 401,
  },
  {
    what: "its user's password changes",
    change: async (app, user) => {
      const body = { password: 'another-password' };
      const patched = await app.request({ method: 'PATCH', url: `/v1/users/${user.id}`, body });
      if (patched.statusCode !== 200) throw new Error(patched.body);
    },
    refused: 401,
  },
  {
    what: "its user's role changes",
    change: async (app, user) => {
      const patched = await app.request({ method: 'PATCH', url: `/v1/users/${user.id}`, body: { role: 'admin' } });
      if (patched.statusCode !== 200) throw new Error(patched.body);
    },
    refused: 401,
  },
  {
    what: 'its user is deleted',
    change: async (app, user) => {
      const deleted = await app.request({ method: 'DELETE', url: `/v1/users/${user.id}` });
      if (deleted.statusCode !== 204) throw new Error(deleted.body);
    },
    refused: 401,
  },
];

for (const { what, change, refused } of cases) {
  t.test(`a stream ends within 5 s once ${what}; the reconnect is ${refused}; other streams go on`, async (t) => {
    const app = await buildTestApp(t);
    const base = await listen(app);
    const user = await userToken(app, 'anna');
    const other = await app.token('admin', 30 * 24 * 3600);
    const doomed = await streamsOf(t, base, { authorization: `Bearer ${user.token}` });
    const kept = await streamsOf(t, base, { authorization: `Bearer ${other}` });
    const since = Date.now();
    await change(app, user);
    const tookMs = await endsWithin(doomed, since);
    t.pass(`the stream ended ${tookMs} ms after the change`);
    const again = await getOnce(`${base}/events/cashier`, { authorization: `Bearer ${user.token}` });
    t.equal(again.status, refused, 'the reconnect is refused');
    t.equal(app.runtime.app.services.hub.clientCount('cashier'), 1, 'the other credential keeps its stream');
    t.notOk(kept.raw.includes('event: resync'), 'undisturbed');
  });
}

t.test('a device key deleted: its streams end within 5 s (header or query key), and it is 401 after', async (t) => {
  const app = await buildTestApp(t);
  const base = await listen(app);
  const body = { name: 'Griglia tablet', scope: 'kitchen' };
  const created = await app.request({ method: 'POST', url: '/v1/api-keys', body });
  const { id, key } = created.json() as { id: string; key: string };
  const live = await streamsOf(t, base, { 'x-api-key': key }, '/events/printer');
  const byQuery = `/events/printer?access_token=${encodeURIComponent(key)}`;
  const replaying = await streamsOf(t, base, { 'last-event-id': '0' }, byQuery);
  const since = Date.now();
  t.equal((await app.request({ method: 'DELETE', url: `/v1/api-keys/${id}` })).statusCode, 204);
  const [liveMs, replayMs] = await Promise.all([endsWithin(live, since), endsWithin(replaying, since)]);
  t.pass(`the streams ended ${liveMs} and ${replayMs} ms after the key was deleted`);
  t.equal((await getOnce(`${base}/events/printer`, { 'x-api-key': key })).status, 401, 'the key is refused');
  t.equal(app.runtime.app.services.hub.clientCount(), 0, 'no stream left');
});
