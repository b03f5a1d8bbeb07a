import { revokeToken } from '../../src/core/auth/authenticate.js';
import { TokenService } from '../../src/core/auth/tokens.js';
import { systemClock } from '../../src/core/clock.js';
import type { TestApp } from './app.js';
import { multipart } from './fuzz.js';
import type { Credential } from './fuzz-requests.js';
import { PNG_1X1 } from './multipart.js';
import { seedMenu } from './seed.js';

// The endpoint fuzzer's fixtures: the seeded menu, the credentials it calls with (good, forbidden and broken ones),
// and a replenisher that keeps something to act on as the fuzzed requests delete and change rows.

export interface FuzzCredentials {
  credentials: Credential[];
  adminToken: string;
  adminPassword: string;
  /** The device keys the credentials use: DELETE /v1/api-keys/:id is never pointed at them. */
  protectedKeyIds: Set<string>;
}

/** Seeds the menu and makes the credentials (moving the clock two minutes, so one token has expired). */
export async function fuzzCredentials(app: TestApp): Promise<FuzzCredentials> {
  const fastify = app.runtime.app;
  const sqlite = app.runtime.storage.sqlite;
  await seedMenu(app);
  const printerKey = await app.apiKey('printer');
  const displayKey = await app.apiKey('display');
  const protectedKeyIds = new Set(sqlite.prepare('select id from api_keys').pluck().all() as string[]);
  await app.apiKey('printer'); // a key DELETE /v1/api-keys/:id may take away
  const adminToken = await app.token('admin', 10 * 365 * 86400);
  const adminPassword = app.runtime.initialAdmin?.password ?? 'unknown';
  const operatorToken = await app.token('operator', 10 * 365 * 86400);
  // Logout revokes the token it is called with: it gets tokens of its own (the first success leaves them revoked).
  const leaving = {
    admin: await app.token('admin', 10 * 365 * 86400),
    operator: await app.token('operator', 10 * 365 * 86400),
  };
  const expiring = await app.token('admin', 60);
  app.clock.advance(120_000);
  const foreign = await new TokenService(new Uint8Array(32).fill(7), systemClock).issue({
    subject: 'x',
    userId: null,
    name: 'x',
    role: 'admin',
    ttlSeconds: 3600,
  });
  const revoked = await fastify.services.tokens.issue({
    subject: 'token:gone',
    userId: null,
    name: 'gone',
    role: 'admin',
    ttlSeconds: 3600,
  });
  await revokeToken(app.runtime.ctx, revoked.jti, null);

  const credentials: Credential[] = [
    { name: 'admin', headers: { authorization: `Bearer ${adminToken}` }, who: 'admin' },
    { name: 'admin, lower-case scheme', headers: { authorization: `bearer   ${adminToken}  ` }, who: 'admin' },
    { name: 'operator', headers: { authorization: `Bearer ${operatorToken}` }, who: 'operator' },
    { name: 'printer key', headers: { 'x-api-key': printerKey }, who: 'printer' },
    { name: 'printer key as bearer', headers: { authorization: `Bearer ${printerKey}` }, who: 'printer' },
    { name: 'display key', headers: { 'x-api-key': displayKey }, who: 'display' },
    { name: 'admin ?access_token', headers: {}, queryToken: adminToken, who: 'admin' },
    { name: 'display key ?access_token', headers: {}, queryToken: displayKey, who: 'display' },
    { name: 'none', headers: {} },
    { name: 'garbage bearer', headers: { authorization: 'Bearer not-a-token' } },
    { name: 'empty bearer', headers: { authorization: 'Bearer ' } },
    { name: 'scheme only', headers: { authorization: 'Bearer' } },
    { name: 'basic', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } },
    { name: 'bearer with two parts', headers: { authorization: `Bearer ${adminToken} extra` } },
    { name: 'huge bearer', headers: { authorization: `Bearer ${'a'.repeat(10_000)}` } },
    { name: 'tampered token', headers: { authorization: `Bearer ${adminToken.slice(0, -2)}xx` } },
    { name: 'token of another secret', headers: { authorization: `Bearer ${foreign.token}` } },
    { name: 'expired token', headers: { authorization: `Bearer ${expiring}` } },
    { name: 'revoked token', headers: { authorization: `Bearer ${revoked.token}` } },
    { name: 'unknown key', headers: { 'x-api-key': 'posk_printer_nope' } },
    { name: 'key without prefix', headers: { 'x-api-key': printerKey.replace(/^posk_/, '') } },
    { name: 'token as key', headers: { 'x-api-key': adminToken } },
    { name: 'bad bearer beats good key', headers: { authorization: 'Bearer nope', 'x-api-key': printerKey } },
    { name: 'garbage ?access_token', headers: {}, queryToken: 'garbage' },
    { name: 'admin logging out', headers: { authorization: `Bearer ${leaving.admin}` }, who: 'admin', forLogout: true },
    {
      name: 'operator logging out',
      headers: { authorization: `Bearer ${leaving.operator}` },
      who: 'operator',
      forLogout: true,
    },
  ];
  return { credentials, adminToken, adminPassword, protectedKeyIds };
}

