// npm run drill [-- options]: the failover drill of docs/operations.md's two laptops, on one machine. A primary and
// its synchronous standby (throwaway clusters), several real `pos serve --database postgres://p1,p2/pos`, tills
// selling as the till's outbox does; the primary dies, the standby is promoted, the tills keep retrying. At the end
// every acknowledged order must be in the database exactly once, with unique ticket numbers and display codes.
// Prints the verdict and the figures (acked, lost, doubled, outage and promote seconds), writes them as JSON, and
// exits 1 when anything acknowledged was lost or doubled.
// `npm run drill -- --help` lists the options (the USAGE below).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type RealServer, startRealServer } from '../test/helpers/server.js';
import { checkOrders, type OrderRow, outageMs, passed } from './lib/drill-check.js';
import { drillTills, seedDrillVenue } from './lib/drill-venue.js';
import { makeRoot, type PgNode, pgAvailable, removeRoot, startPrimary, startStandby } from './lib/pg-cluster.js';
import { round } from './lib/stats.js';

/** The header above, as `--help` prints it. */
const USAGE = `usage: npm run drill -- [options]

  --tills N                      simulated tills (6)
  --instances N                  pos serve processes (2)
  --before S                     seconds of selling before the kill (5)
  --after S                      seconds of selling after the promotion (8)
  --promote-after S              seconds from the death to the promotion (1)
  --stop kill|immediate|freeze   how the database's laptop goes (kill)
  --lose primary|standby         which database server goes (primary)
  --whole-laptop                 a pos dies with the database's laptop; its tills move to the other
  --restart-pos                  restart every pos after the promotion
  --out FILE                     where the JSON goes (bench/drill-results.json)
  -h, --help                     this help
`;
const usageError = (message: string): never => {
  process.stderr.write(`drill: ${message}\n\n${USAGE}`);
  process.exit(2);
};
/** An unknown flag or a missing value stops the drill before any cluster starts. */
function parsedFlags() {
  try {
    return parseArgs({
      options: {
        tills: { type: 'string', default: '6' },
        instances: { type: 'string', default: '2' },
        before: { type: 'string', default: '5' },
        after: { type: 'string', default: '8' },
        'promote-after': { type: 'string', default: '1' },
        stop: { type: 'string', default: 'kill' },
        lose: { type: 'string', default: 'primary' },
        'whole-laptop': { type: 'boolean', default: false },
        'restart-pos': { type: 'boolean', default: false },
        out: { type: 'string', default: new URL('drill-results.json', import.meta.url).pathname },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return usageError((error as Error).message);
  }
}
const flags = parsedFlags();
if (flags.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
/** A count of at least one, or seconds of zero or more: anything else is refused, never read as NaN. */
const numberOf = (name: keyof typeof flags, least: number, integer: boolean): number => {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value < least || (integer && !Number.isInteger(value)))
    usageError(`--${name} takes ${integer ? `a whole number of at least ${least}` : 'seconds, 0 or more'}`);
  return value;
};
const options = {
  tills: numberOf('tills', 1, true),
  instances: numberOf('instances', 1, true),
  beforeSeconds: numberOf('before', 0, false),
  afterSeconds: numberOf('after', 0, false),
  promoteAfterSeconds: numberOf('promote-after', 0, false),
  stop: flags.stop as 'kill' | 'immediate' | 'freeze',
  lose: flags.lose as 'primary' | 'standby',
  wholeLaptop: flags['whole-laptop'],
  restartPos: flags['restart-pos'],
};
/** The pos that runs on the laptop that dies, with --whole-laptop. */
const deadPos = options.lose === 'primary' ? 0 : 1;
const outFile = flags.out;
const progress = (message: string) => process.stderr.write(`drill: ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!pgAvailable()) {
  progress('PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin): apt-get install postgresql');
  process.exit(2);
}
if (options.lose !== 'primary' && options.lose !== 'standby') {
  progress(`--lose takes primary or standby, not "${options.lose}"`);
  process.exit(2);
}
if (!['kill', 'immediate', 'freeze'].includes(options.stop)) {
  progress(`--stop takes kill, immediate or freeze, not "${options.stop}"`);
  process.exit(2);
}
if (options.wholeLaptop && options.instances < 2) {
  progress('--whole-laptop needs a second instance to move the tills to');
  process.exit(2);
}

const cleanups: Array<() => unknown> = [];
const lifetime = { teardown: (fn: () => unknown) => void cleanups.push(fn) };

interface Instance {
  dataDir: string;
  server: RealServer;
  exits: Array<{ code: number | null; signal: string | null; at: number }>;
}

async function startInstance(dataDir: string, databaseUrl: string, exits: Instance['exits'] = []): Promise<Instance> {
  const server = await startRealServer(lifetime, dataDir, ['--database', databaseUrl, '--printing', 'off']);
  server.process.once('exit', (code, signal) => exits.push({ code, signal, at: Date.now() }));
  return { dataDir, server, exits };
}

async function rows(node: PgNode): Promise<OrderRow[]> {
  const found = await node.query<Record<string, unknown>>(
    `select id, customer, ticket_number, ticket_day, display_code, code_day from orders
     where customer like 'drill-%' order by id`,
    [],
    'pos',
  );
  return found.map((row) => ({
    id: Number(row['id']),
    customer: String(row['customer']),
    ticketNumber: row['ticket_number'] === null ? null : Number(row['ticket_number']),
    ticketDay: row['ticket_day'] === null ? null : String(row['ticket_day']),
    displayCode: String(row['display_code']),
    codeDay: String(row['code_day']),
  }));
}

async function drill() {
  const root = makeRoot('pos-drill-');
  cleanups.push(() => removeRoot(root));
  const dataRoot = mkdtempSync(join(tmpdir(), 'pos-drill-data-'));
  cleanups.push(() => rmSync(dataRoot, { recursive: true, force: true }));
  progress('a primary (laptop1) and its synchronous standby (laptop2)');
  const primary = await startPrimary(root, { name: 'laptop1' });
  cleanups.push(() => primary.kill()); // also ends a frozen one
  await primary.query('create database pos');
  const standby = await startStandby(root, primary, 'laptop2');
  cleanups.push(() => standby.kill());
  // The laptop that dies, and the one that carries on (promoted, or told to stop waiting for its standby).
  const [dying, survivor] = options.lose === 'primary' ? [primary, standby] : [standby, primary];
  const databaseUrl = `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/pos`;

  progress(`${options.instances} × pos serve --database ${databaseUrl}`);
  const instances: Instance[] = [];
  const dataDir = (index: number) => join(dataRoot, `pos${index + 1}`);
  instances.push(await startInstance(dataDir(0), databaseUrl));
  const adminPassword = instances[0]!.server.adminPassword;
  if (!adminPassword) throw new Error(`the first pos printed no admin password:\n${instances[0]!.server.output()}`);
  const venue = await seedDrillVenue(instances[0]!.server.url, adminPassword, options.tills);
  for (let index = 1; index < options.instances; index++)
    instances.push(await startInstance(dataDir(index), databaseUrl));

  const tills = drillTills(venue, options.tills, () => instances.map((instance) => instance.server.url));
  progress(`${options.tills} tills selling for ${options.beforeSeconds} s`);
  for (const till of tills) till.start();
  await sleep(options.beforeSeconds * 1000);

  const killedAt = Date.now();
  const how = { kill: 'SIGKILL', immediate: 'pg_ctl stop -m immediate', freeze: 'SIGSTOP, its connections left open' };
  progress(`the ${options.lose} dies (${how[options.stop]})`);
  if (options.stop === 'kill') dying.kill();
  else if (options.stop === 'freeze') dying.freeze();
  else dying.stopImmediate();
  if (options.wholeLaptop) {
    progress(`and pos ${deadPos + 1} with it`);
    await instances[deadPos]!.server.kill();
  }
  await sleep(options.promoteAfterSeconds * 1000);
  const promoteStarted = Date.now();
  if (options.lose === 'primary') await standby.promote();
  else await primary.standAlone();
  const promotedAt = Date.now();
  const what = options.lose === 'primary' ? 'laptop2 promoted' : 'laptop1 no longer waits for laptop2';
  progress(`${what} in ${((promotedAt - promoteStarted) / 1000).toFixed(2)} s`);
  let restartedAt: number | null = null;
  if (options.restartPos) {
    restartedAt = Date.now();
    progress('restarting every pos (--restart-pos)');
    for (const [index, instance] of instances.entries()) {
      if (options.wholeLaptop && index === deadPos) continue;
      await instance.server.kill();
      instances[index] = await startInstance(instance.dataDir, databaseUrl, instance.exits);
    }
  }
  await sleep(options.afterSeconds * 1000);
  progress('the tills stop selling and send what they hold (60 s at most)');
  const alive = instances.some(({ server }) => server.process.exitCode === null && server.process.signalCode === null);
  const deadline = Date.now() + (alive ? 60_000 : 0); // with every pos gone, waiting would change nothing
  await Promise.all(tills.map((till) => till.stop(deadline)));
  const drained = Date.now();

  const acks = tills.flatMap((till) => till.figures.acks);
  const verdict = checkOrders(acks, await rows(survivor));
  const outage = outageMs(
    acks.map((ack) => ack.at),
    killedAt,
    drained,
  );
  const firstAfterPromotion = Math.min(...acks.map((ack) => ack.at).filter((at) => at > promotedAt));
  const failures: Record<string, number> = {};
  for (const till of tills)
    for (const [reason, count] of Object.entries(till.figures.failures))
      failures[reason] = (failures[reason] ?? 0) + count;
  // With --restart-pos, a pos that died before its restart is what the flag works around: reported, not failed.
  const unexpectedExits = instances.flatMap((instance, index) =>
    instance.exits
      .filter((exit) => !(options.wholeLaptop && index === deadPos) && exit.signal !== 'SIGKILL')
      .filter((exit) => !(options.restartPos && restartedAt !== null && exit.at <= restartedAt))
      .map((exit) => ({ instance: index + 1, ...exit })),
  );
  const figures = {
    acked: verdict.acked,
    lost: verdict.lost.length,
    doubled: verdict.doubled.length,
    changed: verdict.changed.length,
    ticketDuplicates: verdict.ticketDuplicates.length,
    ticketGaps: verdict.ticketGaps.length,
    codeDuplicates: verdict.codeDuplicates.length,
    unacknowledgedInDatabase: verdict.unacknowledged,
    refused: tills.reduce((sum, till) => sum + till.figures.refusals.length, 0),
    unsettled: tills.filter((till) => till.figures.unsettled !== null).length,
    outageSeconds: round(outage / 1000, 2),
    promoteSeconds: round((promotedAt - promoteStarted) / 1000, 2),
    soldAgainAfterPromotionSeconds: round((firstAfterPromotion - promotedAt) / 1000, 2),
    posExitedByThemselves: unexpectedExits.length,
  };
  const ok = passed(verdict) && figures.unsettled === 0 && figures.refused === 0 && unexpectedExits.length === 0;
  for (const [key, value] of Object.entries(figures)) process.stdout.write(`${key.padEnd(34)} ${value}\n`);
  process.stdout.write(`${'retries by reason'.padEnd(34)} ${JSON.stringify(failures)}\n`);
  process.stdout.write(`${ok ? 'PASSED' : 'FAILED'}\n`);
  if (!ok) {
    for (const till of tills)
      for (const refusal of till.figures.refusals) progress(`refused: ${JSON.stringify(refusal)}`);
    for (const exit of unexpectedExits) progress(`pos ${exit.instance} exited by itself: ${JSON.stringify(exit)}`);
    for (const [index, instance] of instances.entries())
      progress(`pos ${index + 1}'s output, last lines:\n${instance.server.output().split('\n').slice(-30).join('\n')}`);
    progress(`details: ${JSON.stringify({ ...verdict, lost: verdict.lost.slice(0, 20) })}`);
  }
  writeFileSync(
    outFile,
    `${JSON.stringify({ when: new Date().toISOString(), options, figures, failures, verdict, ok }, null, 2)}\n`,
  );
  progress(`written to ${outFile}`);
  return ok;
}

let ok = false;
// Interrupted (Ctrl-C, a timeout): the clusters and servers must not outlive the drill.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    process.exit(130);
  });
try {
  ok = await drill();
} catch (error) {
  progress(`the drill could not run: ${(error as Error).stack ?? error}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
process.exit(ok ? 0 : 1);
