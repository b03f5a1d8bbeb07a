import { readdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import t from 'tap';
import type { ZodType } from 'zod';
import { revokeToken } from '../../src/core/auth/authenticate.js';
import type { Access } from '../../src/core/auth/principal.js';
import { TokenService } from '../../src/core/auth/tokens.js';
import { systemClock } from '../../src/core/clock.js';
import { CUID_PATTERN } from '../../src/core/ids.js';
import { windowReportId } from '../../src/core/reports/report.js';
import { buildTestApp } from '../helpers/app.js';
import {
  arbitraryOf,
  type BodyCase,
  enumBehind,
  captureRoutes,
  type CapturedRoute,
  errorShapeProblem,
  type Hint,
  isoDate,
  isoDateTime,
  jsonSchemaOf,
  multipart,
  NASTY_STRINGS,
  queryEntries,
  RAW_QUERY_GARBAGE,
  rawBodyMutation,
  short,
  Snapshotter,
  structuralMutation,
  weirdValue,
} from '../helpers/fuzz.js';
import { JPEG_1X1, PNG_1X1, stripedPng } from '../helpers/multipart.js';
import { seedMenu } from '../helpers/seed.js';

// Issue #7 B2. Every route the app registers is fuzzed through inject: path ids, query strings, headers, JSON bodies
// generated from the route's own zod schemas, then mutated (fields dropped, added, retyped; broken JSON, wrong media
// types, huge and deeply nested bodies; multipart garbage for the banner image), sent as admin, operator, device keys
// and with bad or absent credentials. Properties:
//   1. no response is a 5xx, and every error response has the one error shape {statusCode, error, message, details?};
//   2. a response >= 400 leaves every table of the database (and the uploads dir) exactly as it was.
//
// FUZZ_SEED=<n> changes the inputs (the default is fixed, so a run is repeatable); FUZZ_RUNS=<n> requests per route.

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_121);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 30);
/** A request that takes longer than this is reported (a handler stuck in a loop would otherwise hang the suite). */
const REQUEST_TIMEOUT_MS = 5000;

type Who = 'admin' | 'operator' | 'printer' | 'display';

interface Credential {
  name: string;
  headers: Record<string, string>;
  /** `?access_token=` (honoured on the event streams only). */
  queryToken?: string;
  /** Who the server should take the caller for when the credential is honoured; absent: nobody. */
  who?: Who;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
}

interface Tally {
  sent: number;
  /** The share of bodies generated from the schema (before mutation) that the route's zod schema accepts. */
  validBodies?: number;
  ms?: number;
  byClass: Record<string, number>;
  problems: Map<string, { count: number; example: string }>;
}

const API_RESOURCE_TABLES: Record<string, string> = {
  users: 'users',
  'api-keys': 'api_keys',
  printers: 'printers',
  categories: 'categories',
  ingredients: 'ingredients',
  foods: 'foods',
  'cash-registers': 'cash_registers',
  banners: 'banners',
  orders: 'orders',
  'print-jobs': 'print_jobs',
  reports: 'reports',
};

/** Which table an id in a body or query refers to, by the field's name. */
const ID_FIELD_TABLES: Record<string, string> = {
  foodId: 'foods',
  categoryId: 'categories',
  printerId: 'printers',
  defaultPrinterId: 'printers',
  cashRegisterId: 'cash_registers',
  cashRegister: 'cash_registers',
  userId: 'users',
  'ingredients.id': 'ingredients',
  'orderItems.id': 'order_items',
};

/** Path ids that are not ids: sent raw (already URL-encoded where they must be). */
const BAD_PATH_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '+1',
  '01',
  '0x1F',
  'NaN',
  'Infinity',
  'null',
  'true',
  '9007199254740992',
  '9007199254740993',
  '99999999999999999999999999999',
  '%20',
  '1%20',
  'c',
  'c00000000000000000000000',
  'c0000000000000000000000000',
  'C000000000000000000000000',
  'c00000000000000000000000%21',
  'c000000000000000000000000%20',
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  '%00',
  '%ZZ',
  '%',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%27%20OR%201%3D1',
  'a'.repeat(101),
  'a'.repeat(5000),
] as const;

/** File names under the wildcard routes (/docs/static/*, /uploads/*). */
const WILDCARD_PATHS = [
  'index.html',
  'swagger-ui.css',
  'swagger-initializer.js',
  'nope.png',
  '.hidden',
  '..%2F..%2Fsecret',
  '../../../etc/passwd',
  '%2e%2e/%2e%2e/etc/passwd',
  'a/b/c',
  '%00',
  '%ZZ',
  '%F0%9F%98%80.png',
  'x'.repeat(300),
  '',
] as const;

