import t from 'tap';
import { ApiError } from '../../src/client/errors.js';
import { PosClient } from '../../src/client/index.js';
import { lazyClient, realClient } from '../../src/web/shared/lazy-client.js';

// The till's client whose module (zod, the schemas) loads after the first paint: a PosClient at once, whose calls
// run on the real one and answer what it answers, amounts in cents and refusals as ApiError.

const answers: Array<{ status: number; body: unknown }> = [];
const sent: string[] = [];
const fetcher: typeof fetch = async (input) => {
  sent.push(String(input));
  const next = answers.shift() ?? { status: 500, body: {} };
  return new Response(JSON.stringify(next.body), {
    status: next.status,
    headers: { 'content-type': 'application/json' },
  });
};

t.test('a lazy client answers as the client does, once its module is there', async (t) => {
  const client = lazyClient({ baseUrl: 'http://till.local', fetch: fetcher, token: () => 'tok' });
  t.equal(client.baseUrl, 'http://till.local', 'its address at once');

  answers.push({ status: 200, body: [{ id: 'f1', name: 'Margherita', price: 7.5 }] });
  const foods = await client.foods();
  t.equal(foods[0]?.name, 'Margherita', 'a call before the module loaded waits for it and answers');
  t.equal(foods[0]?.price, 750, 'its amounts read into cents by the schema');
  t.equal(sent.at(-1), 'http://till.local/v1/foods');

  const real = await realClient(client);
  t.ok(real instanceof PosClient, 'the client itself, for the live channel');
  t.equal(client.url('/events/cashier'), 'http://till.local/events/cashier', 'url() once it is loaded');
  t.same(await client.headers(), { authorization: 'Bearer tok' });

  answers.push({ status: 409, body: { statusCode: 409, code: 'register-disabled', error: 'Conflict', message: 'x' } });
  const refused = await client.cashRegisters().catch((error: unknown) => error);
  t.ok(refused instanceof ApiError, 'a refusal is the ApiError the till checks for');
  t.equal((refused as ApiError).code, 'register-disabled');
});

t.test('an ordinary client is its own real client', async (t) => {
  const client = new PosClient({ baseUrl: '', fetch: fetcher });
  t.equal(await realClient(client), client);
});
