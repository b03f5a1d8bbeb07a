import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import t from 'tap';
import { z } from 'zod';
import { ADMIN } from '../../src/core/auth/principal.js';
import { write } from '../../src/core/context.js';
import { ConflictError } from '../../src/core/errors.js';
import { writeOnce } from '../../src/core/idempotency.js';
import authPlugin from '../../src/server/plugins/auth.js';
import errorsPlugin from '../../src/server/plugins/errors.js';
import idempotencyPlugin, { type IdempotentOption } from '../../src/server/plugins/idempotency.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

// `config: { idempotent }` on any route, with a use case of its own: the plugin gives the header, makes the key
// and answers replays; the use case's `writeOnce` stores the response in its transaction.

const Named = z.object({ name: z.string() });
const Counted = z.object({ name: z.string(), n: z.number() });

/** Infrastructure plugins of the real app on the services of a real runtime, then `routes`. */
async function appWith(test: TestApp, routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', test.runtime.app.services);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  routes(app);
  await app.ready();
  return app;
}

async function settings(test: TestApp) {
  return (
    await test.runtime.storage.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'test-%')
      .orderBy('key')
      .execute()
  ).map((row) => row.key);
}

/** A use case that adds a setting per run and answers how many there are. */
function addSetting(test: TestApp, name: string, key: Parameters<typeof writeOnce>[1]) {
  const ctx = test.runtime.ctx;
  return writeOnce(ctx, key, async (trx) => {
    const n = (await trx.selectFrom('settings').select('key').where('key', 'like', 'test-%').execute()).length + 1;
    await trx
      .insertInto('settings')
      .values({ key: `test-${name}-${n}`, value: '1' })
      .execute();
    return { name, n };
  });
}

t.test('same key and body: the first response again, once; another body: 422; no key: a plain write', async (t) => {
  const test = await buildTestApp(t);
  const app = await appWith(test, (app) =>
    app.withTypeProvider<ZodTypeProvider>().post(
      '/things/:id',
      {
        config: { access: ADMIN, idempotent: true },
        schema: { params: z.object({ id: z.coerce.number() }), body: Named, response: { 201: Counted } },
      },
      async (request, reply) => reply.code(201).send(await addSetting(test, request.body.name, request.idempotencyKey)),
    ),
  );
  t.teardown(() => app.close());
  const authorization = `Bearer ${await test.token('admin')}`;
  const post = (url: string, body: unknown, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    });

  const first = await post('/things/1', { name: 'a' }, 'k1');
  t.equal(first.statusCode, 201);
  t.same(first.json(), { name: 'a', n: 1 });
  t.equal(first.headers['idempotent-replayed'], undefined);
  const again = await post('/things/01', { name: 'a' }, 'k1');
  t.equal(again.statusCode, 201);
  t.equal(again.body, first.body, 'the same bytes');
  t.equal(again.headers['idempotent-replayed'], 'true');
  t.same(await settings(test), ['test-a-1'], 'ran once (the path parameter as parsed: 01 is 1)');

  const other = await post('/things/1', { name: 'b' }, 'k1');
  t.equal(other.statusCode, 422);
  t.match(other.json(), {
    statusCode: 422,
    code: 'idempotency-key-reused',
    error: 'Unprocessable Entity',
    message: /different request body/,
  });
  t.same(await settings(test), ['test-a-1'], 'a conflicting body changes nothing');

  t.equal((await post('/things/2', { name: 'a' }, 'k1')).statusCode, 201, 'the endpoint includes its parameters');
  t.equal((await post('/things/1', { name: 'a' })).statusCode, 201, 'without a key');
  t.equal((await post('/things/1', { name: 'a' })).statusCode, 201, 'without a key, twice');
  t.equal((await settings(test)).length, 4);

  const concurrent = await Promise.all(Array.from({ length: 10 }, () => post('/things/3', { name: 'c' }, 'k2')));
  t.same(new Set(concurrent.map((response) => response.body)).size, 1, 'concurrent retries get one answer');
  t.same((await settings(test)).filter((key) => key.startsWith('test-c-')).length, 1, 'and run once');

  for (const key of ['', 'k'.repeat(256)]) {
    const bad = await post('/things/1', { name: 'z' }, key);
    t.equal(bad.statusCode, 400, `key ${JSON.stringify(key.slice(0, 5))}… is refused`);
    t.match(bad.json(), { statusCode: 400, details: [{ path: 'headers.idempotency-key' }] });
  }
  t.equal((await post('/things/1', { name: 'z' }, 'k'.repeat(255))).statusCode, 201, '255 characters is fine');
});

