import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';
import { type Acknowledged, postUntil2xx, seededRandom, sleep } from '../helpers/crash.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPos, type RealServer, startRealServer } from '../helpers/server.js';

// Crash safety of refunds, in the crash rounds' manner (test/faults/crash.test.ts), kept short: cashiers refund one
// unit at a time with Idempotency-Keys and retry blindly; the real `pos serve` is killed with SIGKILL at a random
// moment and started again. Afterwards every acknowledged refund exists exactly once, as acknowledged, each line's
// refunded units are the acknowledged ones, and every key replays its first answer.
//
// CRASH_SEED=<n> repeats the kill moments; CRASH_REFUND_ROUNDS=<n>.

const ROUNDS = Number(process.env['CRASH_REFUND_ROUNDS'] ?? 4);
const CASHIERS = 3;
const PER_ROUND = 2;
const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const SERVE_ARGS = ['--printing', 'off', '--log-level', 'warn'];

t.setTimeout(180_000);

interface Refunding {
  key: string;
  path: string;
  body: { items: Array<{ id: string; quantity: number }>; reason: string };
  itemId: string;
  acknowledged?: Acknowledged;
}

t.test('SIGKILL during refunds loses no acknowledged refund and counts none twice', async (t) => {
  const random = seededRandom(SEED);
  t.comment(`seed ${SEED}, ${ROUNDS} rounds, ${CASHIERS} cashiers`);
  const dataDir = tempDir(t);
  const storage = openStorage(join(dataDir, 'pos.db'));
  await migrate(storage);
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.close();
  let server: RealServer = await startRealServer(t, dataDir, SERVE_ARGS);
  const token = runPos(['token', 'create', '--role', 'operator', '--data-dir', dataDir]).stdout.trim();
  const baseUrl = () => server.url;
  const giveUp = new AbortController();
  t.teardown(() => giveUp.abort());
  const post = (path: string, key: string, body: unknown) =>
    postUntil2xx({ baseUrl, path, token, key, body, deadline: Date.now() + 150_000, signal: giveUp.signal });

  // Each cashier refunds the pizzas of its own order, one at a time: never more than the line has.
  const lines: Array<{ orderId: number; itemId: string }> = [];
  for (let cashier = 0; cashier < CASHIERS; cashier++) {
    const created = await post('/v1/orders', `order-${cashier}-${SEED}`, {
      table: String(cashier + 1),
      customer: `c${cashier}`,
      orderItems: [{ foodId: menu.foods.margherita, quantity: ROUNDS * PER_ROUND }],
      confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register, discount: 1 },
    });
    const orderId = created.body['id'] as number;
    const detail = (await (
      await fetch(`${baseUrl()}/v1/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { categorizedItems: Array<{ items: Array<{ id: string }> }> };
    lines.push({ orderId, itemId: detail.categorizedItems[0]!.items[0]!.id });
  }

  const refunds: Refunding[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const cashiers = lines.map(async (line, cashier) => {
      for (let n = 0; n < PER_ROUND; n++) {
        const refund: Refunding = {
          key: `refund-r${round}-c${cashier}-n${n}-${SEED}`,
          path: `/v1/orders/${line.orderId}/refunds`,
          body: { items: [{ id: line.itemId, quantity: 1 }], reason: `r${round}` },
          itemId: line.itemId,
        };
        refunds.push(refund);
        refund.acknowledged = await post(refund.path, refund.key, refund.body);
      }
    });
    await sleep(30 + Math.floor(random() * 250));
    await server.kill();
    server = await startRealServer(t, dataDir, SERVE_ARGS);
    await Promise.all(cashiers);
  }
  t.equal(refunds.filter((r) => r.acknowledged).length, refunds.length, 'every refund was acknowledged in the end');

  const mismatches: string[] = [];
  for (const refund of refunds) {
    const again = await post(refund.path, refund.key, refund.body);
    if (!again.replayed || JSON.stringify(again.body) !== JSON.stringify(refund.acknowledged?.body)) {
      mismatches.push(`${refund.key}: ${JSON.stringify(refund.acknowledged?.body)} then ${JSON.stringify(again.body)}`);
    }
  }
  t.same(mismatches, [], 'every Idempotency-Key replays its first refund');
  t.equal(await server.stop('SIGTERM'), 0, 'the last server stops cleanly');

  const db = new Database(join(dataDir, 'pos.db'), { readonly: true });
  t.teardown(() => db.close());
  const rows = db.prepare('select id, amount from refunds order by id').all() as Array<{ id: string; amount: number }>;
  const acknowledgedIds = refunds.map((r) => r.acknowledged?.body['id'] as string).sort();
  t.same(
    rows.map((row) => row.id).sort(),
    acknowledgedIds,
    'the refunds in the database are exactly the acknowledged ones: none lost, none doubled',
  );
  const items = db.prepare('select id, quantity, refunded_quantity from order_items').all() as Array<{
    id: string;
    quantity: number;
    refunded_quantity: number;
  }>;
  for (const item of items) {
    const acked = refunds.filter((r) => r.itemId === item.id).length;
    t.equal(item.refunded_quantity, acked, `line ${item.id}: ${acked} units refunded, as acknowledged`);
  }
  // Every unit refunded in one-unit refunds gives back the order's total exactly (27.00 − 1.00 discount, etc.).
  const orders = db.prepare('select id, total_cents from orders').all() as Array<{ id: number; total_cents: number }>;
  for (const order of orders) {
    const given = (
      db.prepare('select coalesce(sum(amount), 0) as n from refunds where order_id = ?').get(order.id) as { n: number }
    ).n;
    t.equal(given, order.total_cents, `order ${order.id}: every unit refunded gives back its total to the cent`);
  }
});
