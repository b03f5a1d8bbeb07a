// npm run bench [-- --smoke] [-- --out file] [-- --only till|cli|orders] [-- --skip till,cli]: the figures of
// docs/performance.md in one run, printed as a table and written to bench/results.json. --smoke runs every step at a
// tiny scale (a few seconds) so the test suite keeps it alive; --only till runs step 6 (the till in Chromium) alone, at
// full size in about two minutes; --only cli runs step 7 (how soon the CLI answers) alone. Step 1 also runs on
// PostgreSQL (a throwaway cluster, then one with a synchronous standby) when PostgreSQL 15 is installed; --only orders
// runs step 1 alone, on both engines; --skip till,cli,postgres leaves steps 6 and 7 and step 1's PostgreSQL runs (or
// some of them) out of the whole run: the suite runs them apart with --only, so no smoke file is long.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { openStorage } from '../src/storage/database.js';
import { migrate } from '../src/storage/migrate.js';
import { type RealServer, runPos, startRealServer } from '../test/helpers/server.js';
import { forkReady, stopChild } from './lib/children.js';
import { fanout, SCREENS_PER_KEY } from './lib/fanout.js';
import { fillOrders } from './lib/big-db.js';
import { startKitchen } from './lib/kitchen.js';
import { load } from './lib/load.js';
import { pgAvailable } from './lib/pg-cluster.js';
import { type PostgresStep, postgresOrders } from './lib/pg-orders.js';
import { rssMb, watchPeakRss } from './lib/proc.js';
import { percentile, round, wallMs } from './lib/stats.js';
import { type BenchVenue, orderBodies, seedVenue } from './lib/venue.js';
import { type Figure, printTable } from './lib/table.js';
import { tillFigures } from './lib/till.js';
import { cliFigures } from './lib/cli.js';