t.test('a failed attempt stores nothing: its retry runs again', async (t) => {
  const test = await buildTestApp(t);
  let fail = true;
  const app = await appWith(test, (app) =>
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/flaky',
        { config: { access: ADMIN, idempotent: true }, schema: { body: Named, response: { 200: Counted } } },
        (request) =>
          writeOnce(test.runtime.ctx, request.idempotencyKey, async (trx) => {
            await trx
              .insertInto('settings')
              .values({ key: `test-${request.body.name}`, value: '1' })
              .execute();
            if (fail) throw new ConflictError('not now');
            return { name: request.body.name, n: 1 };
          }),
      ),
  );
  t.teardown(() => app.close());
  const headers = { authorization: `Bearer ${await test.token('admin')}`, 'idempotency-key': 'k' };
  t.equal((await app.inject({ method: 'POST', url: '/flaky', headers, payload: { name: 'x' } })).statusCode, 409);
  t.same(await settings(test), [], 'the change rolled back');
  t.equal(
    (await test.runtime.storage.db.selectFrom('idempotency_keys').selectAll().execute()).length,
    0,
    'and no key stored',
  );
  fail = false;
  const retry = await app.inject({ method: 'POST', url: '/flaky', headers, payload: { name: 'x' } });
  t.equal(retry.statusCode, 200);
  t.equal(retry.headers['idempotent-replayed'], undefined, 'run, not replayed');
  t.same(await settings(test), ['test-x']);
});

t.test('a replay is brought up to date by the route option, and answers the stored status', async (t) => {
  const test = await buildTestApp(t);
  const upgrade: IdempotentOption = { replay: async (stored) => ({ ...(stored as object), n: 99 }) };
  const app = await appWith(test, (app) =>
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/upgraded',
        { config: { access: ADMIN, idempotent: upgrade }, schema: { body: Named, response: { 201: Counted } } },
        async (request, reply) =>
          reply.code(201).send(await addSetting(test, request.body.name, request.idempotencyKey)),
      ),
  );
  t.teardown(() => app.close());
  const headers = { authorization: `Bearer ${await test.token('admin')}`, 'idempotency-key': 'k' };
  t.same((await app.inject({ method: 'POST', url: '/upgraded', headers, payload: { name: 'u' } })).json(), {
    name: 'u',
    n: 1,
  });
  const replay = await app.inject({ method: 'POST', url: '/upgraded', headers, payload: { name: 'u' } });
  t.equal(replay.statusCode, 201);
  t.same(replay.json(), { name: 'u', n: 99 });
});

t.test('a route that declares the option but does not hand the key to its use case fails loudly', async (t) => {
  const test = await buildTestApp(t);
  const app = await appWith(test, (app) =>
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/forgetful',
        { config: { access: ADMIN, idempotent: true }, schema: { body: Named, response: { 200: Named } } },
        (request) => write(test.runtime.ctx, async () => request.body),
      ),
  );
  t.teardown(() => app.close());
  const authorization = `Bearer ${await test.token('admin')}`;
  const withKey = await app.inject({
    method: 'POST',
    url: '/forgetful',
    headers: { authorization, 'idempotency-key': 'k' },
    payload: { name: 'f' },
  });
  t.equal(withKey.statusCode, 500, 'a retry would have run twice');
  t.same(withKey.json(), {
    statusCode: 500,
    code: 'internal',
    error: 'Internal Server Error',
    message: 'Internal Server Error',
  });
  t.equal(
    (await app.inject({ method: 'POST', url: '/forgetful', headers: { authorization }, payload: { name: 'f' } }))
      .statusCode,
    200,
  );
});

t.test('an idempotent route declares exactly one success status (the one stored)', async (t) => {
  const test = await buildTestApp(t);
  await t.rejects(
    appWith(test, (app) =>
      app.post(
        '/two',
        { config: { access: ADMIN, idempotent: true }, schema: { response: { 200: Named, 201: Named } } },
        async () => ({ name: 'x' }),
      ),
    ),
    /exactly one 2xx response schema/,
  );
});

t.test('the app documents the header on its idempotent routes, and only there', async (t) => {
  const test = await buildTestApp(t);
  const doc = (await test.request({ method: 'GET', url: '/docs/openapi.json', as: 'none' })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  };
  const withHeader = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) =>
        operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'),
      )
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  t.same(withHeader.sort(), [
    'POST /v1/cash-registers/{id}/sessions',
    'POST /v1/cash-registers/{id}/sessions/current/close',
    'POST /v1/orders',
    'POST /v1/orders/{id}/confirm',
    'POST /v1/orders/{id}/refunds',
    'POST /v1/reports/general-closure',
  ]);
});
