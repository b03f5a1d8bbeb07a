import { readdirSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import type { Access } from '../../src/core/auth/principal.js';
import { CUID_PATTERN } from '../../src/core/ids.js';
import { windowReportId } from '../../src/core/reports/report.js';
import {
  arbitraryOf,
  type BodyCase,
  type CapturedRoute,
  enumBehind,
  type Hint,
  isoDate,
  isoDateTime,
  jsonSchemaOf,
  NASTY_STRINGS,
  queryEntries,
  RAW_QUERY_GARBAGE,
  rawBodyMutation,
  short,
  structuralMutation,
  weirdValue,
} from './fuzz.js';
import {
  API_RESOURCE_TABLES,
  BAD_PATH_IDS,
  extraHeaders,
  ID_FIELD_TABLES,
  idempotencyKey,
  uploadArbitrary,
  WILDCARD_PATHS,
} from './fuzz-inputs.js';

// The endpoint fuzzer's requests: a route's path, query, headers, credential and body drawn from its own schemas,
// with ids from live pools of the database (it changes as successful requests go through), then mutated.

export type Who = 'admin' | 'operator' | 'printer' | 'display';

export interface Credential {
  name: string;
  headers: Record<string, string>;
  /** `?access_token=` (honoured on the event streams only). */
  queryToken?: string;
  /** Who the server should take the caller for when the credential is honoured; absent: nobody. */
  who?: Who;
  /** A token of its own for POST /v1/auth/logout, which revokes it: no other route uses it, nor that route another. */
  forLogout?: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
}

/** What the generators read of the app under test. */
export interface RequestEnv {
  sqlite: BetterSqlite3.Database;
  uploadsDir: string;
  /** The clock's time at the start: report bounds stay within days of it. */
  now: number;
  adminPassword: string;
  protectedKeyIds: Set<string>;
  credentials: Credential[];
  accessOf: Map<string, Access>;
}

export const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
export const isStream = (route: CapturedRoute) => route.url.startsWith('/events/') && !route.url.includes(':');
export const isUpload = (route: CapturedRoute) => route.url === '/v1/banners/:id/image';

/** A path, query or header value percent-encoded (lone surrogates byte by byte). */
export const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
};