const USAGE = `usage: npm run bench -- [--smoke] [--out FILE] [--only till|cli|orders | --skip till,cli,postgres]

  --smoke          every step at a tiny scale (seconds): proves the bench runs, judges nothing
  --out FILE       where the figures go as JSON (default: bench/results.json)
  --only STEP      one step alone: till (6, in Chromium), cli (7) or orders (1, on both engines)
  --skip STEPS     the whole run without some of till, cli and postgres (step 1 on PostgreSQL): "till,cli"
  -h, --help       this help
`;
/** The options; an unknown flag or a missing value stops the run before anything starts, never a bench run. */
function options() {
  try {
    return parseArgs({
      options: {
        smoke: { type: 'boolean' },
        out: { type: 'string' },
        only: { type: 'string' },
        skip: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
}
const flags = options();
if (flags.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const smoke = flags.smoke === true;
const outFile = flags.out ?? new URL('results.json', import.meta.url).pathname;
const only = flags.only;
if (only !== undefined && only !== 'till' && only !== 'cli' && only !== 'orders') {
  const why = 'the other steps share one server and run together';
  process.stderr.write(`bench: --only takes "till", "cli" or "orders" (${why}), not "${only}"\n`);
  process.exit(1);
}
const SKIPPABLE = ['till', 'cli', 'postgres'];
const skip = new Set(flags.skip === undefined ? [] : flags.skip.split(','));
if ([...skip].some((step) => !SKIPPABLE.includes(step)) || (skip.size > 0 && only !== undefined)) {
  const steps = SKIPPABLE.map((step) => `"${step}"`).join(', ');
  process.stderr.write(`bench: --skip takes ${steps} or several ("till,cli"), and not with --only\n`);
  process.exit(1);
}
const TIMEZONE = 'Europe/Rome';
const scale = smoke
  ? {
      connections: 10,
      loadSeconds: 1,
      readSeconds: 1,
      ceilingSeconds: 1,
      subscribers: 20,
      fanoutRate: 50,
      fanoutSeconds: 1,
      reportOrders: 5_000, // the same code paths as a million: 30 days of hourly snapshots to catch up
      reportRuns: 5,
      tillOrders: 10,
      tills: 2,
      ordersPerTill: 3,
      cliRuns: 3,
    }
  : {
      connections: 50,
      loadSeconds: 20,
      readSeconds: 10,
      ceilingSeconds: 10,
      subscribers: 1_000,
      fanoutRate: 200,
      fanoutSeconds: 10,
      reportOrders: 1_000_000,
      reportRuns: 50,
      tillOrders: 500,
      tills: 8,
      ordersPerTill: 25,
      cliRuns: 21,
    };

// A smoke run was once seen to end with exit code 0 in the middle of the till's step, printing nothing: say so, with
// where the exit came from, should it happen again.
let finished = false;
process.on('exit', (code) => {
  if (!finished)
    process.stderr.write(`bench: exit ${code} before the results were written\n${new Error('exit').stack}\n`);
});

const cleanups: Array<() => unknown> = [];
const lifetime = { teardown: (fn: () => unknown) => void cleanups.push(fn) };
let cleaning: Promise<void> | undefined;
/** Stops what the run started (servers, emulators, PostgreSQL clusters) and removes its files, once. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  })());
// Stopped by Ctrl-C or crashed: what it started goes too, never a cluster left running under /tmp.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(128 + constants.signals[signal])));
process.on('uncaughtException', (error) => {
  // Once it is stopping, clients of the servers it stops fail as they go: that is the stop, not news.
  if (cleaning) return;
  process.stderr.write(`bench: ${error.stack ?? error.message}\n`);
  void cleanUp().finally(() => process.exit(1));
});
// `npm run bench | head` closes the pipe once it has its lines: the reader's choice, not a reason to stop.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});
const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pos-bench-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function prepareDataDir(dir: string, printerPorts: number[]): Promise<BenchVenue> {
  const storage = openStorage(join(dir, 'pos.db'));
  await migrate(storage);
  const venue = await seedVenue(storage.db, printerPorts);
  await storage.close();
  return venue;
}

const token = (dir: string, role: 'admin' | 'operator') =>
  runPos(['token', 'create', '--role', role, '--ttl', '2h', '--data-dir', dir]).stdout.trim();

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

async function ceiling() {
  progress(`ceiling: bare Fastify JSON POST, ${scale.connections} connections, ${scale.ceilingSeconds} s`);
  const { child, info } = await forkReady<{ port: number }>('../bare-server.ts');
  try {
    const body = JSON.stringify({ table: '5', customer: 'Bench', orderItems: [{ foodId: 'x', quantity: 2 }] });
    return await load({
      url: `http://127.0.0.1:${info.port}/orders`,
      pid: child.pid!,
      method: 'POST',
      connections: scale.connections,
      seconds: scale.ceilingSeconds,
      headers: { 'content-type': 'application/json' },
      bodies: [body],
    });
  } finally {
    await stopChild(child);
  }
}

async function liveVenue(printerPorts: number[]) {
  const dir = tempDir();
  const venue = await prepareDataDir(dir, printerPorts);
  const server = await startRealServer(lifetime, dir);
  const operator = token(dir, 'operator');
  const admin = token(dir, 'admin');
  const idleRss = rssMb(server.process.pid!);
  const peak = watchPeakRss(server.process.pid!);
  const bodies = orderBodies(venue);
  const auth = { authorization: `Bearer ${operator}` };
  const kitchen = startKitchen(join(dir, 'pos.db'));

  progress(`1. create-and-confirm: ${scale.connections} connections, ${scale.loadSeconds} s`);
  const orders = await load({
    url: `${server.url}/v1/orders`,
    pid: server.process.pid!,
    method: 'POST',
    connections: scale.connections,
    seconds: scale.loadSeconds,
    headers: { ...auth, 'content-type': 'application/json' },
    bodies,
  });

  progress(`2. order list and detail: ${scale.readSeconds} s each`);
  const list = await load({
    url: `${server.url}/v1/orders`,
    pid: server.process.pid!,
    connections: scale.connections,
    seconds: scale.readSeconds,
    headers: auth,
    paths: ['/v1/orders?page=1&search=Bench%201', '/v1/orders?page=1&search=bench', '/v1/orders?page=1'],
  });
  const ids = Array.from(
    { length: Math.max(1, Math.min(orders.total, 5_000)) },
    (_, index) => `/v1/orders/${index + 1}`,
  );
  const detail = await load({
    url: `${server.url}/v1/orders/1`,
    pid: server.process.pid!,
    connections: scale.connections,
    seconds: scale.readSeconds,
    headers: auth,
    paths: ids,
  });

  progress(
    `3. SSE fan-out: ${scale.subscribers} display subscribers, ${scale.fanoutRate} orders/s for ${scale.fanoutSeconds} s`,
  );
  // A device key holds at most SCREENS_PER_KEY streams at once: one key per that many screens, as a venue would.
  const displayKeys: string[] = [];
  for (let screen = 0; screen < scale.subscribers; screen += SCREENS_PER_KEY) {
    const keyResponse = await fetch(`${server.url}/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench screens ${screen}`, scope: 'display' }),
    });
    displayKeys.push(((await keyResponse.json()) as { key: string }).key);
  }
  const sse = await fanout({
    url: server.url,
    displayKeys,
    token: operator,
    subscribers: scale.subscribers,
    ordersPerSecond: scale.fanoutRate,
    seconds: scale.fanoutSeconds,
    bodies,
  });
  const loadRss = peak.stop();
  const pickedUp = kitchen.stop();
  await server.stop();
  return { orders, list, detail, sse, idleRss, loadRss, pickedUp };
}

/** Step 1 alone, on SQLite and then on PostgreSQL: the two engines side by side. */
async function ordersStep() {
  const { child: emulators, info } = await forkReady<{ ports: number[] }>('../emulators.ts', ['6']);
  cleanups.push(() => stopChild(emulators));
  const dir = tempDir();
  const venue = await prepareDataDir(dir, info.ports);
  const server = await startRealServer(lifetime, dir);
  const kitchen = startKitchen(join(dir, 'pos.db'));
  progress(`1. create-and-confirm on SQLite: ${scale.connections} connections, ${scale.loadSeconds} s`);
  const sqlite = await load({
    url: `${server.url}/v1/orders`,
    pid: server.process.pid!,
    method: 'POST',
    connections: scale.connections,
    seconds: scale.loadSeconds,
    headers: { authorization: `Bearer ${token(dir, 'operator')}`, 'content-type': 'application/json' },
    bodies: orderBodies(venue),
  });
  kitchen.stop();
  await server.stop();
  const postgres = await postgresSteps(info.ports);
  const figures: Figure[] = [
    { key: 'orders.perSecond', label: '1. create-and-confirm', value: sqlite.requestsPerSecond, unit: 'orders/s' },
    { key: 'orders.p50Ms', label: '1. create-and-confirm p50', value: sqlite.p50Ms, unit: 'ms' },
    { key: 'orders.p99Ms', label: '1. create-and-confirm p99', value: sqlite.p99Ms, unit: 'ms' },
    { key: 'orders.cpuMsPerOrder', label: '1. server CPU per order', value: sqlite.cpuMsPerRequest, unit: 'ms' },
    { key: 'orders.failed', label: '1. failed requests', value: sqlite.non2xx + sqlite.errors, unit: '' },
    ...postgresFigures(postgres),
  ];
  return { figures, raw: { sqlite, postgres } };
}

/** Step 1 on PostgreSQL, alone and with a synchronous standby; null when PostgreSQL 15 is not installed. */
async function postgresSteps(printerPorts: number[]) {
  if (!pgAvailable()) {
    progress('1. on PostgreSQL: skipped, PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin)');
    return null;
  }
  const step = (standby: boolean) => {
    const what = standby ? 'with a synchronous standby' : 'one cluster';
    progress(`1. create-and-confirm on PostgreSQL (${what}): ${scale.connections} connections, ${scale.loadSeconds} s`);
    return postgresOrders({
      lifetime,
      dataDir: tempDir(),
      printerPorts,
      standby,
      connections: scale.connections,
      seconds: scale.loadSeconds,
    });
  };
  return { alone: await step(false), synced: await step(true) };
}

function postgresFigures(steps: { alone: PostgresStep; synced: PostgresStep } | null): Figure[] {
  const rows = (key: string, label: string, step: PostgresStep | undefined): Figure[] => [
    { key: `${key}.perSecond`, label, value: step?.orders.requestsPerSecond ?? Number.NaN, unit: 'orders/s' },
    { key: `${key}.p50Ms`, label: `${label} p50`, value: step?.orders.p50Ms ?? Number.NaN, unit: 'ms' },
    { key: `${key}.p99Ms`, label: `${label} p99`, value: step?.orders.p99Ms ?? Number.NaN, unit: 'ms' },
    {
      key: `${key}.cpuMsPerOrder`,
      label: `${label}: pos CPU per order (PostgreSQL's own not counted)`,
      value: step?.orders.cpuMsPerRequest ?? Number.NaN,
      unit: 'ms',
    },
    {
      key: `${key}.failed`,
      label: `${label}: failed requests`,
      value: step ? step.orders.non2xx + step.orders.errors : Number.NaN,
      unit: '',
      target: 0,
      better: 'lower',
    },
  ];
  return [
    ...rows('orders.postgres', '1. create-and-confirm on PostgreSQL', steps?.alone),
    ...rows('orders.postgresSync', '1. the same, with a synchronous standby', steps?.synced),
  ];
}

async function history() {
  const dir = tempDir();
  const venue = await prepareDataDir(dir, [9, 9, 9, 9, 9, 9]);
  progress(`4. writing ${scale.reportOrders.toLocaleString('en')} confirmed orders over 30 days`);
  const span = fillOrders(join(dir, 'pos.db'), venue, {
    orders: scale.reportOrders,
    days: 30,
    timezone: TIMEZONE,
    onProgress: (done) => done % 200_000 === 0 && progress(`   ${done.toLocaleString('en')} orders`),
  });
  progress('5. start-up with that database');
  const started = wallMs();
  let server: RealServer = await startRealServer(lifetime, dir, ['--printing', 'off']);
  const startupMs = wallMs() - started;
  const admin = token(dir, 'admin');
  const auth = { authorization: `Bearer ${admin}` };
  // The server writes the hourly snapshots it is missing in the background; reports are measured once they exist.
  const catchUpStarted = wallMs();
  const day = DateTime.fromMillis(span.to, { zone: TIMEZONE }).minus({ days: 15 }).startOf('day');
  const window = `from=${encodeURIComponent(day.toISO()!)}&to=${encodeURIComponent(day.plus({ days: 1 }).toISO()!)}`;
  const firstAll = await timed(`${server.url}/v1/reports?${window}&groupBy=all`, auth);
  await waitForSnapshots(server, span.to);
  const catchUpMs = wallMs() - catchUpStarted;
  const measure = async (groupBy: string) => {
    const times: number[] = [];
    for (let run = 0; run < scale.reportRuns; run++)
      times.push(await timed(`${server.url}/v1/reports?${window}&groupBy=${groupBy}`, auth));
    return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
  };
  progress(`   reports: ${scale.reportRuns} runs each of groupBy=all and groupBy=1h for ${day.toISODate()}`);
  const all = await measure('all');
  const hourly = await measure('1h');
  const idleRss = rssMb(server.process.pid!);
  await server.stop();
  server = null as unknown as RealServer;
  return { startupMs, catchUpMs, firstAllMs: firstAll, all, hourly, idleRss };
}

async function waitForSnapshots(server: RealServer, through: number): Promise<void> {
  const storage = openStorage(join(server.dataDir, 'pos.db'), { readonly: true });
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      const row = storage.sqlite.prepare("select value from settings where key = 'snapshots_through'").get() as
        | { value: string }
        | undefined;
      if (row && Number(row.value) >= through) return;
      if (Date.now() > deadline) throw new Error('the server did not write the report snapshots within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await storage.close();
  }
}

async function tillStep() {
  progress(
    `6. the till in Chromium: first load, ${scale.tillOrders} orders on one tablet, ${scale.tills} tills at once`,
  );
  const till = await tillFigures({
    lifetime,
    dataDir: tempDir(),
    orders: scale.tillOrders,
    tills: scale.tills,
    ordersPerTill: scale.ordersPerTill,
  });
  const figures: Figure[] = [
    {
      key: 'till.gzippedKb',
      label: '6. till JS + CSS, gzipped',
      value: till?.gzippedKb ?? Number.NaN,
      unit: 'KB',
      target: 200,
      better: 'lower',
    },
    {
      key: 'till.firstLoadMs',
      label: '6. till first load to a tappable menu, empty cache, Wi-Fi',
      value: till?.firstLoadMs ?? Number.NaN,
      unit: 'ms',
      target: 1_000,
      better: 'lower',
    },
    {
      key: 'till.heapGrowthMb',
      label: `6. till JS heap growth over ${scale.tillOrders} orders`,
      value: till?.heapGrowthMb ?? Number.NaN,
      unit: 'MB',
      target: 2,
      better: 'lower',
    },
    {
      key: 'till.aloneP95Ms',
      label: '6. till tap confirm to number in the page p95, one till',
      value: till?.aloneP95Ms ?? Number.NaN,
      unit: 'ms',
    },
    {
      key: 'till.payP50Ms',
      label: `6. till tap confirm to number in the page p50, ${scale.tills} tills at a cashier's pace`,
      value: till?.payP50Ms ?? Number.NaN,
      unit: 'ms',
    },
    {
      key: 'till.payP95Ms',
      label: `6. till tap confirm to number in the page p95, ${scale.tills} tills at a cashier's pace`,
      value: till?.payP95Ms ?? Number.NaN,
      unit: 'ms',
      target: 100,
      better: 'lower',
    },
    {
      key: 'till.stressP95Ms',
      label: `6. the same p95, ${scale.tills} tills with no pause (stress)`,
      value: till?.stressP95Ms ?? Number.NaN,
      unit: 'ms',
    },
    {
      key: 'till.stressPerSecond',
      label: `6. orders sold, ${scale.tills} tills with no pause`,
      value: till?.stressPerSecond ?? Number.NaN,
      unit: 'orders/s',
    },
    {
      key: 'till.requestP95Ms',
      label: `6. till's order request, sent to answered, p95, at a cashier's pace`,
      value: till?.requestP95Ms ?? Number.NaN,
      unit: 'ms',
    },
    {
      key: 'till.stressRequestP95Ms',
      label: "6. till's order request p95, with no pause (stress)",
      value: till?.stressRequestP95Ms ?? Number.NaN,
      unit: 'ms',
    },
  ];
  return { till, figures };
}

async function cliStep() {
  progress(`7. the CLI: pos --version and pos printers list against a running server, ${scale.cliRuns} runs each`);
  const dir = tempDir();
  await prepareDataDir(dir, [9, 9, 9, 9, 9, 9]);
  const server = await startRealServer(lifetime, dir, ['--printing', 'off']);
  try {
    const cli = cliFigures(dir, scale.cliRuns);
    const figures: Figure[] = [
      { key: 'cli.nodeMs', label: '7. node -e 0, median (the floor of any command)', value: cli.nodeMs, unit: 'ms' },
      {
        key: 'cli.versionMs',
        label: '7. pos --version, median',
        value: cli.versionMs,
        unit: 'ms',
        target: 150,
        better: 'lower',
      },
      {
        key: 'cli.listMs',
        label: '7. pos printers list against the server, median',
        value: cli.listMs,
        unit: 'ms',
        target: 400,
        better: 'lower',
      },
    ];
    return { cli, figures };
  } finally {
    await server.stop();
  }
}

async function writeResults(figures: Figure[], raw: Record<string, unknown>) {
  printTable(figures, smoke);
  const results = {
    when: new Date().toISOString(),
    smoke,
    ...(only ? { only } : {}),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    scale,
    figures: Object.fromEntries(figures.map((figure) => [figure.key, round(figure.value, 3)])),
    raw,
  };
  writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  progress(`written to ${outFile}`);
}

try {
  if (only === 'till') {
    const { till, figures } = await tillStep();
    await writeResults(figures, { till });
  } else if (only === 'orders') {
    const { figures, raw } = await ordersStep();
    await writeResults(figures, raw);
  } else if (only === 'cli') {
    const { cli, figures } = await cliStep();
    await writeResults(figures, { cli });
  } else {
    const bare = await ceiling();
    const { child: emulators, info } = await forkReady<{ ports: number[] }>('../emulators.ts', ['6']);
    cleanups.push(() => stopChild(emulators));
    const live = await liveVenue(info.ports);
    const postgres = skip.has('postgres') ? null : await postgresSteps(info.ports);
    const past = await history();
    const { till, figures: tillRows } = skip.has('till') ? { till: null, figures: [] } : await tillStep();
    const { cli, figures: cliRows } = skip.has('cli') ? { cli: null, figures: [] } : await cliStep();
    const figures: Figure[] = [
      {
        key: 'ceiling.requestsPerSecond',
        label: 'bare Fastify JSON POST (ceiling)',
        value: bare.requestsPerSecond,
        unit: 'req/s',
      },
      {
        key: 'orders.perSecond',
        label: '1. create-and-confirm',
        value: live.orders.requestsPerSecond,
        unit: 'orders/s',
        target: 2_500,
        better: 'higher',
      },
      { key: 'orders.p50Ms', label: '1. create-and-confirm p50', value: live.orders.p50Ms, unit: 'ms' },
      {
        key: 'orders.p99Ms',
        label: '1. create-and-confirm p99',
        value: live.orders.p99Ms,
        unit: 'ms',
        target: 30,
        better: 'lower',
      },
      {
        key: 'orders.cpuMsPerOrder',
        label: '1. server CPU per order',
        value: live.orders.cpuMsPerRequest,
        unit: 'ms',
        target: 0.6,
        better: 'lower',
      },
      {
        key: 'orders.ofCeiling',
        label: '1. share of the ceiling',
        value: (100 * live.orders.requestsPerSecond) / bare.requestsPerSecond,
        unit: '%',
        target: 20,
        better: 'higher',
      },
      {
        key: 'orders.failed',
        label: '1. failed requests (non-2xx, errors)',
        value: live.orders.non2xx + live.orders.errors,
        unit: '',
        target: 0,
        better: 'lower',
      },
      ...(skip.has('postgres') ? [] : postgresFigures(postgres)),
      {
        key: 'list.perSecond',
        label: '2. order list (page 1, search)',
        value: live.list.requestsPerSecond,
        unit: 'req/s',
        target: 2_000,
        better: 'higher',
      },
      {
        key: 'list.p99Ms',
        label: '2. order list p99',
        value: live.list.p99Ms,
        unit: 'ms',
        target: 50,
        better: 'lower',
      },
      {
        key: 'detail.perSecond',
        label: '2. order detail',
        value: live.detail.requestsPerSecond,
        unit: 'req/s',
        target: 4_000,
        better: 'higher',
      },
      {
        key: 'detail.p99Ms',
        label: '2. order detail p99',
        value: live.detail.p99Ms,
        unit: 'ms',
        target: 50,
        better: 'lower',
      },
      { key: 'sse.p50Ms', label: `3. SSE fan-out to ${live.sse.subscribers} p50`, value: live.sse.p50Ms, unit: 'ms' },
      {
        key: 'sse.p99Ms',
        label: `3. SSE fan-out to ${live.sse.subscribers} p99`,
        value: live.sse.p99Ms,
        unit: 'ms',
        target: 100,
        better: 'lower',
      },
      { key: 'sse.missing', label: '3. frames missing', value: live.sse.missing, unit: '', target: 0, better: 'lower' },
      {
        key: 'sse.ordersFailed',
        label: '3. orders refused or timed out meanwhile',
        value: live.sse.failed,
        unit: '',
        target: 0,
        better: 'lower',
      },
      {
        key: 'reports.allP50Ms',
        label: `4. report groupBy=all, 1 day of ${scale.reportOrders.toLocaleString('en')} p50`,
        value: past.all.p50Ms,
        unit: 'ms',
      },
      {
        key: 'reports.allP99Ms',
        label: '4. report groupBy=all p99',
        value: past.all.p99Ms,
        unit: 'ms',
        target: 50,
        better: 'lower',
      },
      { key: 'reports.hourlyP50Ms', label: '4. report groupBy=1h p50', value: past.hourly.p50Ms, unit: 'ms' },
      {
        key: 'reports.hourlyP99Ms',
        label: '4. report groupBy=1h p99',
        value: past.hourly.p99Ms,
        unit: 'ms',
        target: 50,
        better: 'lower',
      },
      { key: 'reports.firstMs', label: '4. first report, before the snapshots', value: past.firstAllMs, unit: 'ms' },
      {
        key: 'reports.snapshotCatchUpMs',
        label: '4. snapshot catch-up after start',
        value: past.catchUpMs,
        unit: 'ms',
      },
      {
        key: 'startup.ms',
        label: '5. start-up to 200 on /health',
        value: past.startupMs,
        unit: 'ms',
        target: 1_000,
        better: 'lower',
      },
      { key: 'rss.idleMb', label: '5. RSS idle', value: live.idleRss, unit: 'MB' },
      {
        key: 'rss.loadMb',
        label: '5. RSS peak under load 1+3',
        value: live.loadRss,
        unit: 'MB',
        target: 150,
        better: 'lower',
      },
      { key: 'rss.idleBigDbMb', label: '5. RSS idle after the reports', value: past.idleRss, unit: 'MB' },
      ...tillRows,
      ...cliRows,
    ];
    await writeResults(figures, { bare, live, postgres, past, till, cli });
  }
} finally {
  await cleanUp();
}
finished = true;
process.exit(0);
