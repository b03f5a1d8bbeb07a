import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { seededRandom, sleep } from '../helpers/crash.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { openSse } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

// Portion counts against the real executable: parallel cashiers over HTTP never oversell, every till hears the food
// sell out at once, and a SIGKILL at any moment leaves counts and orders in agreement.

t.setTimeout(180_000);

async function call(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** A category and a food with `stock` portions, made through the API by an admin. */
async function porchetta(url: string, admin: string, stock: number): Promise<string> {
  const category = await call(url, admin, 'POST', '/v1/categories', { name: 'Panini' });
  const food = await call(url, admin, 'POST', '/v1/foods', {
    name: 'Porchetta',
    price: 6,
    categoryId: category.json.id,
    available: true,
    stock,
  });
  if (food.status !== 201) throw new Error(`food: ${food.status} ${JSON.stringify(food.json)}`);
  return food.json.id as string;
}

t.test(
  '30 cashiers paying for the last 10 portions at once: 10 × 201, 20 × 409, and every till hears it sold out',
  async (t) => {
    const dataDir = tempDir(t);
    const server = await startRealServer(t, dataDir, ['--log-level', 'warn']);
    const admin = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
    const operator = (
      await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])
    ).stdout.trim();
    const foodId = await porchetta(server.url, admin, 10);
    const till = await openSse(`${server.url}/events/cashier`, { authorization: `Bearer ${operator}` });
    t.equal(till.status, 200);

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(server.url, operator, 'POST', '/v1/orders', {
          table: String(i + 1),
          customer: `Cliente ${i + 1}`,
          orderItems: [{ foodId, quantity: 1 }],
          confirm: { paymentMethod: 'CASH' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    t.same(statuses, [...Array(10).fill(201), ...Array(20).fill(409)]);
    for (const refused of responses.filter((r) => r.status === 409)) {
      t.match(refused.json, {
        statusCode: 409,
        error: 'Conflict',
        details: [{ foodId, name: 'Porchetta', requested: 1, left: 0 }],
      });
    }
    t.same(new Set(responses.filter((r) => r.status === 201).map((r) => r.json.ticketNumber)).size, 10, 'ten tickets');
    const food = await call(server.url, admin, 'GET', `/v1/foods/${foodId}`);
    t.match(food.json, { stock: 0, portionsLeft: 0, available: false });

    const events = await till.waitFor((list) => list.some((e) => e.event === 'food-availability-changed'), 15_000);
    const stock = events.filter((e) => e.event === 'food-stock-changed').map((e) => JSON.parse(e.data).portionsLeft);
    t.same(stock, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], 'the till counted down live');
    t.same(
      JSON.parse(events.find((e) => e.event === 'food-availability-changed')!.data),
      { foodId, available: false },
      'and greyed it out',
    );
    till.close();

    const restock = await call(server.url, admin, 'PATCH', `/v1/foods/${foodId}`, { stockAdd: 5 });
    t.match(restock.json, { stock: 5, available: true }, 'restocking brings it back');
  },
);

t.test('SIGKILL while cashiers sell and cancel: after the restart the count and the orders agree', async (t) => {
  const seed = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
  const random = seededRandom(seed);
  t.comment(`seed ${seed} (CRASH_SEED=${seed} repeats the kill moments)`);
  const START = 400;
  const dataDir = tempDir(t);
  let server = await startRealServer(t, dataDir, ['--log-level', 'warn']);
  const admin = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const operator = (
    await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])
  ).stdout.trim();
  const foodId = await porchetta(server.url, admin, START);
  const known: number[] = [];
  let answered = 0;

  for (let round = 1; round <= 4; round++) {
    const url = server.url;
    let stop = false;
    // Three cashiers sell, one cancels orders it saw confirmed; whatever is in flight at the kill may or may not commit.
    const cashiers = Array.from({ length: 4 }, async (_, cashier) => {
      for (let n = 0; !stop && n < 40; n++) {
        try {
          if (cashier === 3 && known.length > 0) {
            const id = known.splice(Math.floor(random() * known.length), 1)[0]!;
            await call(url, operator, 'DELETE', `/v1/orders/${id}`);
          } else {
            const created = await call(url, operator, 'POST', '/v1/orders', {
              table: '1',
              customer: `r${round}`,
              orderItems: [{ foodId, quantity: 1 + Math.floor(random() * 3) }],
              confirm: { paymentMethod: 'CARD' },
            });
            if (created.status === 201) known.push(created.json.id);
          }
          answered++;
        } catch {
          return; // the server is gone
        }
      }
    });
    // The kill comes at a random moment after the round's first answer: on a busy machine the first requests can
    // take longer than the whole random pause, and a round with no sale proves nothing.
    const before = answered;
    await waitFor('a request answered in this round', () => answered > before, { timeoutMs: 60_000 });
    await sleep(Math.floor(random() * 300));
    stop = true;
    await server.kill();
    await Promise.all(cashiers);
    server = await startRealServer(t, dataDir, ['--log-level', 'warn']);
  }
  t.ok(answered > 0, `${answered} requests answered across the kills`);

  // From the data on disk after the last restart: what is left is the start minus what the existing orders hold.
  const food = await call(server.url, admin, 'GET', `/v1/foods/${foodId}`);
  const db = new Database(join(dataDir, 'pos.db'), { readonly: true });
  const held = (
    db
      .prepare(
        `select coalesce(sum(i.quantity), 0) as n from order_items i join orders o on o.id = i.order_id where o.confirmed_at is not null`,
      )
      .get() as { n: number }
  ).n;
  const ledger = (db.prepare(`select coalesce(sum(units), 0) as n from order_portions`).get() as { n: number }).n;
  const orphans = (
    db
      .prepare(`select count(*) as n from order_portions p left join orders o on o.id = p.order_id where o.id is null`)
      .get() as { n: number }
  ).n;
  db.close();
  t.ok(held > 0, `the orders hold ${held} portions`);
  t.equal(food.json.stock, START - held, 'count = start − portions of the confirmed orders that exist');
  t.equal(ledger, held, 'the ledger holds the same');
  t.equal(orphans, 0, 'no ledger row without its order');
  t.equal(food.json.available, food.json.stock > 0);
});
