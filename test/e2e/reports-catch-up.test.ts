import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { fillOrders } from '../../bench/lib/big-db.js';
import { seedVenue } from '../../bench/lib/venue.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

// The appliance was off for two days with sales in its database and no snapshots (a restored backup, a laptop left
// asleep): the real `pos serve` writes every missed hour at start-up, and the reports then equal a direct count.

t.test('start-up catch-up: every missed hour is snapshotted and the reports equal the orders', async (t) => {
  const dataDir = tempDir(t);
  const file = join(dataDir, 'pos.db');
  const storage = openStorage(file);
  await migrate(storage);
  const venue = await seedVenue(storage.db, [9, 9, 9, 9, 9, 9]);
  await storage.close();
  const span = fillOrders(file, venue, { orders: 3_000, days: 2, timezone: 'Europe/Rome' });

  const server = await startRealServer(t, dataDir, ['--printing', 'off']);
  const token = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const db = new BetterSqlite3(file, { readonly: true });
  t.teardown(() => db.close());
  const watermark = () =>
    Number(
      (db.prepare("select value from settings where key = 'snapshots_through'").get() as { value: string } | undefined)
        ?.value ?? 0,
    );
  await waitFor('the missed hours written', () => watermark() >= span.to, { timeoutMs: 60_000, intervalMs: 100 });
  const hours = db
    .prepare('select count(*) as n from snapshot_hours where hour_start >= ? and hour_start < ?')
    .get(span.from, span.to) as { n: number };
  t.equal(hours.n, 48, 'one snapshot for each of the 48 hours with sales');

  const direct = db
    .prepare(
      'select count(*) as orders, sum(total_cents) as revenue from orders where confirmed_at >= ? and confirmed_at < ?',
    )
    .get(span.from, span.to) as { orders: number; revenue: number };
  const get = async (groupBy: string) => {
    const response = await fetch(
      `${server.url}/v1/reports?from=${new Date(span.from).toISOString()}&to=${new Date(span.to).toISOString()}&groupBy=${groupBy}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    t.equal(response.status, 200);
    return (await response.json()) as Array<{ totalOrders: number; totalRevenue: number }>;
  };
  const [all] = await get('all');
  t.equal(all!.totalOrders, direct.orders, 'all: the orders');
  t.equal(Math.round(all!.totalRevenue * 100), direct.revenue, 'all: the revenue to the cent');
  const hourly = await get('1h');
  t.equal(hourly.length, 48);
  t.equal(
    hourly.reduce((sum, r) => sum + r.totalOrders, 0),
    direct.orders,
    'the hours add up to the orders',
  );
  t.equal(
    hourly.reduce((sum, r) => sum + Math.round(r.totalRevenue * 100), 0),
    direct.revenue,
    'and to the revenue',
  );
  t.equal(await server.stop(), 0);
});
