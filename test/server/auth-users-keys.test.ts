import { statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildTestApp } from '../helpers/app.js';

// Authentication (docs/api.md): login and its rate limit, users and their last-admin rule, device keys,
// the token secret on disk, and the OpenAPI document.

t.test(
  'login: the token and the user; an unknown user and a wrong password are the same 401; repeated failures 429',
  async (t) => {
    const app = await buildTestApp(t);
    const created = await app.request({
      method: 'POST',
      url: '/v1/users',
      body: { username: 'anna', password: 'pizza-margherita', role: 'operator' },
    });
    t.equal(created.statusCode, 201);
    const ok = await app.request({
      method: 'POST',
      url: '/v1/auth/login',
      as: 'none',
      body: { username: 'anna', password: 'pizza-margherita' },
    });
    t.equal(ok.statusCode, 200);
    t.match(ok.json(), {
      accessToken: /^ey/,
      tokenType: 'Bearer',
      expiresAt: /^\d{4}-\d\d-\d\dT/,
      user: { id: created.json().id, username: 'anna', role: 'operator' },
    });
    const me = await app.request({ method: 'GET', url: '/v1/auth/me', as: { bearer: ok.json().accessToken } });
    t.match(me.json(), { kind: 'token', username: 'anna', role: 'operator' }, 'the token works');

    const wrongPassword = await app.request({
      method: 'POST',
      url: '/v1/auth/login',
      as: 'none',
      body: { username: 'anna', password: 'wrong' },
    });
    const unknownUser = await app.request({
      method: 'POST',
      url: '/v1/auth/login',
      as: 'none',
      body: { username: 'nobody', password: 'wrong' },
    });
    t.equal(wrongPassword.statusCode, 401);
    t.same(unknownUser.json(), wrongPassword.json(), 'no way to tell an unknown user from a wrong password');

    for (let i = 0; i < 4; i++)
      await app.request({
        method: 'POST',
        url: '/v1/auth/login',
        as: 'none',
        body: { username: 'anna', password: `wrong${i}` },
      });
    const limited = await app.request({
      method: 'POST',
      url: '/v1/auth/login',
      as: 'none',
      body: { username: 'anna', password: 'pizza-margherita' },
    });
    t.equal(limited.statusCode, 429, 'after five failures even the right password waits');
    t.ok(Number(limited.headers['retry-after']) > 0, 'with Retry-After');
    app.clock.advance(16 * 60_000);
    const later = await app.request({
      method: 'POST',
      url: '/v1/auth/login',
      as: 'none',
      body: { username: 'anna', password: 'pizza-margherita' },
    });
    t.equal(later.statusCode, 200, 'the window passes');
  },
);

t.test('users: unique names whatever the case; the last admin can be neither deleted nor demoted', async (t) => {
  const app = await buildTestApp(t);
  const users = (await app.request({ method: 'GET', url: '/v1/users' })).json() as Array<{
    id: string;
    username: string;
    role: string;
  }>;
  const admin = users.find((user) => user.username === 'admin')!;
  t.ok(admin, 'the first start created admin');
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: '/v1/users',
        body: { username: 'ADMIN', password: 'whatever-long', role: 'operator' },
      })
    ).statusCode,
    409,
  );
  t.equal((await app.request({ method: 'DELETE', url: `/v1/users/${admin.id}` })).statusCode, 409);
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/users/${admin.id}`, body: { role: 'operator' } })).statusCode,
    409,
  );
  const second = await app.request({
    method: 'POST',
    url: '/v1/users',
    body: { username: 'marco', password: 'whatever-long', role: 'admin' },
  });
  t.equal(second.statusCode, 201);
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/users/${admin.id}`, body: { role: 'operator' } })).statusCode,
    200,
    'with another admin it can be',
  );
  t.equal(
    (await app.request({ method: 'DELETE', url: `/v1/users/${second.json().id}` })).statusCode,
    409,
    'and now marco is the last admin',
  );
  t.notOk(
    JSON.stringify((await app.request({ method: 'GET', url: '/v1/users' })).json()).includes('password'),
    'no password or hash in the list',
  );
});

t.test('device keys: shown once, listed without the key, revoked by DELETE', async (t) => {
  const app = await buildTestApp(t);
  const created = await app.request({
    method: 'POST',
    url: '/v1/api-keys',
    body: { name: 'TV bar', scope: 'display' },
  });
  t.equal(created.statusCode, 201);
  const { id, key } = created.json() as { id: string; key: string };
  t.match(created.json(), { id: /^c[0-9a-z]{24}$/, name: 'TV bar', scope: 'display', key: /^posk_/, createdAt: /Z$/ });
  const listed = (await app.request({ method: 'GET', url: '/v1/api-keys' })).json() as Array<Record<string, unknown>>;
  t.same(
    listed.map((row) => row['id']),
    [id],
  );
  t.notOk('key' in listed[0]!, 'the list never shows the key');
  t.notOk(JSON.stringify(listed).includes(key.slice(5)), 'nor any part of it');
  t.equal(
    (await app.request({ method: 'GET', url: '/v1/banners', as: { key } })).statusCode,
    200,
    'the key works in its scope',
  );
  t.equal((await app.request({ method: 'GET', url: '/v1/orders', as: { key } })).statusCode, 403, 'and only there');
  t.equal((await app.request({ method: 'DELETE', url: `/v1/api-keys/${id}` })).statusCode, 204);
  t.equal((await app.request({ method: 'GET', url: '/v1/banners', as: { key } })).statusCode, 401, 'revoked');
});

t.test('the token secret is readable by its owner only; the OpenAPI document describes every route', async (t) => {
  const app = await buildTestApp(t);
  t.equal(statSync(join(app.dataDir, 'secret.key')).mode & 0o777, 0o600);
  const doc = await app.request({ method: 'GET', url: '/docs/openapi.json', as: 'none' });
  t.equal(doc.statusCode, 200);
  const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
  for (const path of [
    '/v1/orders',
    '/v1/orders/{id}/confirm',
    '/v1/reports',
    '/v1/foods',
    '/v1/banners/{id}/image',
    '/events/cashier',
  ]) {
    t.ok(paths.includes(path), `documents ${path}`);
  }
  const confirm = (doc.json() as any).paths['/v1/orders/{id}/confirm'].post;
  t.ok(
    confirm.requestBody.content['application/json'].schema.properties.paymentMethod,
    'with the request schema from zod',
  );
});
