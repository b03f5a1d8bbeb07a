import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';
import { type Acknowledged, postUntil2xx, readTicket, RejectedError, seededRandom, sleep } from '../helpers/crash.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPos, type RealServer, startRealServer } from '../helpers/server.js';
import { openSse } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

// Crash safety. Rounds of: cashiers sell with Idempotency-Keys and retry blindly on any error; the real
// `pos serve` is killed with SIGKILL at a random moment and started again on the same data dir. Afterwards every
// acknowledged order exists exactly once, ticket numbers are gap-free per ticket day, every confirmation can be
// replayed from the event log, and every print job reached its (emulated) printer at least once.
//
// CRASH_SEED=<n> repeats the kill moments and the order mix of a run (concurrency still varies); CRASH_ROUNDS=<n>.
// test/faults/crash-again.test.ts runs this file a second time in a process of its own (another seed, another data
// dir): twenty rounds in all, in two files that each stay well under a minute.

const ROUNDS = Number(process.env['CRASH_ROUNDS'] ?? 10);
const CASHIERS = 3;
const MAX_SALES_PER_ROUND = 4;
const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
/** Printing on (the default), against the emulators below; no per-request log lines (warnings and errors stay). */
const SERVE_ARGS = ['--printing', 'on', '--log-level', 'warn'];

// Each round pays for one start of the real server (≈1.3 s of CPU, mostly loading modules): about 20 s for the file
// on an idle 2-core machine. On a machine busy with other work a start can take 5–10 s; tap's per-file bound
// (300 s, package.json) leaves room for that.

type Mode = 'one-step' | 'two-step';
interface Sale {
  key: string;
  round: number;
  mode: Mode;
  createBody: Record<string, unknown>;
  confirmBody: Record<string, unknown>;
  /** Printers that must get a kitchen ticket (by seed name). */
  stations: Array<'kitchen' | 'bar'>;
  created?: Acknowledged;
  confirmed?: Acknowledged;
  orderId?: number;
  ticketNumber?: number;
}

