import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { openSse } from '../helpers/sse.js';

// Tokens and keys (docs/api.md, "Authentication"): a token is refused once its user's password or
// role changed after it was issued, or the user was deleted; device keys record lastUsedAt, the first use at once and
// later uses at most once a minute.

async function loginAs(app: TestApp, username: string, password: string): Promise<string> {
  const response = await app.request({
    method: 'POST',
    url: '/v1/auth/login',
    as: 'none',
    body: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
  return (response.json() as { accessToken: string }).accessToken;
}

const me = (app: TestApp, bearer: string) => app.request({ method: 'GET', url: '/v1/auth/me', as: { bearer } });

t.test('a password change, a role change or a deletion voids the tokens issued before it', async (t) => {
  const app = await buildTestApp(t);
  const anna = (
    await app.request({
      method: 'POST',
      url: '/v1/users',
      body: { username: 'anna', password: 'pizza-margherita', role: 'operator' },
    })
  ).json() as { id: string };
  await app.request({
    method: 'POST',
    url: '/v1/users',
    body: { username: 'marco', password: 'pizza-diavola', role: 'operator' },
  });
  const marco = await loginAs(app, 'marco', 'pizza-diavola');

  const first = await loginAs(app, 'anna', 'pizza-margherita');
  const sameTime = await loginAs(app, 'anna', 'pizza-margherita'); // a second tablet, same second
  t.equal((await me(app, first)).statusCode, 200);
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/users/${anna.id}`, body: { password: 'pizza-capricciosa' } }))
      .statusCode,
    200,
  );
  t.equal((await me(app, first)).statusCode, 401, 'a token issued before the password change is refused');
  t.same(
    (await me(app, sameTime)).json(),
    { statusCode: 401, code: 'unauthorized', error: 'Unauthorized', message: 'Unauthorized' },
    'every one of them',
  );
  const second = await loginAs(app, 'anna', 'pizza-capricciosa'); // the same second as the change (the clock stands still)
  t.equal(
    (await me(app, second)).statusCode,
    200,
    'a token issued after the change works, even within the same second',
  );

  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/users/${anna.id}`, body: { role: 'operator' } })).statusCode,
    200,
  );
  t.equal((await me(app, second)).statusCode, 200, 'a PATCH that changes nothing voids nothing');
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/users/${anna.id}`, body: { role: 'admin' } })).statusCode,
    200,
  );
  t.equal((await me(app, second)).statusCode, 401, 'a role change voids the token');
  const third = await loginAs(app, 'anna', 'pizza-capricciosa');
  t.match((await me(app, third)).json(), { role: 'admin' });
  t.equal((await app.request({ method: 'GET', url: '/v1/orders', as: { bearer: third } })).statusCode, 200);

  t.equal((await app.request({ method: 'DELETE', url: `/v1/users/${anna.id}` })).statusCode, 204);
  t.equal((await me(app, third)).statusCode, 401, "a deleted user's token is refused");
  t.equal((await me(app, marco)).statusCode, 200, 'other users keep their sessions');
});

t.test(
  'device keys record lastUsedAt: at once, then at most once a minute; refused requests record nothing',
  async (t) => {
    const app = await buildTestApp(t);
    const key = await app.apiKey('display');
    const lastUsedAt = async () =>
      ((await app.request({ method: 'GET', url: '/v1/api-keys' })).json() as Array<{ lastUsedAt: string | null }>)[0]!
        .lastUsedAt;
    t.equal(await lastUsedAt(), null, 'never used');

    const start = app.clock.now().toISOString();
    t.equal((await app.request({ method: 'GET', url: '/v1/banners', as: { key } })).statusCode, 200);
    t.equal(await lastUsedAt(), start, 'the first use at once');
    app.clock.advance(30_000);
    await app.request({ method: 'GET', url: '/v1/banners', as: { key } });
    t.equal(await lastUsedAt(), start, 'not rewritten within the minute');
    app.clock.advance(31_000);
    const aMinuteLater = app.clock.now().toISOString();
    await app.request({ method: 'GET', url: '/v1/banners', as: { key } });
    t.equal(await lastUsedAt(), aMinuteLater, 'written again after a minute');

    app.clock.advance(120_000);
    t.equal((await app.request({ method: 'GET', url: '/v1/orders', as: { key } })).statusCode, 403);
    t.equal(await lastUsedAt(), aMinuteLater, 'a refused request records nothing');

    // A display board's use is its event stream (hijacked: no reply hook runs for it).
    await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.runtime.app.server.address() as { port: number };
    const stream = await openSse(`http://127.0.0.1:${port}/events/display`, { 'x-api-key': key });
    t.teardown(() => stream.close());
    t.equal(stream.status, 200);
    t.equal(await lastUsedAt(), app.clock.now().toISOString(), 'opening a stream is a use');
  },
);

t.test('POST /v1/auth/logout: 204, the calling token is revoked, the user’s other tokens are not', async (t) => {
  const app = await buildTestApp(t);
  await app.request({
    method: 'POST',
    url: '/v1/users',
    body: { username: 'anna', password: 'pizza-margherita', role: 'operator' },
  });
  const till = await loginAs(app, 'anna', 'pizza-margherita');
  const phone = await loginAs(app, 'anna', 'pizza-margherita');
  const logout = (as: Parameters<TestApp['request']>[0]['as']) =>
    app.request({ method: 'POST', url: '/v1/auth/logout', as });
  const out = await logout({ bearer: till });
  t.equal(out.statusCode, 204);
  t.equal(out.body, '', 'no body');
  t.equal((await me(app, till)).statusCode, 401, 'the token is revoked');
  t.equal(
    (await app.request({ method: 'GET', url: '/v1/orders', as: { bearer: till } })).statusCode,
    401,
    'everywhere',
  );
  t.equal((await logout({ bearer: till })).statusCode, 401, 'logging out twice: the token is already gone');
  t.equal((await me(app, phone)).statusCode, 200, 'the other tablet stays logged in');
  t.equal((await logout({ key: await app.apiKey('display') })).statusCode, 403, 'a device key does not log out');
  t.equal((await logout('none')).statusCode, 401);
  const row = app.runtime.storage.sqlite.prepare('select expires_at from revoked_tokens').all() as Array<{
    expires_at: number | null;
  }>;
  t.equal(row.length, 1);
  t.ok(
    (row[0]?.expires_at ?? 0) > app.clock.now().getTime(),
    'kept until the token would have expired, then forgotten',
  );
});
