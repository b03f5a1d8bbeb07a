import type { Readable } from 'node:stream';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ZodType } from 'zod';
import { buildTestApp, type TestApp } from './app.js';
import { arbitraryOf, captureRoutes, type CapturedRoute, jsonSchemaOf, short } from './fuzz.js';
import { errorShapeProblem, Snapshotter } from './fuzz-checks.js';
import { fuzzCredentials, replenisher } from './fuzz-fixtures.js';
import {
  type Credential,
  encode,
  type FuzzRequest,
  isStream,
  isUpload,
  keyOf,
  requestGenerators,
} from './fuzz-requests.js';

export type { Credential, FuzzRequest };

// The endpoint fuzzer, shared by the files of test/faults/fuzz-*.test.ts, one per family of routes.
// Every route the app registers is fuzzed through inject: path ids, query strings, headers, JSON bodies generated
// from the route's own zod schemas, then mutated (fields dropped, added, retyped; broken JSON, wrong media types,
// huge and deeply nested bodies; multipart garbage for the banner image), sent as admin, operator, device keys and
// with bad or absent credentials. Properties:
//   1. no response is a 5xx, and every error response has the one error shape {statusCode, error, message, details?};
//   2. a response >= 400 leaves every table of the database (and the uploads dir) exactly as it was.
//
// FUZZ_SEED=<n> changes the inputs (the default is fixed, so a run is repeatable); FUZZ_RUNS=<n> requests per route.
// A route's seed is SEED + its place among all routes, whichever file fuzzes it.

export const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_121);
export const RUNS = Number(process.env['FUZZ_RUNS'] ?? 30);
/** A request that takes longer than this is reported (a handler stuck in a loop would otherwise hang the suite). */
const REQUEST_TIMEOUT_MS = 30_000;

/** The families of routes, one test file each; every route is in exactly one (the last takes the rest). */
export const FAMILIES = ['orders', 'catalog', 'banners', 'access', 'printing', 'events-and-pages'] as const;
export type Family = (typeof FAMILIES)[number];

export function familyOf(url: string): Family {
  if (url.startsWith('/v1/orders')) return 'orders';
  if (/^\/v1\/(foods|categories|ingredients|cash-registers|public)(\/|$)/.test(url)) return 'catalog';
  if (url.startsWith('/v1/banners') || url.startsWith('/uploads')) return 'banners';
  if (/^\/v1\/(auth|users|api-keys)(\/|$)/.test(url)) return 'access';
  if (/^\/v1\/(printers|print-jobs|reports)(\/|$)/.test(url)) return 'printing';
  return 'events-and-pages';
}

/** What tap's test gives the session. */
type Test = Parameters<typeof buildTestApp>[0] & {
  ok(value: unknown, message: string): unknown;
  same(found: unknown, wanted: unknown, message: string): unknown;
  comment(...message: unknown[]): unknown;
};

export interface Tally {
  sent: number;
  /** The share of bodies generated from the schema (before mutation) that the route's zod schema accepts. */
  validBodies?: number;
  ms?: number;
  byClass: Record<string, number>;
  problems: Map<string, { count: number; example: string }>;
}

export interface FuzzSession {
  app: TestApp;
  fastify: TestApp['runtime']['app'];
  sqlite: TestApp['runtime']['storage']['sqlite'];
  adminToken: string;
  credentials: Credential[];
  /** Every route fuzzed (HEAD twins of GET routes left out), in registration order. */
  fuzzed: CapturedRoute[];
  isStream(route: CapturedRoute): boolean;
  encode(value: string): string;
  /** Sends one request and checks it; the status, or undefined when none came. */
  send(tally: Tally, route: CapturedRoute, request: FuzzRequest): Promise<number | undefined>;
  /** Tops the database up with something to act on (orders in each state, a banner with an image, ...). */
  replenish(): Promise<void>;
  fuzzFamily(family: Family): Promise<void>;
  tallyOf(key: string): Tally;
  routeOf(key: string): CapturedRoute;
  /** The tallies as comments, and one assertion per route: no problem found. */
  report(): void;
}