/** Tops the database up: printers, an orderable menu, orders in each state, a banner with an image, a report... */
export function replenisher(app: TestApp, adminToken: string): () => Promise<void> {
  const fastify = app.runtime.app;
  const sqlite = app.runtime.storage.sqlite;
  const count = (query: string) => sqlite.prepare(query).pluck().get() as number;
  async function fixture(method: 'POST' | 'PATCH', url: string, body: unknown) {
    const response = await app.request({ method, url, body, as: 'admin' });
    if (response.statusCode >= 300)
      throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  }
  let serial = 0;
  async function replenish() {
    const orderable = () =>
      sqlite
        .prepare(
          'select f.id from foods f join categories c on c.id = f.category_id where f.available = 1 and c.available = 1 limit 2',
        )
        .pluck()
        .all() as string[];
    const one = (query: string) => sqlite.prepare(query).pluck().get() as string | undefined;
    while (count('select count(*) from printers') < 2)
      await fixture('POST', '/v1/printers', { name: `Fuzz printer ${++serial}`, ip: '127.0.0.1', port: 9 });
    const printer = one('select id from printers limit 1') as string;
    if (count('select count(*) from categories where available = 1') < 1)
      await fixture('POST', '/v1/categories', { name: `Fuzz category ${++serial}`, printerId: printer });
    const category = one('select id from categories where available = 1 limit 1') as string;
    while (orderable().length < 2)
      await fixture('POST', '/v1/foods', {
        name: `Fuzz food ${++serial}`,
        price: 4.5,
        categoryId: category,
        available: true,
      });
    if (count('select count(*) from cash_registers where enabled = 1 and default_printer_id is not null') < 1) {
      await fixture('POST', '/v1/cash-registers', { name: `Fuzz register ${++serial}`, defaultPrinterId: printer });
    }
    const foods = orderable();
    const register = sqlite
      .prepare('select id from cash_registers where enabled = 1 and default_printer_id is not null limit 1')
      .pluck()
      .get() as string;
    const order = (confirm: boolean) => ({
      table: '7',
      customer: 'Fuzz',
      orderItems: foods.map((foodId) => ({ foodId, quantity: 2 })),
      ...(confirm ? { confirm: { paymentMethod: 'CASH', cashRegisterId: register } } : {}),
    });
    while (count("select count(*) from orders where status = 'PENDING'") < 4)
      await fixture('POST', '/v1/orders', order(false));
    while (count("select count(*) from orders where status = 'CONFIRMED'") < 2)
      await fixture('POST', '/v1/orders', order(true));
    if (count("select count(*) from orders where status = 'COMPLETED'") < 1) {
      const { id } = await fixture('POST', '/v1/orders', order(true));
      await fixture('PATCH', `/v1/orders/${id}`, { status: 'COMPLETED' });
    }
    while (count('select count(*) from banners') < 2) {
      await fixture('POST', '/v1/banners', {
        name: 'Sagra',
        type: 'EVENT',
        title: 'Sagra del paese',
        description: '',
        website: 'https://example.org',
        social1: '@sagra',
        social2: '',
        color: 'ff8800',
        dateTime: '2026-11-21T18:00:00+01:00',
        active: true,
      });
    }
    if (count('select count(*) from banners where image_file is not null') < 1) {
      const upload = multipart([{ name: 'image', filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 }]);
      const response = await fastify.inject({
        method: 'PATCH',
        url: `/v1/banners/${one('select id from banners limit 1') as string}/image`,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': upload.contentType },
        payload: upload.payload,
      });
      if (response.statusCode !== 200) throw new Error(`fixture image upload: ${response.statusCode} ${response.body}`);
    }
    while (count('select count(*) from ingredients') < 2)
      await fixture('POST', '/v1/ingredients', { name: `Basilico ${++serial}` });
    if (count('select count(*) from users') < 2)
      await fixture('POST', '/v1/users', {
        username: `fuzz-op-${++serial}`,
        password: 'password-123',
        role: 'operator',
      });
    if (count('select count(*) from reports') < 1)
      await fixture('POST', '/v1/reports/general-closure', { cashRegister: register });
  }
  return replenish;
}
