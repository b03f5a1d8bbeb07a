import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/storage/schema.js';
import { runPos, startRealServer } from '../../test/helpers/server.js';
import { type LoadResult, load } from './load.js';
import { makeRoot, removeRoot, startPrimary, startStandby } from './pg-cluster.js';
import { rssMb } from './proc.js';
import { orderBodies, seedVenue } from './venue.js';

// Step 1 on PostgreSQL: the same create-and-confirm load as on SQLite (the same menu, bodies and printers), against
// `pos serve --database` on a throwaway cluster with a venue's settings; with `standby`, the cluster has a synchronous
// standby, so each commit also waits for the second laptop's WAL flush, as the two-laptop runbook sets it up.

export interface PostgresStep {
  orders: LoadResult;
  idleRss: number;
}

export async function postgresOrders(options: {
  lifetime: { teardown(fn: () => unknown): void };
  dataDir: string;
  printerPorts: number[];
  standby: boolean;
  connections: number;
  seconds: number;
}): Promise<PostgresStep> {
  const root = makeRoot('pos-bench-pg-');
  options.lifetime.teardown(() => removeRoot(root));
  const primary = await startPrimary(root, { name: 'primary' });
  options.lifetime.teardown(() => primary.stopImmediate());
  if (options.standby) {
    const standby = await startStandby(root, primary, 'standby');
    options.lifetime.teardown(() => standby.stopImmediate());
  }
  await primary.query('create database pos');
  const url = primary.url('pos');
  const migrated = runPos(['migrate', '--database', url, '--data-dir', options.dataDir]);
  if (migrated.code !== 0) throw new Error(`pos migrate --database failed: ${migrated.stderr}`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) });
  const venue = await seedVenue(db, options.printerPorts);
  await db.destroy();

  const server = await startRealServer(options.lifetime, options.dataDir, ['--database', url]);
  try {
    const token = await operatorToken(server.url, server.adminPassword);
    const idleRss = rssMb(server.process.pid!);
    const kitchen = startPostgresKitchen(url);
    const orders = await load({
      url: `${server.url}/v1/orders`,
      pid: server.process.pid!,
      method: 'POST',
      connections: options.connections,
      seconds: options.seconds,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      bodies: orderBodies(venue),
    });
    await kitchen.stop();
    return { orders, idleRss };
  } finally {
    await server.stop();
  }
}

/** An operator's token through the API: the first admin's password, then a user of its own. */
async function operatorToken(url: string, adminPassword: string | null): Promise<string> {
  if (!adminPassword) throw new Error('pos serve --database printed no first admin password');
  const login = async (username: string, password: string) => {
    const response = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`login as ${username}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { accessToken: string }).accessToken;
  };
  const admin = await login('admin', adminPassword);
  const created = await fetch(`${url}/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password', role: 'operator' }),
  });
  if (!created.ok) throw new Error(`creating the operator: ${created.status} ${await created.text()}`);
  return login('bench', 'bench-password');
}

/** bench/lib/kitchen.ts's pick-up counter on PostgreSQL: the same statement, so the display codes never run out. */
function startPostgresKitchen(url: string, lagMs = 2000, everyMs = 100): { stop(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {}); // the cluster stops after the step; a late error there is of no interest
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const now = Date.now();
    running = pool.query(
      `update orders set status = 'PICKED_UP', completed_at = coalesce(completed_at, $1), ever_completed = 1,
       updated_at = $1
       where id in (select id from orders where status = 'CONFIRMED' and confirmed_at < $2 order by id limit 500)`,
      [now, now - lagMs],
    );
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running.catch(() => {});
      await pool.end();
    },
  };
}