t.test('B1: SIGKILL at random moments loses no acknowledged order, ticket, event or print job', async (t) => {
  const began = Date.now();
  const random = seededRandom(SEED);
  t.comment(`seed ${SEED} (CRASH_SEED=${SEED} repeats the kill moments), ${ROUNDS} rounds, ${CASHIERS} cashiers`);
  const dataDir = tempDir(t);

  // Three emulated printers that outlive every server; the server finds them through the printers table.
  const emulators = {
    kitchen: new PrinterEmulator({ columns: 48 }),
    bar: new PrinterEmulator({ columns: 42 }),
    till: new PrinterEmulator({ columns: 32 }),
  };
  for (const emulator of Object.values(emulators)) {
    await emulator.start();
    t.teardown(() => emulator.stop());
  }
  const storage = openStorage(join(dataDir, 'pos.db'));
  await migrate(storage);
  const menu = await seedMenuRows(storage.db, Date.now());
  for (const name of ['kitchen', 'bar', 'till'] as const) {
    await storage.db
      .updateTable('printers')
      .set({ port: emulators[name].port })
      .where('id', '=', menu.printers[name])
      .execute();
  }
  await storage.close();

  let server: RealServer = await startRealServer(t, dataDir, SERVE_ARGS);
  const token = runPos(['token', 'create', '--role', 'operator', '--data-dir', dataDir]).stdout.trim();
  t.match(token, /^ey/, 'an operator token minted offline');
  const baseUrl = () => server.url;
  // Whatever happens, no cashier keeps retrying after the test.
  const giveUp = new AbortController();
  t.teardown(() => giveUp.abort());
  const signal = giveUp.signal;

  // What a cashier sells: the stations follow the seed's routing (margherita → category printer Kitchen, tiramisù →
  // its own printer Kitchen, beer → category printer Bar); the receipt goes to the register's printer Till.
  const baskets: Array<{
    items: Array<{ foodId: string; quantity: number; notes?: string }>;
    stations: Array<'kitchen' | 'bar'>;
  }> = [
    { items: [{ foodId: menu.foods.margherita, quantity: 1 }], stations: ['kitchen'] },
    { items: [{ foodId: menu.foods.beer, quantity: 2 }], stations: ['bar'] },
    {
      items: [
        { foodId: menu.foods.diavola, quantity: 1, notes: 'ben cotta' },
        { foodId: menu.foods.beer, quantity: 1 },
      ],
      stations: ['kitchen', 'bar'],
    },
    {
      items: [
        { foodId: menu.foods.margherita, quantity: 2 },
        { foodId: menu.foods.tiramisu, quantity: 1 },
      ],
      stations: ['kitchen'],
    },
  ];

  const sales: Sale[] = [];
  const rejections: string[] = [];
  const deadlineOf = () => Date.now() + 150_000; // across a restart, which a busy machine can take long over

  async function sell(round: number, cashier: number, n: number): Promise<void> {
    const basket = baskets[Math.floor(random() * baskets.length)]!;
    const mode: Mode = random() < 0.5 ? 'one-step' : 'two-step';
    const confirmBody = { paymentMethod: random() < 0.5 ? 'CASH' : 'CARD', cashRegisterId: menu.register };
    const key = `crash-r${round}-c${cashier}-n${n}-${SEED}`;
    const createBody: Record<string, unknown> = {
      table: String(1 + cashier),
      customer: `r${round} c${cashier} n${n}`,
      orderItems: basket.items,
      ...(mode === 'one-step' ? { confirm: confirmBody } : {}),
    };
    const sale: Sale = { key, round, mode, createBody, confirmBody, stations: basket.stations };
    sales.push(sale);
    try {
      sale.created = await postUntil2xx({
        baseUrl,
        path: '/v1/orders',
        token,
        key,
        body: createBody,
        deadline: deadlineOf(),
        signal,
      });
      sale.orderId = sale.created.body['id'] as number;
      if (mode === 'one-step') {
        sale.ticketNumber = sale.created.body['ticketNumber'] as number;
        return;
      }
      sale.confirmed = await postUntil2xx({
        baseUrl,
        path: `/v1/orders/${sale.orderId}/confirm`,
        token,
        key: `${key}-confirm`,
        body: confirmBody,
        deadline: deadlineOf(),
        signal,
      });
      sale.ticketNumber = sale.confirmed.body['ticketNumber'] as number;
    } catch (error) {
      if (error instanceof RejectedError) rejections.push(error.message);
      else throw error;
    }
  }

  // The rounds.
  const restartMs: number[] = [];
  const cpuTicks: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    let killed = false;
    const cashiers = Array.from({ length: CASHIERS }, async (_, cashier) => {
      for (let n = 0; n < MAX_SALES_PER_ROUND && !killed; n++) await sell(round, cashier, n);
    });
    await sleep(50 + Math.floor(random() * 350));
    killed = true;
    {
      const f = (await import('node:fs'))
        .readFileSync(`/proc/${server.process.pid}/stat`, 'utf8')
        .split(') ')[1]!
        .split(' ');
      cpuTicks.push(`${Number(f[11]) + Number(f[12])}`);
    }
    await server.kill();
    const restarting = Date.now();
    // A lock, a half-written WAL or a stale server.json left by the crash must not stop the next start.
    server = await startRealServer(t, dataDir, SERVE_ARGS);
    restartMs.push(Date.now() - restarting);
    await Promise.all(cashiers);
  }
  const roundsDone = Date.now();
  const phase = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const retried = sales.reduce(
    (sum, sale) => sum + (sale.created?.attempts ?? 0) - 1 + (sale.confirmed ? sale.confirmed.attempts - 1 : 0),
    0,
  );
  const replayedAtFirst2xx = sales.filter((sale) => sale.created?.replayed || sale.confirmed?.replayed).length;
  t.comment(
    `${sales.length} sales in ${ROUNDS} rounds (${((roundsDone - began) / 1000).toFixed(1)} s); ${retried} retried requests; ` +
      `${replayedAtFirst2xx} sales whose first 2xx was a replay of a commit the client never heard of; ` +
      `restart after SIGKILL ${Math.min(...restartMs)}–${Math.max(...restartMs)} ms`,
  );

  t.comment(`server cpu ticks (1/100 s): ${cpuTicks.join(' ')}; test process ${JSON.stringify(process.cpuUsage())}`);
  t.same(rejections, [], 'no retry of an acknowledged-or-not request was refused (no 400 "already confirmed", no 422)');
  const acknowledged = sales.filter((sale) => sale.ticketNumber !== undefined);
  t.equal(acknowledged.length, sales.length, 'every sale was acknowledged in the end');

  // Every key, asked again now, answers with the very response it gave (same id, same ticket): stable across restarts.
  const mismatches: string[] = [];
  const queue = [...sales];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let sale = queue.shift(); sale; sale = queue.shift()) {
        const checks: Array<[string, string, unknown, Acknowledged | undefined]> = [
          ['/v1/orders', sale.key, sale.createBody, sale.created],
        ];
        if (sale.mode === 'two-step' && sale.orderId !== undefined) {
          checks.push([`/v1/orders/${sale.orderId}/confirm`, `${sale.key}-confirm`, sale.confirmBody, sale.confirmed]);
        }
        for (const [path, key, body, first] of checks) {
          if (!first) continue;
          const again = await postUntil2xx({ baseUrl, path, token, key, body, deadline: Date.now() + 60_000, signal });
          if (
            !again.replayed ||
            again.status !== first.status ||
            JSON.stringify(again.body) !== JSON.stringify(first.body)
          ) {
            mismatches.push(
              `${key}: first ${first.status} ${JSON.stringify(first.body)}, now ${again.status} replayed=${again.replayed} ${JSON.stringify(again.body)}`,
            );
          }
        }
      }
    }),
  );
  t.same(mismatches, [], 'every Idempotency-Key replays its first response, byte for byte');

  // Printing settles: every job printed (the worker marks a job printed only once the printer answered after it).
  const peek = new Database(join(dataDir, 'pos.db'), { readonly: true });
  const unprinted = () =>
    (peek.prepare(`select count(*) as n from print_jobs where status <> 'printed'`).get() as { n: number }).n;
  await waitFor('every print job printed', () => unprinted() === 0, {
    timeoutMs: 60_000,
    intervalMs: 100,
    detail: () => `${unprinted()} jobs not printed`,
  });
  t.pass('every print job is printed within 20 s of the last restart');

  // The event log replays from the start on every channel (Last-Event-ID: 0), each confirmation exactly once.
  const lastIds = Object.fromEntries(
    (
      peek.prepare(`select channel, max(id) as id from events group by channel`).all() as Array<{
        channel: string;
        id: number;
      }>
    ).map((row) => [row.channel, row.id]),
  );
  peek.close();
  const auth = { authorization: `Bearer ${token}`, 'last-event-id': '0' };
  const replayed: Record<string, Array<{ id: number; event: string; data: Record<string, unknown> }>> = {};
  for (const channel of ['cashier', 'display', 'printer'] as const) {
    const stream = await openSse(`${server.url}/events/${channel}`, auth);
    t.equal(stream.status, 200, `${channel} stream`);
    await stream.waitFor(
      (events) => events.length > 0 && Number(events.at(-1)!.lastEventId) >= (lastIds[channel] ?? 0),
      15_000,
    );
    replayed[channel] = stream.events.map((e) => ({
      id: Number(e.lastEventId),
      event: e.event,
      data: JSON.parse(e.data) as Record<string, unknown>,
    }));
    stream.close();
  }

  t.comment(`checks through the API and the event streams: ${phase(roundsDone)}`);
  const stopCode = await server.stop('SIGTERM');
  t.equal(stopCode, 0, 'the last server stops cleanly');
  const db = new Database(join(dataDir, 'pos.db'), { readonly: true });
  t.teardown(() => db.close());

  // 1. Every acknowledged order exists exactly once, as acknowledged.
  const orders = db
    .prepare(`select id, status, ticket_day, ticket_number, customer, display_code from orders order by id`)
    .all() as Array<{
    id: number;
    status: string;
    ticket_day: string | null;
    ticket_number: number | null;
    customer: string;
    display_code: string;
  }>;
  const ackIds = acknowledged.map((sale) => sale.orderId!);
  t.equal(new Set(ackIds).size, ackIds.length, 'no two keys were answered with the same order');
  t.same(
    orders.map((o) => o.id).sort((a, b) => a - b),
    [...ackIds].sort((a, b) => a - b),
    'the orders in the database are exactly the acknowledged ones: none lost, none doubled',
  );
  const byId = new Map(orders.map((o) => [o.id, o]));
  const byCode = new Map(orders.map((o) => [o.display_code, o.id]));
  const wrong = acknowledged.filter((sale) => {
    const row = byId.get(sale.orderId!);
    return (
      row?.status !== 'CONFIRMED' ||
      row.ticket_number !== sale.ticketNumber ||
      row.customer !== sale.createBody['customer']
    );
  });
  t.same(
    wrong.map((s) => s.key),
    [],
    'each order is CONFIRMED with the ticket number its cashier was given',
  );

  // 2. Ticket numbers per ticket day: 1..N, no gap, no duplicate; the counter agrees.
  const days = new Map<string, number[]>();
  for (const o of orders)
    if (o.ticket_day !== null && o.ticket_number !== null)
      days.set(o.ticket_day, [...(days.get(o.ticket_day) ?? []), o.ticket_number]);
  const counters = new Map(
    (
      db.prepare(`select ticket_day, last_number from ticket_counters`).all() as Array<{
        ticket_day: string;
        last_number: number;
      }>
    ).map((r) => [r.ticket_day, r.last_number]),
  );
  for (const [day, numbers] of days) {
    numbers.sort((a, b) => a - b);
    t.same(
      numbers,
      Array.from({ length: numbers.length }, (_, i) => i + 1),
      `ticket day ${day}: 1..${numbers.length}, gap-free and unique`,
    );
    t.equal(counters.get(day), numbers.length, `ticket day ${day}: the counter stands at the last number given`);
  }
  t.ok(days.size >= 1 && days.size <= 2, 'one ticket day (two if the run crossed the reset time)');

  // 3. Events: once per confirmation on each channel, in the log and in the replay; new-order only for two-step sales.
  const logged = db.prepare(`select id, channel, name, payload from events order by id`).all() as Array<{
    id: number;
    channel: string;
    name: string;
    payload: string;
  }>;
  const count = (list: Array<{ name: string; payloadId: number }>, name: string, id: number) =>
    list.filter((e) => e.name === name && e.payloadId === id).length;
  const badEvents: string[] = [];
  for (const channel of ['cashier', 'display', 'printer'] as const) {
    const replayedThrough = Math.max(0, ...(replayed[channel] ?? []).map((e) => e.id));
    // (A printer status change after the replay was read would be in the log but not in the replay.)
    const inLog = logged
      .filter((e) => e.channel === channel && e.id <= replayedThrough)
      .map((e) => ({ id: e.id, name: e.name, payloadId: (JSON.parse(e.payload) as { id?: number }).id ?? -1 }));
    const inReplay = (replayed[channel] ?? []).map((e) => ({
      id: e.id,
      name: e.event,
      payloadId: (e.data['id'] as number | undefined) ?? -1,
    }));
    t.same(
      inReplay.map((e) => `${e.id} ${e.name}`),
      inLog.map((e) => `${e.id} ${e.name}`),
      `${channel}: the replay from Last-Event-ID 0 is the whole log, in order`,
    );
    for (const sale of acknowledged) {
      for (const [what, list] of [
        ['log', inLog],
        ['replay', inReplay],
      ] as const) {
        const confirmedCount = count(list, 'confirmed-order', sale.orderId!);
        if (confirmedCount !== 1)
          badEvents.push(
            `${channel} ${what}: ${confirmedCount} confirmed-order for order ${sale.orderId} (${sale.key})`,
          );
        if (channel === 'cashier') {
          const created = count(list, 'new-order', sale.orderId!);
          if (created !== (sale.mode === 'two-step' ? 1 : 0))
            badEvents.push(`${channel} ${what}: ${created} new-order for ${sale.mode} order ${sale.orderId}`);
        }
      }
    }
    const confirmations = (replayed[channel] ?? []).filter((e) => e.event === 'confirmed-order');
    const numberMismatch = confirmations.filter(
      (e) => byId.get(e.data['id'] as number)?.ticket_number !== e.data['ticketNumber'],
    );
    if (numberMismatch.length > 0)
      badEvents.push(
        `${channel}: ${numberMismatch.length} confirmed-order events with a ticket number the order does not have`,
      );
  }
  t.same(
    badEvents,
    [],
    'every confirmation is in the log and replayed exactly once per channel, with its ticket number',
  );

  // 4. Print jobs: exactly the expected ones were queued, and each reached its printer at least once.
  const jobs = db.prepare(`select id, printer_id, kind, order_id, status from print_jobs order by id`).all() as Array<{
    id: number;
    printer_id: string | null;
    kind: string;
    order_id: number | null;
    status: string;
  }>;
  const printerName = new Map(Object.entries(menu.printers).map(([name, id]) => [id, name]));
  const expectedJobs = acknowledged
    .flatMap((sale) => [...sale.stations.map((s) => `${sale.orderId} kitchen ${s}`), `${sale.orderId} receipt till`])
    .sort();
  const queuedJobs = jobs
    .map((job) => `${job.order_id} ${job.kind} ${printerName.get(job.printer_id ?? '') ?? job.printer_id}`)
    .sort();
  t.same(queuedJobs, expectedJobs, 'one kitchen ticket per station and one receipt per order were queued, no more');
  t.same(
    jobs.filter((job) => job.status !== 'printed').map((job) => `${job.id} ${job.status}`),
    [],
    'every job is marked printed',
  );

  const undelivered: string[] = [];
  const wrongNumber: string[] = [];
  let duplicates = 0;
  let partial = 0;
  let unidentified = 0;
  const duplicated: string[] = [];
  for (const name of ['kitchen', 'bar', 'till'] as const) {
    const kind = name === 'till' ? 'receipt' : 'kitchen';
    const copies = new Map<number, number>();
    for (const ticket of emulators[name].tickets) {
      const read = readTicket(ticket.text, kind, (code) => byCode.get(code));
      if (read.orderId === null) {
        unidentified++;
        continue;
      }
      if (!read.complete) {
        partial++;
        continue;
      }
      copies.set(read.orderId, (copies.get(read.orderId) ?? 0) + 1);
      if (read.ticketNumber !== byId.get(read.orderId)?.ticket_number)
        wrongNumber.push(`${name}: order ${read.orderId} printed as ticket ${read.ticketNumber}`);
    }
    for (const job of jobs.filter((j) => printerName.get(j.printer_id ?? '') === name)) {
      const got = copies.get(job.order_id!) ?? 0;
      if (got === 0) undelivered.push(`job ${job.id} (${kind} of order ${job.order_id} on ${name})`);
      if (got > 1) {
        duplicates += got - 1;
        duplicated.push(`${name}:${job.order_id}×${got}`);
      }
    }
  }
  t.same(undelivered, [], 'every print job came out of its printer at least once, complete');
  t.same(wrongNumber, [], 'every printed ticket carries its order’s ticket number');
  const printed = Object.values(emulators).reduce((sum, e) => sum + e.tickets.length, 0);
  t.comment(
    `print: ${jobs.length} jobs, ${printed} tickets received; ${duplicates} duplicate complete copies` +
      `${duplicated.length ? ` (${duplicated.slice(0, 12).join(', ')}${duplicated.length > 12 ? ', …' : ''})` : ''}; ${partial} cut short with a header, ${unidentified} cut short before the header`,
  );

  // 5. The keys themselves: one per create and one per two-step confirm.
  const keys = (db.prepare(`select count(*) as n from idempotency_keys`).get() as { n: number }).n;
  t.equal(
    keys,
    sales.length + sales.filter((s) => s.mode === 'two-step').length,
    'one stored response per Idempotency-Key',
  );
  t.comment(`total ${((Date.now() - began) / 1000).toFixed(1)} s`);
});
