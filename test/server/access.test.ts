import { request } from 'node:http';
import t from 'tap';
import { revokeToken } from '../../src/core/auth/authenticate.js';
import { TokenService } from '../../src/core/auth/tokens.js';
import { systemClock } from '../../src/core/clock.js';
import { buildTestApp } from '../helpers/app.js';

// The role table (docs/api.md, "Who may call what"), written down independently of the route configs.
// Every registered route must be listed; a new route without a row fails this test.
type Who = 'admin' | 'operator' | 'printer' | 'display' | 'kitchen' | 'pickup';
const STAFF: Who[] = ['admin', 'operator'];
const ADMIN: Who[] = ['admin'];

const EXPECTED: Record<string, Who[] | 'public'> = {
  'GET /health': 'public',
  'POST /v1/auth/login': 'public',
  'GET /v1/auth/me': ['admin', 'operator', 'printer', 'display'],
  'POST /v1/auth/logout': STAFF,
  'GET /v1/users': ADMIN,
  'GET /v1/users/:id': ADMIN,
  'POST /v1/users': ADMIN,
  'PATCH /v1/users/:id': ADMIN,
  'DELETE /v1/users/:id': ADMIN,
  'GET /v1/api-keys': ADMIN,
  'POST /v1/api-keys': ADMIN,
  'DELETE /v1/api-keys/:id': ADMIN,
  'GET /v1/printers': [...STAFF, 'printer', 'kitchen'],
  'GET /v1/printers/:id': [...STAFF, 'printer', 'kitchen'],
  'POST /v1/printers': ADMIN,
  'PUT /v1/printers/:id': ADMIN,
  'PATCH /v1/printers/:id': ['admin', 'printer'],
  'DELETE /v1/printers/:id': ADMIN,
  'GET /v1/categories': [...STAFF, 'printer'],
  'GET /v1/categories/:id': [...STAFF, 'printer'],
  'POST /v1/categories': ADMIN,
  'PUT /v1/categories/:id': ADMIN,
  'PATCH /v1/categories/:id': ADMIN,
  'DELETE /v1/categories/:id': ADMIN,
  'GET /v1/ingredients': [...STAFF, 'printer'],
  'GET /v1/ingredients/:id': [...STAFF, 'printer'],
  'POST /v1/ingredients': ADMIN,
  'PUT /v1/ingredients/:id': ADMIN,
  'PATCH /v1/ingredients/:id': ADMIN,
  'DELETE /v1/ingredients/:id': ADMIN,
  'GET /v1/foods': [...STAFF, 'printer', 'kitchen'],
  'GET /v1/foods/:id': [...STAFF, 'printer', 'kitchen'],
  'POST /v1/foods': ADMIN,
  'PUT /v1/foods/:id': ADMIN,
  'PATCH /v1/foods/:id': ADMIN,
  'DELETE /v1/foods/:id': ADMIN,
  'GET /v1/cash-registers': [...STAFF, 'printer'],
  'GET /v1/cash-registers/:id': [...STAFF, 'printer'],
  'POST /v1/cash-registers': ADMIN,
  'PUT /v1/cash-registers/:id': ADMIN,
  'PATCH /v1/cash-registers/:id': ADMIN,
  'DELETE /v1/cash-registers/:id': ADMIN,
  'POST /v1/cash-registers/:id/open-drawer': [...STAFF, 'printer'],
  'POST /v1/cash-registers/:id/sessions': STAFF,
  'GET /v1/cash-registers/:id/sessions': STAFF,
  'POST /v1/cash-registers/:id/sessions/current/close': STAFF,
  'GET /v1/banners': [...STAFF, 'display'],
  'GET /v1/banners/:id': [...STAFF, 'display'],
  'POST /v1/banners': ADMIN,
  'PUT /v1/banners/:id': ADMIN,
  'PATCH /v1/banners/:id/image': ADMIN,
  'DELETE /v1/banners/:id': ADMIN,
  'GET /v1/orders': STAFF,
  'GET /v1/orders/:id': STAFF,
  'POST /v1/orders': STAFF,
  'POST /v1/orders/:id/confirm': STAFF,
  'POST /v1/orders/:id/reprint': [...STAFF, 'printer'],
  'POST /v1/orders/:id/reprint-receipt': [...STAFF, 'printer'],
  'PATCH /v1/orders/:id': [...STAFF, 'pickup'], // a pickup key: COMPLETED to PICKED_UP and back only
  'DELETE /v1/orders/:id': STAFF,
  'GET /v1/orders/:id/refunds': STAFF,
  'POST /v1/orders/:id/refunds': STAFF,
  'GET /events/cashier': STAFF,
  'GET /events/display': [...STAFF, 'display', 'pickup'],
  'GET /events/printer': [...STAFF, 'printer', 'kitchen'],
  'GET /events/:channel': [...STAFF, 'printer', 'display'],
  'GET /v1/stations/:printerId/orders': [...STAFF, 'kitchen'],
  'PATCH /v1/orders/:id/stations/:printerId': [...STAFF, 'kitchen'],
  'GET /v1/display/state': [...STAFF, 'display', 'pickup'],
  'GET /v1/pickup/state': [...STAFF, 'pickup'],
  'GET /pickup': 'public',
  'GET /display': 'public',
  'GET /kitchen': 'public',
  'GET /v1/venue': [...STAFF, 'printer', 'display', 'kitchen', 'pickup'],
  'PATCH /v1/venue': ADMIN,
  'POST /v1/menu/import': ADMIN,
  'GET /v1/public/menu': 'public',
  'GET /': 'public',
  'GET /waiter': 'public', // the waiter's page: it logs in
  'GET /menu': 'public', // the customers' menu
  'GET /menu-page/:file': 'public',
  'GET /assets/:file': 'public', // the web build (the till and its files)
  'GET /v1/print-jobs': STAFF,
  'POST /v1/print-jobs/:id/retry': STAFF,
  'POST /v1/printers/:id/test': ADMIN,
  'GET /v1/reports': ADMIN,
  'GET /v1/reports/closures': ADMIN,
  'GET /v1/reports/:id': ADMIN,
  'POST /v1/reports/general-closure': ADMIN,
};