export function requestGenerators(env: RequestEnv) {
  const { sqlite, now, adminPassword, protectedKeyIds, accessOf } = env;
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
  const ORDERABLE_FOODS =
    'select f.id from foods f join categories c on c.id = f.category_id where f.available = 1 and c.available = 1';
  const ALL_ID_TABLES = [
    'foods',
    'categories',
    'printers',
    'cash_registers',
    'users',
    'ingredients',
    'banners',
    'reports',
    'order_items',
  ];
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
    if (path === 'orderItems.id')
      return pathId
        ? () => column('select id from order_items where order_id = ?', Number(pathId))
        : () => idsOf('order_items');
    if (name === 'foodId') return () => column(ORDERABLE_FOODS);
    const table = ID_FIELD_TABLES[path] ?? ID_FIELD_TABLES[name];
    return table ? () => idsOf(table) : () => ALL_ID_TABLES.flatMap(idsOf);
  }

  /** Path ids for actions that only make sense on some rows (a confirm on a pending order), drawn more often. */
  const PREFERRED_PATH_IDS: Record<string, string> = {
    'POST /v1/orders/:id/confirm': "select id from orders where status = 'PENDING'",
    'POST /v1/orders/:id/reprint': "select id from orders where status <> 'PENDING'",
    'PATCH /v1/orders/:id': "select id from orders where status <> 'PENDING'",
    'POST /v1/orders/:id/refunds': "select id from orders where status <> 'PENDING'",
  };

  const money = fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0, max: 3000 }).map((cents) => cents / 100) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(0, 0.001, 1.005, 0.1 + 0.2, -0.01, 1e9, 1e16, Number.MAX_SAFE_INTEGER, 5e-324),
    },
  );
  // Order list bounds may be anywhere; report bounds stay within days of the clock, because every hour of a report's
  // range costs work (see the todo test at the end), and the DST edges are deterministic cases below.
  const anyInstant = fc.oneof(isoDateTime, isoDate);
  const integerSpelling = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 120 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '01', '+1', '1e1', '0x1', '1.0', ' 1', '9007199254740993', '') },
  );
  const reportInstant = fc
    .tuple(
      fc.integer({ min: now - 4 * 86_400_000, max: now + 86_400_000 }),
      fc.constantFrom('date-time', 'offset', 'date'),
    )
    .map(([at, form]) => {
      const iso = new Date(at).toISOString();
      return form === 'date' ? iso.slice(0, 10) : form === 'offset' ? iso.replace(/\.\d{3}Z$/, '+01:00') : iso;
    });

  /**
   * Generators for what the JSON Schema of a zod schema cannot say: refinements, transforms, ids that exist. `pathId`
   * is the id in the request's path, so a body can name that order's items.
   */
  const hintFor =
    (pathId?: string, includeParts: string[] = []): Hint =>
    (path, schema) => {
      const name = path.split('.').at(-1) ?? '';
      if (schema.pattern === CUID_PATTERN.source) return idArbitrary(poolOfField(path, pathId));
      if (schema.enum || schema.anyOf || schema.pattern || schema.format) {
        if ((name === 'from' || name === 'to') && schema.anyOf) return reportInstant;
        if ((name === 'dateFrom' || name === 'dateTo') && schema.anyOf) return anyInstant;
        // Integer query parameters are plain decimal strings (docs/api.md): mostly in range, sometimes spelled otherwise.
        if (name === 'page' || name === 'limit' || name === 'orderId') return integerSpelling;
        return undefined;
      }
      switch (name) {
        case 'color':
          return fc
            .tuple(fc.constantFrom('', '#', ' #'), fc.stringMatching(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/))
            .map(([prefix, hex]) => prefix + hex);
        case 'ip':
          return fc.oneof(
            { weight: 6, arbitrary: fc.oneof(fc.ipV4(), fc.constantFrom('printer.local', 'kitchen-1', 'localhost')) },
            { weight: 1, arbitrary: fc.constantFrom('10.0.0.256', '::1', 'a..b', '-bad-', '1.2.3') },
          );
        case 'website':
          return fc.oneof(
            {
              weight: 6,
              arbitrary: fc.oneof(
                fc.constant(''),
                fc.webUrl({ validSchemes: ['http', 'https'] }).filter((url) => url.length <= 500),
              ),
            },
            { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'ftp://x', 'http://') },
          );
        case 'social1':
        case 'social2':
          return fc.oneof(
            {
              weight: 6,
              arbitrary: fc.oneof(
                fc.stringMatching(/^@?[a-z0-9_.]{0,20}$/),
                fc.constant('https://instagram.com/sagra'),
              ),
            },
            { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'data:text/html,x') },
          );
        case 'ingredients':
          return fc.uniqueArray(fc.record({ id: idArbitrary(() => idsOf('ingredients')) }), {
            maxLength: 4,
            selector: (item) => item.id,
          });
        case 'include':
          return fc.oneof(
            { weight: 4, arbitrary: fc.subarray(includeParts, { minLength: 1 }).map((parts) => parts.join(',')) },
            {
              weight: 1,
              arbitrary: fc
                .subarray([...includeParts, 'orders', '', ' foods '], { minLength: 1 })
                .map((parts) => parts.join(',')),
            },
          );
        case 'status':
          return fc
            .tuple(
              fc.constantFrom('PENDING', 'CONFIRMED', 'COMPLETED', 'PICKED_UP', 'COMPLETED', 'PICKED_UP', 'READY'),
              fc.constantFrom('upper', 'lower', 'mixed'),
            )
            .map(([status, style]) =>
              style === 'upper'
                ? status
                : style === 'lower'
                  ? status.toLowerCase()
                  : status[0] + status.slice(1).toLowerCase(),
            );
        case 'price':
        case 'surcharge':
        case 'discount':
          return money;
        case 'username':
          return fc.oneof(
            fc.constantFrom('admin', 'ghost', 'fuzz-operator'),
            fc.stringMatching(/^[a-z][a-z0-9._-]{0,11}$/),
          );
        case 'password':
          return fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(adminPassword, 'password-123') },
            { weight: 6, arbitrary: fc.string({ minLength: 8, maxLength: 24 }) },
            { weight: 1, arbitrary: fc.string({ maxLength: 7 }) },
          );
        case 'lastEventId':
          return fc.oneof(
            fc.nat({ max: 5000 }).map(String),
            fc.constantFrom('', '-1', 'abc', '1e3', ' 7 ', '999999999999999', '18446744073709551616'),
          );
        case 'access_token':
          return fc.constantFrom('garbage', 'posk_nope', '');
        default:
          return undefined;
      }
    };

  // ---- request generators ----------------------------------------------------------------------------------------

  const uploadedFiles = () => readdirSync(env.uploadsDir);

  /** The path with its parameters filled in, and the id put there when it is a real one. */
  function pathArbitrary(route: CapturedRoute): fc.Arbitrary<{ path: string; id?: string }> {
    const segments = route.url.split('/');
    const parts = segments.map((segment, index): fc.Arbitrary<{ raw: string; id?: string }> => {
      const raw = (value: fc.Arbitrary<string>) => value.map((text) => ({ raw: text }));
      if (segment === '*')
        return raw(
          fc.oneof(
            fc.constantFrom(...WILDCARD_PATHS),
            pick(uploadedFiles).map((file) => encode(file ?? 'none.png')),
          ),
        );
      if (segment === ':channel')
        return raw(
          fc.oneof(
            fc.constantFrom('kitchen', 'CASHIER', 'cashier%20', 'printer%2F', '%00', ''),
            fc.string({ maxLength: 30 }).map(encode),
          ),
        );
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
          fc
            .tuple(
              fc.constantFrom(0, 1, Date.parse('2026-11-21T17:00:00Z'), 36 ** 9 - 2),
              fc.constantFrom(1, 3_600_000, 86_400_000, 36 ** 9 - 1),
            )
            .map(([start, length]) => windowReportId({ start, end: Math.min(start + length, 36 ** 9 - 1) })),
        );
      } else {
        good = idArbitrary(() => idsOf(table));
      }
      return fc.oneof(
        { weight: 4, arbitrary: good.map((id) => ({ raw: encode(id), id })) },
        { weight: 1, arbitrary: raw(fc.constantFrom(...BAD_PATH_IDS)) },
      );
    });
    return fc.tuple(...parts).map((values) => {
      const id = values.find((value) => value.id !== undefined)?.id;
      return { path: values.map((value) => value.raw).join('/'), ...(id !== undefined ? { id } : {}) };
    });
  }

  function queryArbitrary(
    route: CapturedRoute,
  ): fc.Arbitrary<{ entries: Array<[string, string]>; raw: string; label: string }> {
    const schema = jsonSchemaOf(route.options.schema?.querystring);
    const querystring = route.options.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    const includeParts = enumBehind(querystring?.shape?.['include']) ?? [];
    const valid = schema
      ? arbitraryOf(schema, hintFor(undefined, includeParts)).map(queryEntries)
      : fc.constant<Array<[string, string]>>([]);
    const weirdString = fc.oneof(
      fc.constantFrom(...NASTY_STRINGS),
      fc.string({ maxLength: 20 }),
      weirdValue.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
    );
    return fc
      .tuple(
        valid,
        fc.constantFrom(
          'valid',
          'valid',
          'valid',
          'valid',
          'valid',
          'valid',
          'drop',
          'unknown',
          'repeat',
          'weird',
          'empty',
          'key-only',
          'raw',
        ),
        fc.nat(),
        weirdString,
        fc.constantFrom(...RAW_QUERY_GARBAGE),
      )
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

  function bodyArbitrary(route: CapturedRoute, pathId: string | undefined): fc.Arbitrary<BodyCase> {
    const none = fc.constant<BodyCase>({ label: 'no body' });
    if (isStream(route)) return none; // event streams take no body
    if (isUpload(route))
      return fc.oneof(
        { weight: 9, arbitrary: uploadArbitrary },
        { weight: 1, arbitrary: rawBodyMutation(fc.constant({})) },
      );
    const json = (value: unknown, label: string): BodyCase => ({
      payload: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
      label,
    });
    const schema = jsonSchemaOf(route.options.schema?.body);
    if (schema) {
      const valid = arbitraryOf(schema, hintFor(pathId));
      return fc.oneof(
        { weight: 4, arbitrary: valid.map((value) => json(value, 'schema-valid')) },
        {
          weight: 5,
          arbitrary: fc.tuple(valid, structuralMutation).map(([value, mutate]) => {
            const mutated = mutate(value);
            return json(mutated.value, mutated.label);
          }),
        },
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

  function credentialArbitrary(route: CapturedRoute): fc.Arbitrary<Credential> {
    const access = accessOf.get(keyOf(route)) as Access;
    const logout = route.url === '/v1/auth/logout';
    const tokenOfStaff = (c: Credential) => c.forLogout === true || c.who === 'admin' || c.who === 'operator';
    const credentials = env.credentials.filter((c) =>
      logout ? !tokenOfStaff(c) || c.forLogout === true : c.forLogout !== true,
    );
    const queryToken = route.options.config?.queryToken === true;
    const honoured = (credential: Credential): Who | undefined =>
      credential.queryToken !== undefined && !queryToken ? undefined : credential.who;
    const allowed = (who: Who | undefined) =>
      who !== undefined &&
      access !== 'public' &&
      (who === 'admin' || who === 'operator' ? access.roles.includes(who) : (access.scopes?.includes(who) ?? false));
    if (access === 'public')
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant(credentials.find((c) => c.name === 'none') as Credential) },
        { weight: 1, arbitrary: fc.constantFrom(...credentials) },
      );
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
    const itemsOfPathOrder =
      route.url.includes(':id') &&
      Boolean(jsonSchemaOf(route.options.schema?.body)?.properties?.['orderItems']?.items?.properties?.['id']);
    const drawn = itemsOfPathOrder
      ? parts.path.chain((path) =>
          fc.record({ ...parts, path: fc.constant(path), body: bodyArbitrary(route, path.id) }),
        )
      : fc.record(parts);
    return drawn.map(({ method, path, query, body, credential, headers, idempotencyKey }) => {
      const entries = [...query.entries];
      if (credential.queryToken !== undefined) entries.push(['access_token', credential.queryToken]);
      const search = [
        ...entries.map(([key, value]) => `${encode(key)}=${encode(value)}`),
        ...(query.raw ? [query.raw] : []),
      ].join('&');
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
      return {
        method,
        url,
        headers: allHeaders,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        label,
      };
    });
  }

  return { requestArbitrary, hintFor };
}
