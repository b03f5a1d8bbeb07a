import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';
import { type Acknowledged, postUntil2xx, seededRandom, sleep } from '../helpers/crash.js';
import { everyOf } from '../helpers/assert.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPos, type RealServer, startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

// Crash safety of the drawer's handover, short: rounds of open, two sales and a close, the real `pos serve` killed
// with SIGKILL at a random moment of the close and started again on the same data dir, the client retrying with
// the same Idempotency-Key. Every acknowledged close is there afterwards, closed once, with the figures it answered,
// and its handover slip reached the register's printer. CRASH_SEED=<n> repeats the kill moments.

const ROUNDS = Number(process.env['CRASH_ROUNDS'] ?? 4);
const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const SERVE_ARGS = ['--printing', 'on', '--log-level', 'warn'];
t.setTimeout(240_000);

t.test('SIGKILL during closes loses no acknowledged close, figure or slip', async (t) => {
  const random = seededRandom(SEED);
  t.comment(`seed ${SEED} (CRASH_SEED=${SEED} repeats the kill moments), ${ROUNDS} rounds`);
  const dataDir = tempDir(t);
  const till = new PrinterEmulator({ columns: 32 });
  const kitchen = new PrinterEmulator({ columns: 48 });
  for (const emulator of [till, kitchen]) {
    await emulator.start();
    t.teardown(() => emulator.stop());
  }
  const storage = openStorage(join(dataDir, 'pos.db'));
  await migrate(storage);
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.db.updateTable('printers').set({ port: till.port }).where('id', '=', menu.printers.till).execute();
  for (const name of ['kitchen', 'bar'] as const) {
    await storage.db
      .updateTable('printers')
      .set({ port: kitchen.port })
      .where('id', '=', menu.printers[name])
      .execute();
  }
  await storage.close();

  let server: RealServer = await startRealServer(t, dataDir, SERVE_ARGS);
  const token = runPos(['token', 'create', '--role', 'operator', '--data-dir', dataDir]).stdout.trim();
  const giveUp = new AbortController();
  t.teardown(() => giveUp.abort());
  const post = (path: string, key: string, body: unknown) =>
    postUntil2xx({
      baseUrl: () => server.url,
      path,
      token,
      key,
      body,
      deadline: Date.now() + 60_000,
      signal: giveUp.signal,
    });
  const sessions = `/v1/cash-registers/${menu.register}/sessions`;

  const closes: Acknowledged[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await post(sessions, `open-${round}-${SEED}`, { float: 50 });
    for (let n = 0; n < 2; n++) {
      await post('/v1/orders', `sale-${round}-${n}-${SEED}`, {
        table: '1',
        customer: `r${round}`,
        orderItems: [{ foodId: menu.foods.margherita, quantity: 1 + n }],
        confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
      });
    }
    const closing = post(`${sessions}/current/close`, `close-${round}-${SEED}`, {
      denominations: { '50': 1, '5': 4 },
      cardTerminalTotal: 0,
    });
    await sleep(Math.floor(random() * 60));
    await server.kill();
    server = await startRealServer(t, dataDir, SERVE_ARGS);
    closes.push(await closing);
  }

  const listed = (await (
    await fetch(`${server.url}${sessions}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<Record<string, unknown>>;
  t.equal(listed.length, ROUNDS, 'one session per round, none doubled by a retry');
  everyOf(
    t,
    closes,
    (close) => {
      const body = close.body;
      const found = listed.find((session) => session['id'] === body['id']);
      return (
        found !== undefined &&
        found['status'] === 'closed' &&
        found['closedAt'] === body['closedAt'] &&
        found['cashSales'] === 22.5 &&
        found['counted'] === 70 &&
        found['difference'] === body['difference'] &&
        body['cashSales'] === 22.5
      );
    },
    'every acknowledged close is kept with the figures it answered (2 sales: 7.50 + 15.00 cash)',
  );

  // Every handover slip was queued once and reached the till's printer at least once.
  const db = new Database(join(dataDir, 'pos.db'), { readonly: true });
  t.teardown(() => db.close());
  const slips = db
    .prepare("select count(*) as n from print_jobs where kind = 'closure' and payload like '%\"handover\"%'")
    .get() as { n: number };
  t.equal(slips.n, ROUNDS, 'one slip queued per close');
  await waitFor(
    'every handover slip printed on the till printer',
    () => till.tickets.filter((ticket) => ticket.text.includes('H A N D O V E R')).length >= ROUNDS,
    { timeoutMs: 60_000, detail: () => `${till.tickets.length} tickets at the till` },
  );
  t.pass('the slips came out');
});