/** A concrete URL for a route pattern: well-formed ids that do not exist, so allowed calls end in 4xx, not 5xx. */
function concrete(url: string): string {
  return url
    .replace('/v1/orders/:id', '/v1/orders/999999')
    .replace(':printerId', 'c000000000000000000000000')
    .replace('/v1/print-jobs/:id', '/v1/print-jobs/999999')
    .replace(':channel', 'kitchen')
    .replace(/:id/g, 'c000000000000000000000000');
}

t.test('every route is in the role table, and the table is enforced', async (t) => {
  const app = await buildTestApp(t, { config: { keepAliveMs: 60_000 } });
  // Logout revokes the token it is called with: it goes last, after every other route used those tokens.
  const logoutLast = (route: { url: string }) => (route.url === '/v1/auth/logout' ? 1 : 0);
  const routes = app.runtime.app.routeAccess
    .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/docs') && !route.url.startsWith('/uploads'))
    .sort((a, b) => logoutLast(a) - logoutLast(b));
  const keys = routes.map((route) => `${route.method} ${route.url}`);
  const kitchenKey = async () =>
    (
      await app.request({
        method: 'POST',
        url: '/v1/api-keys',
        as: 'admin',
        body: { name: 'grill screen', scope: 'kitchen' },
      })
    ).json().key as string;
  t.same(
    keys.filter((key) => !(key in EXPECTED)),
    [],
    'no route is missing from the table',
  );
  t.same(
    Object.keys(EXPECTED).filter((key) => !keys.includes(key)),
    [],
    'no row without a route',
  );

  const credentials: Record<Who, Record<string, string>> = {
    admin: { authorization: `Bearer ${await app.token('admin')}` },
    operator: { authorization: `Bearer ${await app.token('operator')}` },
    printer: { 'x-api-key': await app.apiKey('printer') },
    display: { 'x-api-key': await app.apiKey('display') },
    kitchen: { 'x-api-key': await kitchenKey() },
    pickup: { 'x-api-key': await app.apiKey('pickup') },
  };
  const foreign = await new TokenService(new Uint8Array(32).fill(7), systemClock).issue({
    subject: 'x',
    userId: null,
    name: 'x',
    role: 'admin',
    ttlSeconds: 3600,
  });
  const expiring = await app.token('admin', 60);
  const revoked = await app.runtime.app.services.tokens.issue({
    subject: 'token:gone',
    userId: null,
    name: 'gone',
    role: 'admin',
    ttlSeconds: 3600,
  });
  await revokeToken(app.runtime.ctx, revoked.jti, null);
  const bad: Record<string, Record<string, string>> = {
    'no credentials': {},
    'garbage token': { authorization: 'Bearer not-a-token' },
    'another secret': { authorization: `Bearer ${foreign.token}` },
    'revoked token': { authorization: `Bearer ${revoked.token}` },
    'unknown key': { 'x-api-key': 'posk_printer_nope' },
    'not bearer': { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  };

  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.runtime.app.server.address() as { port: number }).port;
  /** An event stream never ends: read its status over a real socket, then hang up. */
  const streamStatus = (url: string, headers: Record<string, string>) =>
    new Promise<{ statusCode: number; json: () => { message: string } }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
          if (res.statusCode === 200) req.destroy();
        });
        const done = () =>
          resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(body) as { message: string } });
        if (res.statusCode === 200) {
          req.destroy();
          done();
        } else res.on('end', done);
      });
      req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
      req.setTimeout(5000, () => req.destroy(new Error('timed out')));
      req.end();
    });
  const call = (method: string, url: string, headers: Record<string, string>) =>
    url.startsWith('/events/') && url !== '/events/kitchen'
      ? streamStatus(url, headers)
      : app.runtime.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });

  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const expected = EXPECTED[key];
    if (!expected) continue;
    const url = concrete(route.url);
    if (expected === 'public') {
      t.not((await call(route.method, url, {})).statusCode, 401, `${key} is public`);
      continue;
    }
    for (const [name, headers] of Object.entries(bad)) {
      const response = await call(route.method, url, headers);
      t.equal(response.statusCode, 401, `${key}: ${name}`);
      t.equal(response.json().message, 'Unauthorized');
    }
    for (const who of ['admin', 'operator', 'printer', 'display', 'kitchen', 'pickup'] as Who[]) {
      const response = await call(route.method, url, credentials[who]);
      if (expected.includes(who)) {
        t.ok(
          response.statusCode < 500 && response.statusCode !== 401 && response.statusCode !== 403,
          `${key}: ${who} allowed (${response.statusCode})`,
        );
      } else {
        t.equal(response.statusCode, 403, `${key}: ${who} forbidden`);
        t.equal(response.json().message, 'Forbidden');
      }
    }
  }

  app.clock.advance(120_000);
  for (const route of routes.filter((r) => EXPECTED[`${r.method} ${r.url}`] !== 'public')) {
    const response = await call(route.method, concrete(route.url), { authorization: `Bearer ${expiring}` });
    t.equal(response.statusCode, 401, `${route.method} ${route.url}: expired token`);
  }
});