/** Boots the app with its fixtures and credentials, and checks that every route is captured. */
export async function openFuzzSession(t: Test): Promise<FuzzSession> {
  const began = Date.now();
  const { value: app, routes: captured } = await captureRoutes(() =>
    buildTestApp(t, { config: { keepAliveMs: 60_000 } }),
  );
  const fastify = app.runtime.app;
  const sqlite = app.runtime.storage.sqlite;

  // Every route of the registry is captured with its options, and nothing else.
  t.same(
    captured.map(keyOf).sort(),
    fastify.routeAccess.map(keyOf).sort(),
    'the captured routes are the route registry',
  );
  const accessOf = new Map(fastify.routeAccess.map((route) => [keyOf(route), route.access] as const));

  // No table is excluded: nothing in the schema is a diagnostic counter (the login limiter and the rate of failed
  // logins live in memory, api_keys.last_used_at is not written by authentication, and failed logins are not
  // audited). A table that legitimately changes on a rejected request would go here, with the reason.
  const snapshotter = new Snapshotter(sqlite, app.runtime.dataDir.uploads, {});
  t.ok(
    snapshotter.tables.length >= 20,
    `snapshots cover ${snapshotter.tables.length} tables: ${snapshotter.tables.join(', ')}`,
  );

  const { credentials, adminToken, adminPassword, protectedKeyIds } = await fuzzCredentials(app);
  const replenish = replenisher(app, adminToken);
  const { requestArbitrary, hintFor } = requestGenerators({
    sqlite,
    uploadsDir: app.runtime.dataDir.uploads,
    now: app.clock.now().getTime(),
    adminPassword,
    protectedKeyIds,
    credentials,
    accessOf,
  });

  // ---- sending and checking --------------------------------------------------------------------------------------

  const withTimeout = <T>(promise: Promise<T>, what: string) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms: ${what}`)),
          REQUEST_TIMEOUT_MS,
        ).unref(),
      ),
    ]);

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
          if (!String(headers['content-type']).startsWith('text/event-stream'))
            note(tally, 'stream', `200 with content-type ${String(headers['content-type'])}`, request.label);
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
        const plainBadRequest =
          route.options.config?.plainBadRequest === true && decodes(request.url.split('?')[0] as string);
        const problem = errorShapeProblem(
          { statusCode: status, headers: headers as Record<string, string>, body },
          { plainBadRequest },
        );
        if (problem) note(tally, 'error shape', `${status} ${problem}`, `${request.label} -> ${body.slice(0, 200)}`);
      }
      const changed = Snapshotter.diff(before, snapshotter.current());
      if (changed.length > 0)
        note(
          tally,
          'rejected request changed the database',
          `${status} changed ${changed.join(', ')}`,
          `${request.label} -> ${body.slice(0, 200)}`,
        );
    }
    return status;
  }

  // ---- the runs ----------------------------------------------------------------------------------------------------
  /** Fewer runs where every accepted request costs a scrypt hash (logins, users with passwords). */
  const runsFor = (route: CapturedRoute) => {
    if (
      route.url === '/v1/auth/login' ||
      (route.url.startsWith('/v1/users') && route.method !== 'GET' && route.method !== 'DELETE')
    )
      return Math.ceil(RUNS * 0.6);
    if (route.url.startsWith('/docs') || route.url.startsWith('/uploads')) return Math.ceil(RUNS * 0.3);
    return RUNS;
  };
  // HEAD routes are Fastify's automatic twins of GET routes: their requests are part of the GET route's runs.
  // (A HEAD route without a GET twin, such as swagger-ui's HEAD /docs/, is fuzzed on its own.)
  const hasGet = new Set(captured.filter((route) => route.method === 'GET').map((route) => route.url));
  const fuzzed = captured.filter((route) => route.method !== 'HEAD' || !hasGet.has(route.url));

  /** Fuzzes the routes of one family; each route keeps the seed of its place among all routes. */
  async function fuzzFamily(family: Family): Promise<void> {
    const mine = fuzzed.filter((route) => familyOf(route.url) === family);
    t.ok(mine.length > 0, `${family}: ${mine.length} routes to fuzz`);
    for (const [index, route] of fuzzed.entries()) {
      if (familyOf(route.url) !== family) continue;
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
          for (const result of rejected.slice(0, 3))
            t.comment(`${keyOf(route)}: generated body rejected: ${short(result.error?.issues, 300)}`);
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
  }

  // ---- report ------------------------------------------------------------------------------------------------------
  function report(): void {
    let total = 0;
    for (const [key, tally] of tallies) {
      total += tally.sent;
      const classes = Object.entries(tally.byClass)
        .sort()
        .map(([name, n]) => `${n} ${name}`)
        .join(', ');
      const valid =
        tally.validBodies === undefined
          ? ''
          : `; ${Math.round(tally.validBodies * 100)}% of generated bodies pass the zod schema`;
      t.comment(
        `${key}: ${tally.sent} requests (${classes})${valid}${tally.ms === undefined ? '' : `, ${tally.ms} ms`}`,
      );
    }
    for (const [key, tally] of tallies) {
      const problems = [...tally.problems].map(
        ([problem, { count, example }]) => `${problem} (${count}x), e.g. ${example}`,
      );
      t.same(problems, [], `${key}: no 5xx, the error shape, rejected requests change nothing`);
    }
    t.comment(
      `${total} requests over ${tallies.size} routes in ${((Date.now() - began) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
  }

  /** A route's tally (made on first use, so deterministic cases of a family count with its route). */
  function tallyOf(key: string): Tally {
    let tally = tallies.get(key);
    if (!tally) tallies.set(key, (tally = { sent: 0, byClass: {}, problems: new Map() }));
    return tally;
  }
  const routeOf = (key: string) => {
    const route = fuzzed.find((candidate) => keyOf(candidate) === key);
    if (!route) throw new Error(`no route ${key}`);
    return route;
  };

  return {
    app,
    fastify,
    sqlite,
    adminToken,
    credentials,
    fuzzed,
    isStream,
    encode,
    send,
    replenish,
    fuzzFamily,
    tallyOf,
    routeOf,
    report,
  };
}