t.test('B2: every endpoint, fuzzed from its schemas: no 5xx, one error shape, a rejected request changes nothing', async (t) => {
  const began = Date.now();
  const { value: app, routes: captured } = await captureRoutes(() => buildTestApp(t, { config: { keepAliveMs: 60_000 } }));
  const fastify = app.runtime.app;
  const sqlite = app.runtime.storage.sqlite;

  // Every route of the registry is captured with its options, and nothing else.
  const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
  t.same(captured.map(keyOf).sort(), fastify.routeAccess.map(keyOf).sort(), 'the captured routes are the route registry');
  const accessOf = new Map(fastify.routeAccess.map((route) => [keyOf(route), route.access] as const));

  // No table is excluded: nothing in the schema is a diagnostic counter (the login limiter and the rate of failed
  // logins live in memory, api_keys.last_used_at is not written by authentication, and failed logins are not
  // audited). A table that legitimately changes on a rejected request would go here, with the reason.
  const snapshotter = new Snapshotter(sqlite, app.runtime.dataDir.uploads, {});
  t.ok(snapshotter.tables.length >= 20, `snapshots cover ${snapshotter.tables.length} tables: ${snapshotter.tables.join(', ')}`);

  // ---- fixtures and credentials ----------------------------------------------------------------------------------
  await seedMenu(app);
  const printerKey = await app.apiKey('printer');
  const displayKey = await app.apiKey('display');
  const protectedKeyIds = new Set(sqlite.prepare('select id from api_keys').pluck().all() as string[]);
  await app.apiKey('printer'); // a key DELETE /v1/api-keys/:id may take away
  const adminToken = await app.token('admin', 10 * 365 * 86400);
  const adminPassword = app.runtime.initialAdmin?.password ?? 'unknown';
  const operatorToken = await app.token('operator', 10 * 365 * 86400);
  const expiring = await app.token('admin', 60);
  app.clock.advance(120_000);
  const foreign = await new TokenService(new Uint8Array(32).fill(7), systemClock).issue({ subject: 'x', userId: null, name: 'x', role: 'admin', ttlSeconds: 3600 });
  const revoked = await fastify.services.tokens.issue({ subject: 'token:gone', userId: null, name: 'gone', role: 'admin', ttlSeconds: 3600 });
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
  ];

  // ---- live pools of ids (the database changes as successful requests go through) --------------------------------
  const statements = new Map<string, (...params: unknown[]) => string[]>();
  /** The first column of a query's rows, as strings; queries are prepared once. */
  const column = (query: string, ...params: unknown[]): string[] => {
    let run = statements.get(query);
    if (!run) {
      const prepared = sqlite.prepare(query).pluck();
      run = (...values: unknown[]) => prepared.all(...values).map(String);
      statements.set(query, run);
    }
    return run(...params);
  };
  const idsOf = (table: string): string[] => {
    const ids = column(`select id from ${table}`);
    return table === 'api_keys' ? ids.filter((id) => !protectedKeyIds.has(id)) : ids;
  };
  const ORDERABLE_FOODS = 'select f.id from foods f join categories c on c.id = f.category_id where f.available = 1 and c.available = 1';
  const ALL_ID_TABLES = ['foods', 'categories', 'printers', 'cash_registers', 'users', 'ingredients', 'banners', 'reports', 'order_items'];
  const unknownCuid = fc.stringMatching(/^c[0-9a-z]{24}$/);
  const pick = (pool: () => string[]) =>
    fc.nat().map((n) => {
      const ids = pool();
      return ids.length > 0 ? ids[n % ids.length] : undefined;
    });
  /** Mostly an id that exists where the field points, sometimes one of another table or one that does not exist. */
  const idArbitrary = (pool: () => string[]) =>
    fc
      .oneof(
        { weight: 16, arbitrary: pick(pool) },
        { weight: 1, arbitrary: pick(() => ALL_ID_TABLES.flatMap(idsOf)) },
        { weight: 1, arbitrary: unknownCuid },
      )
      .chain((id) => (id === undefined ? unknownCuid : fc.constant(id)));

  /** Where an id in a body or query points: by field path or name; the path's own id narrows order item ids. */
  function poolOfField(path: string, pathId: string | undefined): () => string[] {
    const name = path.split('.').at(-1) ?? '';
    if (path === 'orderItems.id') return pathId ? () => column('select id from order_items where order_id = ?', Number(pathId)) : () => idsOf('order_items');
    if (name === 'foodId') return () => column(ORDERABLE_FOODS);
    const table = ID_FIELD_TABLES[path] ?? ID_FIELD_TABLES[name];
    return table ? () => idsOf(table) : () => ALL_ID_TABLES.flatMap(idsOf);
  }

  /** Path ids for actions that only make sense on some rows (a confirm on a pending order), drawn more often. */
  const PREFERRED_PATH_IDS: Record<string, string> = {
    'POST /v1/orders/:id/confirm': "select id from orders where status = 'PENDING'",
    'POST /v1/orders/:id/reprint': "select id from orders where status <> 'PENDING'",
    'PATCH /v1/orders/:id': "select id from orders where status <> 'PENDING'",
  };

  const money = fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0, max: 3000 }).map((cents) => cents / 100) },
    { weight: 1, arbitrary: fc.constantFrom(0, 0.001, 1.005, 0.1 + 0.2, -0.01, 1e9, 1e16, Number.MAX_SAFE_INTEGER, 5e-324) },
  );
  // Order list bounds may be anywhere; report bounds stay within days of the clock, because every hour of a report's
  // range costs work (see the todo test at the end), and the DST edges are deterministic cases below.
  const anyInstant = fc.oneof(isoDateTime, isoDate);
  const integerSpelling = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 120 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '01', '+1', '1e1', '0x1', '1.0', ' 1', '9007199254740993', '') },
  );
  const now = app.clock.now().getTime();
  const reportInstant = fc.tuple(fc.integer({ min: now - 4 * 86_400_000, max: now + 86_400_000 }), fc.constantFrom('date-time', 'offset', 'date')).map(([at, form]) => {
    const iso = new Date(at).toISOString();
    return form === 'date' ? iso.slice(0, 10) : form === 'offset' ? iso.replace(/\.\d{3}Z$/, '+01:00') : iso;
  });

  /**
   * Generators for what the JSON Schema of a zod schema cannot say: refinements, transforms, ids that exist. `pathId`
   * is the id in the request's path, so a body can name that order's items.
   */
  const hintFor = (pathId?: string, includeParts: string[] = []): Hint => (path, schema) => {
    const name = path.split('.').at(-1) ?? '';
    if (schema.pattern === CUID_PATTERN.source) return idArbitrary(poolOfField(path, pathId));
    if (schema.enum || schema.anyOf || schema.pattern || schema.format) {
      if ((name === 'from' || name === 'to') && schema.anyOf) return reportInstant;
      if ((name === 'dateFrom' || name === 'dateTo') && schema.anyOf) return anyInstant;
      // Integer query parameters are plain decimal strings (Release 1.7): mostly in range, sometimes spelled otherwise.
      if (name === 'page' || name === 'limit' || name === 'orderId') return integerSpelling;
      return undefined;
    }
    switch (name) {
      case 'color':
        return fc.tuple(fc.constantFrom('', '#', ' #'), fc.stringMatching(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)).map(([prefix, hex]) => prefix + hex);
      case 'ip':
        return fc.oneof(
          { weight: 6, arbitrary: fc.oneof(fc.ipV4(), fc.constantFrom('printer.local', 'kitchen-1', 'localhost')) },
          { weight: 1, arbitrary: fc.constantFrom('10.0.0.256', '::1', 'a..b', '-bad-', '1.2.3') },
        );
      case 'website':
        return fc.oneof(
          { weight: 6, arbitrary: fc.oneof(fc.constant(''), fc.webUrl({ validSchemes: ['http', 'https'] }).filter((url) => url.length <= 500)) },
          { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'ftp://x', 'http://') },
        );
      case 'social1':
      case 'social2':
        return fc.oneof(
          { weight: 6, arbitrary: fc.oneof(fc.stringMatching(/^@?[a-z0-9_.]{0,20}$/), fc.constant('https://instagram.com/sagra')) },
          { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'data:text/html,x') },
        );
      case 'ingredients':
        return fc.uniqueArray(fc.record({ id: idArbitrary(() => idsOf('ingredients')) }), { maxLength: 4, selector: (item) => item.id });
      case 'include':
        return fc.oneof(
          { weight: 4, arbitrary: fc.subarray(includeParts, { minLength: 1 }).map((parts) => parts.join(',')) },
          { weight: 1, arbitrary: fc.subarray([...includeParts, 'orders', '', ' foods '], { minLength: 1 }).map((parts) => parts.join(',')) },
        );
      case 'status':
        return fc.tuple(fc.constantFrom('PENDING', 'CONFIRMED', 'COMPLETED', 'PICKED_UP', 'COMPLETED', 'PICKED_UP', 'READY'), fc.constantFrom('upper', 'lower', 'mixed')).map(([status, style]) =>
          style === 'upper' ? status : style === 'lower' ? status.toLowerCase() : status[0] + status.slice(1).toLowerCase(),
        );
      case 'price':
      case 'surcharge':
      case 'discount':
        return money;
      case 'username':
        return fc.oneof(fc.constantFrom('admin', 'ghost', 'fuzz-operator'), fc.stringMatching(/^[a-z][a-z0-9._-]{0,11}$/));
      case 'password':
        return fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(adminPassword, 'password-123') },
          { weight: 6, arbitrary: fc.string({ minLength: 8, maxLength: 24 }) },
          { weight: 1, arbitrary: fc.string({ maxLength: 7 }) },
        );
      case 'lastEventId':
        return fc.oneof(fc.nat({ max: 5000 }).map(String), fc.constantFrom('', '-1', 'abc', '1e3', ' 7 ', '999999999999999', '18446744073709551616'));
      case 'access_token':
        return fc.constantFrom('garbage', 'posk_nope', '');
      default:
        return undefined;
    }
  };

  // ---- request generators ----------------------------------------------------------------------------------------
  const encode = (value: string) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    }
  };
  const uploadedFiles = () => readdirSync(app.runtime.dataDir.uploads);
  const isStream = (route: CapturedRoute) => route.url.startsWith('/events/') && !route.url.includes(':');
  const isUpload = (route: CapturedRoute) => route.url === '/v1/banners/:id/image';

  /** The path with its parameters filled in, and the id put there when it is a real one. */
  function pathArbitrary(route: CapturedRoute): fc.Arbitrary<{ path: string; id?: string }> {
    const segments = route.url.split('/');
    const parts = segments.map((segment, index): fc.Arbitrary<{ raw: string; id?: string }> => {
      const raw = (value: fc.Arbitrary<string>) => value.map((text) => ({ raw: text }));
      if (segment === '*') return raw(fc.oneof(fc.constantFrom(...WILDCARD_PATHS), pick(uploadedFiles).map((file) => encode(file ?? 'none.png'))));
      if (segment === ':channel') return raw(fc.oneof(fc.constantFrom('kitchen', 'CASHIER', 'cashier%20', 'printer%2F', '%00', ''), fc.string({ maxLength: 30 }).map(encode)));
      if (segment !== ':id') return fc.constant({ raw: segment });
      const resource = segments[index - 1] ?? '';
      const table = API_RESOURCE_TABLES[resource] as string;
      const preferred = PREFERRED_PATH_IDS[keyOf(route)];
      let good: fc.Arbitrary<string>;
      if (resource === 'orders' || resource === 'print-jobs') {
        good = fc
          .oneof(
            { weight: preferred ? 4 : 0, arbitrary: pick(() => column(preferred ?? 'select 1 where 0')) },
            { weight: 4, arbitrary: pick(() => idsOf(table)) },
            { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000_000 }).map(String) },
          )
          .map((id) => id ?? '1');
      } else if (resource === 'reports') {
        good = fc.oneof(
          idArbitrary(() => idsOf(table)),
          // ids of computed reports encode their window: any window, even an absurd one, must be answered
          fc.tuple(fc.constantFrom(0, 1, Date.parse('2026-11-21T17:00:00Z'), 36 ** 9 - 2), fc.constantFrom(1, 3_600_000, 86_400_000, 36 ** 9 - 1)).map(([start, length]) =>
            windowReportId({ start, end: Math.min(start + length, 36 ** 9 - 1) }),
          ),
        );
      } else {
        good = idArbitrary(() => idsOf(table));
      }
      return fc.oneof({ weight: 4, arbitrary: good.map((id) => ({ raw: encode(id), id })) }, { weight: 1, arbitrary: raw(fc.constantFrom(...BAD_PATH_IDS)) });
    });
    return fc.tuple(...parts).map((values) => {
      const id = values.find((value) => value.id !== undefined)?.id;
      return { path: values.map((value) => value.raw).join('/'), ...(id !== undefined ? { id } : {}) };
    });
  }

  function queryArbitrary(route: CapturedRoute): fc.Arbitrary<{ entries: Array<[string, string]>; raw: string; label: string }> {
    const schema = jsonSchemaOf(route.options.schema?.querystring);
    const querystring = route.options.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    const includeParts = enumBehind(querystring?.shape?.['include']) ?? [];
    const valid = schema ? arbitraryOf(schema, hintFor(undefined, includeParts)).map(queryEntries) : fc.constant<Array<[string, string]>>([]);
    const weirdString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 20 }), weirdValue.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))));
    return fc
      .tuple(valid, fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'drop', 'unknown', 'repeat', 'weird', 'empty', 'key-only', 'raw'), fc.nat(), weirdString, fc.constantFrom(...RAW_QUERY_GARBAGE))
      .map(([entries, kind, pick, weird, garbage]) => {
        const list = [...entries];
        const at = list.length > 0 ? pick % list.length : 0;
        const chosen = list[at];
        let raw = '';
        let label = kind;
        if (kind === 'drop' && chosen) list.splice(at, 1);
        else if (kind === 'unknown') list.push(['unknown', weird]);
        else if (kind === 'repeat' && chosen) list.push([chosen[0], chosen[1]]);
        else if (kind === 'weird' && chosen) list[at] = [chosen[0], weird];
        else if (kind === 'empty' && chosen) list[at] = [chosen[0], ''];
        else if (kind === 'key-only' && chosen) {
          list.splice(at, 1);
          raw = encode(chosen[0]);
        } else if (kind === 'raw') raw = garbage;
        if (kind === 'weird' || kind === 'unknown') label += `=${short(weird, 30)}`;
        return { entries: list, raw, label };
      });
  }

  const png = PNG_1X1;
  const striped = stripedPng(30, 12, [255, 128, 0], [0, 0, 0]);
  const files = [
    { label: 'png', data: png, type: 'image/png' },
    { label: 'jpeg', data: JPEG_1X1, type: 'image/jpeg' },
    { label: 'striped png', data: striped, type: 'image/png' },
    { label: 'png sent as text/plain', data: png, type: 'text/plain' },
    { label: 'jpeg sent as image/png', data: JPEG_1X1, type: 'image/png' },
    { label: 'gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), type: 'image/gif' },
    { label: 'svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', type: 'image/svg+xml' },
    { label: 'text', data: 'hello', type: 'text/plain' },
    { label: 'png magic only', data: png.subarray(0, 8), type: 'image/png' },
    { label: 'truncated png', data: striped.subarray(0, striped.length - 20), type: 'image/png' },
    { label: 'jpeg magic only', data: Buffer.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' },
    { label: 'empty file', data: Buffer.alloc(0), type: 'image/png' },
    { label: 'garbage', data: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7919) % 256)), type: 'application/octet-stream' },
  ];
  const uploadArbitrary: fc.Arbitrary<BodyCase> = fc
    .tuple(
      fc.constantFrom(...files),
      fc.constantFrom(
        'one',
        'one',
        'one',
        'one',
        'wrong field',
        'two files',
        'field then file',
        'fields only',
        'no parts',
        'unclosed',
        'boundary mismatch',
        'no boundary',
        'many fields',
        'traversal filename',
        'long field',
        'not multipart',
      ),
    )
    .map(([file, shape]): BodyCase => {
      const part = { name: 'image', filename: 'logo.png', contentType: file.type, data: file.data };
      const label = `${shape}: ${file.label}`;
      const sent = (body: { payload: Buffer; contentType: string }): BodyCase => ({ ...body, label });
      switch (shape) {
        case 'wrong field':
          return sent(multipart([{ ...part, name: 'file' }]));
        case 'two files':
          return sent(multipart([part, { ...part, filename: 'second.png' }]));
        case 'field then file':
          return sent(multipart([{ name: 'caption', data: 'hello' }, part]));
        case 'fields only':
          return sent(multipart([{ name: 'image', data: 'not a file' }]));
        case 'no parts':
          return sent(multipart([]));
        case 'unclosed':
          return sent(multipart([part], { close: false }));
        case 'boundary mismatch':
          return { payload: multipart([part], { boundary: 'one' }).payload, contentType: 'multipart/form-data; boundary=another', label };
        case 'no boundary':
          return { payload: multipart([part]).payload, contentType: 'multipart/form-data', label };
        case 'many fields':
          return sent(multipart([...Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' })), part]));
        case 'traversal filename':
          return sent(multipart([{ ...part, filename: '../../../../tmp/évil\u0000.png' }]));
        case 'long field':
          return sent(multipart([{ name: 'caption', data: 'x'.repeat(5000) }, part]));
        case 'not multipart':
          return { payload: JSON.stringify({ image: file.data.toString('base64') }), contentType: 'application/json', label };
        default:
          return sent(multipart([part]));
      }
    });

  function bodyArbitrary(route: CapturedRoute, pathId: string | undefined): fc.Arbitrary<BodyCase> {
    const none = fc.constant<BodyCase>({ label: 'no body' });
    if (isStream(route)) return none; // event streams take no body
    if (isUpload(route)) return fc.oneof({ weight: 9, arbitrary: uploadArbitrary }, { weight: 1, arbitrary: rawBodyMutation(fc.constant({})) });
    const json = (value: unknown, label: string): BodyCase => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json', label });
    const schema = jsonSchemaOf(route.options.schema?.body);
    if (schema) {
      const valid = arbitraryOf(schema, hintFor(pathId));
      return fc.oneof(
        { weight: 4, arbitrary: valid.map((value) => json(value, 'schema-valid')) },
        { weight: 5, arbitrary: fc.tuple(valid, structuralMutation).map(([value, mutate]) => { const mutated = mutate(value); return json(mutated.value, mutated.label); }) },
        { weight: 2, arbitrary: rawBodyMutation(valid) },
      );
    }
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    return fc.oneof(
      { weight: withBody ? 5 : 10, arbitrary: none },
      { weight: 1, arbitrary: fc.constant(json({}, '{}')) },
      { weight: 1, arbitrary: weirdValue.map((value) => json(value, `body ${short(value, 30)}`)) },
      { weight: 1, arbitrary: rawBodyMutation(fc.constant({})) },
    );
  }

  const extraHeaders = fc.oneof(
    { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { accept: 'text/html' },
        { accept: 'application/xml;q=0.9, */*;q=0.1' },
        { 'accept-encoding': 'gzip, deflate, br' },
        { host: 'evil.example:99999' },
        { host: 'a b' },
        { host: '[::1]:80' },
        { host: '' },
        { 'x-forwarded-for': '1.2.3.4, garbage' },
        { 'x-forwarded-proto': 'gopher' },
        { range: 'bytes=999999-1' },
        { range: 'bytes=0-0,1-1,2-2' },
        { 'if-none-match': '*' },
        { 'if-modified-since': 'yesterday' },
        { 'content-encoding': 'gzip' },
        { expect: '100-continue' },
        { 'last-event-id': 'abc' },
        { 'last-event-id': '3' },
        { origin: 'null' },
        { 'user-agent': 'u'.repeat(8000) },
        { cookie: 'a=b; c' },
      ),
    },
  );
  const idempotencyKey = fc.oneof(
    { weight: 3, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 3, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'fuzz-key-3') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40, unit: fc.constantFrom(...'abcdef0123456789-') }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'k'.repeat(255), 'k'.repeat(256), 'ÿ'.repeat(10)) },
  );

  function credentialArbitrary(route: CapturedRoute): fc.Arbitrary<Credential> {
    const access = accessOf.get(keyOf(route)) as Access;
    const queryToken = route.options.config?.queryToken === true;
    const honoured = (credential: Credential): Who | undefined => (credential.queryToken !== undefined && !queryToken ? undefined : credential.who);
    const allowed = (who: Who | undefined) =>
      who !== undefined && access !== 'public' && (who === 'admin' || who === 'operator' ? access.roles.includes(who) : (access.scopes?.includes(who) ?? false));
    if (access === 'public') return fc.oneof({ weight: 4, arbitrary: fc.constant(credentials.find((c) => c.name === 'none') as Credential) }, { weight: 1, arbitrary: fc.constantFrom(...credentials) });
    const good = credentials.filter((c) => allowed(honoured(c)));
    const forbidden = credentials.filter((c) => honoured(c) !== undefined && !allowed(honoured(c)));
    const bad = credentials.filter((c) => honoured(c) === undefined);
    return fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...good) },
      ...(forbidden.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...forbidden) }] : []),
      { weight: 3, arbitrary: fc.constantFrom(...bad) },
    );
  }

  function requestArbitrary(route: CapturedRoute): fc.Arbitrary<FuzzRequest> {
    const hasIdempotency = Boolean(jsonSchemaOf(route.options.schema?.headers)?.properties?.['idempotency-key']);
    const parts = {
      method: route.method === 'GET' ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD') : fc.constant(route.method),
      path: pathArbitrary(route),
      query: queryArbitrary(route),
      body: bodyArbitrary(route, undefined),
      credential: credentialArbitrary(route),
      headers: extraHeaders,
      idempotencyKey: hasIdempotency ? idempotencyKey : fc.constant(undefined),
    };
    // A body that names items of the order in its path (a reprint) is drawn after the path; building its generator
    // for every request costs time, so only there.
    const itemsOfPathOrder = route.url.includes(':id') && Boolean(jsonSchemaOf(route.options.schema?.body)?.properties?.['orderItems']?.items?.properties?.['id']);
    const drawn = itemsOfPathOrder
      ? parts.path.chain((path) => fc.record({ ...parts, path: fc.constant(path), body: bodyArbitrary(route, path.id) }))
      : fc.record(parts);
    return drawn
      .map(({ method, path, query, body, credential, headers, idempotencyKey }) => {
        const entries = [...query.entries];
        if (credential.queryToken !== undefined) entries.push(['access_token', credential.queryToken]);
        const search = [...entries.map(([key, value]) => `${encode(key)}=${encode(value)}`), ...(query.raw ? [query.raw] : [])].join('&');
        const allHeaders: Record<string, string> = { ...headers, ...credential.headers };
        if (idempotencyKey !== undefined) allHeaders['idempotency-key'] = idempotencyKey;
        if (body.contentType !== undefined) allHeaders['content-type'] = body.contentType;
        const url = search ? `${path.path}?${search}` : path.path;
        const extras = Object.keys(headers).map((name) => `${name}: ${short(headers[name], 20)}`);
        const label = [
          `${method} ${short(url, 160).replace(/^"|"$/g, '')}`,
          `as ${credential.name}`,
          `query ${query.label}`,
          `body ${body.label}${body.payload !== undefined ? ` ${short(body.payload.toString(), 120)}` : ''}`,
          ...(idempotencyKey !== undefined ? [`idempotency-key ${short(idempotencyKey, 20)}`] : []),
          ...extras,
        ].join(' | ');
        return { method, url, headers: allHeaders, ...(body.payload !== undefined ? { payload: body.payload } : {}), label };
      });
  }

  // ---- sending and checking --------------------------------------------------------------------------------------

  const withTimeout = <T>(promise: Promise<T>, what: string) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms: ${what}`)), REQUEST_TIMEOUT_MS).unref())]);

  async function readAll(stream: Readable): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString();
  }

  const decodes = (path: string) => {
    try {
      decodeURIComponent(path);
      return true;
    } catch {
      return false;
    }
  };

  const tallies = new Map<string, Tally>();
  function note(tally: Tally, kind: string, detail: string, example: string) {
    const key = `${kind}: ${detail}`;
    const entry = tally.problems.get(key);
    if (entry) entry.count++;
    else tally.problems.set(key, { count: 1, example });
  }

  /** Sends one request and checks it; the status, or undefined when none came. */
  async function send(tally: Tally, route: CapturedRoute, request: FuzzRequest): Promise<number | undefined> {
    const before = snapshotter.current();
    const options: InjectOptions = {
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    };
    let status: number;
    let body = '';
    let headers: Record<string, unknown>;
    try {
      if (isStream(route)) {
        // An accepted event stream never ends: take its status and headers, then hang up.
        const response = await withTimeout(fastify.inject({ ...options, payloadAsStream: true }), request.label);
        status = response.statusCode;
        headers = response.headers;
        if (status === 200) {
          response.raw.res.destroy();
          if (!String(headers['content-type']).startsWith('text/event-stream')) note(tally, 'stream', `200 with content-type ${String(headers['content-type'])}`, request.label);
        } else {
          body = await withTimeout(readAll(response.stream()), request.label);
        }
      } else {
        const response = await withTimeout(fastify.inject(options), request.label);
        status = response.statusCode;
        headers = response.headers;
        body = response.body;
      }
    } catch (error) {
      note(tally, 'no response', (error as Error).message.slice(0, 200), request.label);
      return undefined;
    } finally {
      tally.sent++;
    }
    const statusClass = `${Math.floor(status / 100)}xx`;
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
    if (status >= 500) note(tally, '5xx', `${status} ${body.slice(0, 200)}`, request.label);
    if (status >= 400) {
      if (request.method !== 'HEAD') {
        // Reports answer a plain "Bad Request"; a URL that does not even decode is refused before any route is chosen.
        const plainBadRequest = route.options.config?.plainBadRequest === true && decodes(request.url.split('?')[0] as string);
        const problem = errorShapeProblem({ statusCode: status, headers: headers as Record<string, string>, body }, { plainBadRequest });
        if (problem) note(tally, 'error shape', `${status} ${problem}`, `${request.label} -> ${body.slice(0, 200)}`);
      }
      const changed = Snapshotter.diff(before, snapshotter.current());
      if (changed.length > 0) note(tally, 'rejected request changed the database', `${status} changed ${changed.join(', ')}`, `${request.label} -> ${body.slice(0, 200)}`);
    }
    return status;
  }

  // ---- keeping something to act on -------------------------------------------------------------------------------
  const count = (query: string) => sqlite.prepare(query).pluck().get() as number;
  async function fixture(method: 'POST' | 'PATCH', url: string, body: unknown) {
    const response = await app.request({ method, url, body, as: 'admin' });
    if (response.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  }
  let serial = 0;
  async function replenish() {
    const orderable = () =>
      sqlite
        .prepare('select f.id from foods f join categories c on c.id = f.category_id where f.available = 1 and c.available = 1 limit 2')
        .pluck()
        .all() as string[];
    const one = (query: string) => sqlite.prepare(query).pluck().get() as string | undefined;
    while (count('select count(*) from printers') < 2) await fixture('POST', '/v1/printers', { name: `Fuzz printer ${++serial}`, ip: '127.0.0.1', port: 9 });
    const printer = one('select id from printers limit 1') as string;
    if (count('select count(*) from categories where available = 1') < 1) await fixture('POST', '/v1/categories', { name: `Fuzz category ${++serial}`, printerId: printer });
    const category = one('select id from categories where available = 1 limit 1') as string;
    while (orderable().length < 2) await fixture('POST', '/v1/foods', { name: `Fuzz food ${++serial}`, price: 4.5, categoryId: category, available: true });
    if (count('select count(*) from cash_registers where enabled = 1 and default_printer_id is not null') < 1) {
      await fixture('POST', '/v1/cash-registers', { name: `Fuzz register ${++serial}`, defaultPrinterId: printer });
    }
    const foods = orderable();
    const register = sqlite.prepare('select id from cash_registers where enabled = 1 and default_printer_id is not null limit 1').pluck().get() as string;
    const order = (confirm: boolean) => ({
      table: '7',
      customer: 'Fuzz',
      orderItems: foods.map((foodId) => ({ foodId, quantity: 2 })),
      ...(confirm ? { confirm: { paymentMethod: 'CASH', cashRegisterId: register } } : {}),
    });
    while (count("select count(*) from orders where status = 'PENDING'") < 4) await fixture('POST', '/v1/orders', order(false));
    while (count("select count(*) from orders where status = 'CONFIRMED'") < 2) await fixture('POST', '/v1/orders', order(true));
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
    while (count('select count(*) from ingredients') < 2) await fixture('POST', '/v1/ingredients', { name: `Basilico ${++serial}` });
    if (count('select count(*) from users') < 2) await fixture('POST', '/v1/users', { username: `fuzz-op-${++serial}`, password: 'password-123', role: 'operator' });
    if (count('select count(*) from reports') < 1) await fixture('POST', '/v1/reports/general-closure', { cashRegister: register });
  }

  // ---- the runs ----------------------------------------------------------------------------------------------------
  /** Fewer runs where every accepted request costs a scrypt hash (logins, users with passwords). */
  const runsFor = (route: CapturedRoute) => {
    if (route.url === '/v1/auth/login' || (route.url.startsWith('/v1/users') && route.method !== 'GET' && route.method !== 'DELETE')) return Math.ceil(RUNS * 0.6);
    if (route.url.startsWith('/docs') || route.url.startsWith('/uploads')) return Math.ceil(RUNS * 0.3);
    return RUNS;
  };
  // HEAD routes are Fastify's automatic twins of GET routes: their requests are part of the GET route's runs.
  // (A HEAD route without a GET twin, such as swagger-ui's HEAD /docs/, is fuzzed on its own.)
  const hasGet = new Set(captured.filter((route) => route.method === 'GET').map((route) => route.url));
  const fuzzed = captured.filter((route) => route.method !== 'HEAD' || !hasGet.has(route.url));

  for (const [index, route] of fuzzed.entries()) {
    await replenish();
    const tally: Tally = { sent: 0, byClass: {}, problems: new Map() };
    tallies.set(keyOf(route), tally);
    const bodySchema = route.options.schema?.body as ZodType | undefined;
    const bodyJsonSchema = jsonSchemaOf(bodySchema);
    if (bodySchema && bodyJsonSchema && !isUpload(route)) {
      const samples = fc.sample(arbitraryOf(bodyJsonSchema, hintFor()), { seed: SEED + index, numRuns: 40 });
      const rejected = samples.map((sample) => bodySchema.safeParse(sample)).filter((result) => !result.success);
      tally.validBodies = 1 - rejected.length / samples.length;
      if (process.env['FUZZ_DEBUG']) {
        for (const result of rejected.slice(0, 3)) t.comment(`${keyOf(route)}: generated body rejected: ${short(result.error?.issues, 300)}`);
      }
    }
    const routeStarted = Date.now();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route), async (request) => {
        await send(tally, route, request);
      }),
      { seed: SEED + index, numRuns: runsFor(route) },
    );
    tally.ms = Date.now() - routeStarted;
  }

  // Requests no route matches: wrong methods, unknown paths, malformed URLs.
  const strayTally: Tally = { sent: 0, byClass: {}, problems: new Map() };
  tallies.set('(no route)', strayTally);
  const strayRoute: CapturedRoute = { method: 'GET', url: '(no route)', options: { method: 'GET', url: '(no route)', handler: () => undefined } };
  const stray = fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'SEARCH', 'PROPFIND'),
      path: fc.oneof(
        // Not the event streams: an accepted one never ends (they are fuzzed as streams above).
        fc.constantFrom(...fuzzed.filter((route) => !isStream(route)).map((route) => route.url.replace(':id', 'c000000000000000000000000').replace(':channel', 'kitchen').replace('*', 'x'))),
        fc.constantFrom('/', '//', '/v1', '/v1/', '/v2/orders', '/v1/orders/', '/v1/orders/1/', '/V1/ORDERS', '/v1/../v1/foods', '/v1/%2e%2e/health', '/%', '/v1/orders/%E0%A4%A', '/\u00e9', `/${'a'.repeat(3000)}`, '/v1/foods;x=1', '/v1/foods#frag'),
      ),
      credential: fc.constantFrom(...credentials.filter((credential) => ['admin', 'operator', 'printer key', 'none'].includes(credential.name))),
    })
    .map(({ method, path, credential }): FuzzRequest => ({ method, url: path, headers: { ...credential.headers }, label: `${method} ${short(path, 80)} | as ${credential.name}` }));
  await fc.assert(
    fc.asyncProperty(stray, async (request) => {
      await send(strayTally, strayRoute, request);
    }),
    { seed: SEED - 1, numRuns: RUNS * 2 },
  );

  // Report buckets across the venue's DST changes (an hour bucket of 0 or 2 hours must not break the walk).
  const reportsRoute = fuzzed.find((route) => keyOf(route) === 'GET /v1/reports') as CapturedRoute;
  const reportsTally = tallies.get('GET /v1/reports') as Tally;
  for (const [from, to] of [
    ['2026-03-28', '2026-03-30'],
    ['2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z'],
    ['2026-10-24', '2026-10-26'],
    ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00+00:00'],
    ['2025-10-26T01:59:59Z', '2025-10-26T02:00:01Z'],
  ]) {
    for (const groupBy of ['1h', '4h', '12h', 'day', 'all']) {
      const url = `/v1/reports?from=${encode(from as string)}&to=${encode(to as string)}&groupBy=${groupBy}`;
      await send(reportsTally, reportsRoute, { method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` }, label: `GET ${url}` });
    }
  }

  // Deterministic edge cases too costly to draw at random: an image just past the 5 MiB limit.
  await replenish();
  const bannerId = sqlite.prepare('select id from banners limit 1').pluck().get() as string;
  const big = multipart([{ name: 'image', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) }]);
  const uploadTally = tallies.get('PATCH /v1/banners/:id/image') as Tally;
  const uploadRoute = fuzzed.find((route) => keyOf(route) === 'PATCH /v1/banners/:id/image') as CapturedRoute;
  const bigStatus = await send(uploadTally, uploadRoute, {
    method: 'PATCH',
    url: `/v1/banners/${bannerId}/image`,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': big.contentType },
    payload: big.payload,
    label: `PATCH image of 5 MiB + ${png.length} bytes`,
  });
  t.equal(bigStatus, 413, 'an image past 5 MiB is refused with 413');

  // ---- report ------------------------------------------------------------------------------------------------------
  let total = 0;
  for (const [key, tally] of tallies) {
    total += tally.sent;
    const classes = Object.entries(tally.byClass)
      .sort()
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    const valid = tally.validBodies === undefined ? '' : `; ${Math.round(tally.validBodies * 100)}% of generated bodies pass the zod schema`;
    t.comment(`${key}: ${tally.sent} requests (${classes})${valid}${tally.ms === undefined ? '' : `, ${tally.ms} ms`}`);
  }
  for (const [key, tally] of tallies) {
    const problems = [...tally.problems].map(([problem, { count, example }]) => `${problem} (${count}x), e.g. ${example}`);
    t.same(problems, [], `${key}: no 5xx, the error shape, rejected requests change nothing`);
  }
  t.comment(`${total} requests over ${tallies.size - 1} routes (+ stray requests) in ${((Date.now() - began) / 1000).toFixed(1)} s, seed ${SEED}`);
});
