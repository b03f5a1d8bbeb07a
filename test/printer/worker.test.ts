import t from 'tap';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { TcpTransport } from '../../src/printer/transport.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId } from '../helpers/orders.js';
import { seedMenu, type SeededMenu } from '../helpers/seed.js';
import { everyOf } from '../helpers/assert.js';
import { waitFor } from '../helpers/wait.js';

// The printing path for real: orders confirmed through the API, the worker and the monitor running, emulated
// printers listening on 127.0.0.1.

// Bounds a few times what the emulators in this process need, not a tenth of a second more: a busy machine can hold
// the process for longer than that, and a timer that is due runs before an answer waiting on the socket is read, so
// a printer that answered would count as one that did not (an extra OFFLINE, a job sent twice).
const fast = new TcpTransport({ connectMs: 2000, sendMs: 5000, probeMs: 2000 });

async function setup(t: Parameters<typeof buildTestApp>[0]) {
  const emulators = {
    kitchen: new PrinterEmulator(),
    bar: new PrinterEmulator(),
    till: new PrinterEmulator({ columns: 32 }),
  };
  for (const emulator of Object.values(emulators)) {
    await emulator.start();
    t.teardown(() => emulator.stop());
  }
  const app = await buildTestApp(t, {
    realTime: true,
    printerWorkers: false,
    config: { printerProbeMs: 100 },
    transport: fast,
  });
  const menu = await seedMenu(app);
  for (const [name, emulator] of Object.entries(emulators)) {
    await app.runtime.storage.db
      .updateTable('printers')
      .set({ port: emulator.port })
      .where('id', '=', menu.printers[name as keyof SeededMenu['printers']])
      .execute();
  }
  return { app, menu, emulators };
}

/** Starts the worker and monitor the way `pos serve` does (after the test has arranged its printers). */
async function startPrinting(t: Parameters<typeof buildTestApp>[0], app: TestApp, { probeEveryMs = 100 } = {}) {
  const { PrintWorker } = await import('../../src/printer/worker.js');
  const { StatusMonitor } = await import('../../src/printer/monitor.js');
  const { PrinterLocks } = await import('../../src/printer/locks.js');
  const locks = new PrinterLocks();
  const monitor = new StatusMonitor(app.runtime.ctx, {
    transport: fast,
    locks,
    intervalMs: probeEveryMs,
    missesBeforeOffline: 2,
  });
  const worker = new PrintWorker(app.runtime.ctx, {
    transport: fast,
    locks,
    retryMs: 50,
    maxRetryMs: 200,
    pollMs: 100,
    onDeliveryFailed: (printerId) => void monitor.deliveryFailed(printerId),
  });
  await worker.start();
  monitor.start();
  t.teardown(async () => {
    await monitor.stop();
    await worker.stop();
  });
  return { worker, monitor };
}

type Job = { kind: string; status: string; attempts: number; summary: string };

/**
 * The print jobs of a query (a printer, an order) once every one is printed: the positive marker before a test says
 * "only once" or "nothing else" (a ticket sent twice reaches the printer before its job is marked printed).
 * With `count`, waits for that many.
 */
async function settledJobs(app: TestApp, query: string, count?: number): Promise<Job[]> {
  let last: Job[] = [];
  return waitFor(
    `the print jobs (${query}) all printed`,
    async () => {
      last = (await app.request({ method: 'GET', url: `/v1/print-jobs?${query}`, as: 'operator' })).json() as Job[];
      return last.length > 0 &&
        (count === undefined || last.length === count) &&
        last.every((job) => job.status === 'printed')
        ? last
        : null;
    },
    { intervalMs: 25, detail: () => `jobs: ${JSON.stringify(last.map((job) => [job.kind, job.status]))}` },
  );
}

/** The kitchen printer unplugged, printing started, then `count` pizzas sold: their ticket numbers, in order. */
async function sellWhileKitchenOffline(
  t: Parameters<typeof buildTestApp>[0],
  app: TestApp,
  menu: SeededMenu,
  kitchen: PrinterEmulator,
  count: number,
) {
  await kitchen.setOffline(true);
  await startPrinting(t, app);
  await waitFor(
    'kitchen OFFLINE',
    async () =>
      (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.kitchen}` })).json().status === 'OFFLINE',
    { intervalMs: 25 },
  );
  const tickets: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await createOrder(app, {
      table: String(i),
      customer: 'x',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      confirm: { paymentMethod: 'CARD' },
    });
    tickets.push(created.ticketNumber as number);
  }
  return tickets;
}

const order = (menu: SeededMenu, extra: Record<string, unknown> = {}) => ({
  table: '7',
  customer: 'Bianchi',
  orderItems: [
    { foodId: menu.foods.margherita, quantity: 2, notes: 'più cotta' },
    { foodId: menu.foods.beer, quantity: 1 },
  ],
  confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
  ...extra,
});

t.test(
  'a confirmed order: one ticket per station with only its items, the receipt on the register printer',
  async (t) => {
    const { app, menu, emulators } = await setup(t);
    await startPrinting(t, app);
    const created = await createOrder(app, order(menu));
    const [kitchen] = await emulators.kitchen.waitForTickets(1);
    const [bar] = await emulators.bar.waitForTickets(1);
    const [receipt] = await emulators.till.waitForTickets(1);
    t.match(kitchen!.text, /T I C K E T   1\n/);
    t.match(kitchen!.text, new RegExp([...created.displayCode].join(' ')));
    t.match(kitchen!.text, /2 x Margherita\n\s+> più cotta/);
    t.notMatch(kitchen!.text, /Birra/, 'the kitchen gets only its items');
    t.notMatch(kitchen!.text, /7\.50/, 'no prices in the kitchen');
    t.match(bar!.text, /1 x Birra/);
    t.notMatch(bar!.text, /Margherita/);
    t.match(receipt!.text, /^\[drawer\]/, 'cash on a printer with a drawer: the drawer opens');
    t.match(receipt!.text, /TOTAL\s+€ 19\.00/);
    t.match(receipt!.text, /\[QR [2-9A-Z]{3}\]/);
    const jobs = await settledJobs(app, `orderId=${created.id}`);
    t.same(jobs.map((j) => `${j.kind}:${j.status}`).sort(), ['kitchen:printed', 'kitchen:printed', 'receipt:printed']);

    // A reprint of one item and the receipt; a card payment never opens the drawer.
    const detail = (await app.request({ method: 'GET', url: `/v1/orders/${created.id}` })).json();
    const beer = detail.categorizedItems.find((g: { category: { name: string } }) => g.category.name === 'Bevande')
      .items[0].id;
    await app.request({
      method: 'POST',
      url: `/v1/orders/${created.id}/reprint`,
      body: { orderItems: [{ id: beer }], reprintReceipt: true },
    });
    const [, barAgain] = await emulators.bar.waitForTickets(2);
    t.match(barAgain!.text, /REPRINT/);
    const [, receiptAgain] = await emulators.till.waitForTickets(2);
    t.notMatch(receiptAgain!.text, /\[drawer\]/, 'a reprinted receipt does not open the drawer');
    // Both reprints printed and nothing else left to send: only now can "no kitchen reprint" be told.
    const all = await settledJobs(app, `orderId=${created.id}`);
    t.equal(all.length, 5, 'three tickets and two reprints');
    t.equal(emulators.kitchen.tickets.length, 1, 'the kitchen got no reprint');
  },
);

t.test('an offline printer holds 20 tickets and prints them once each, in order, when it is back', async (t) => {
  const { app, menu, emulators } = await setup(t);
  const tickets = await sellWhileKitchenOffline(t, app, menu, emulators.kitchen, 20);
  const held = (
    await app.request({ method: 'GET', url: `/v1/print-jobs?printerId=${menu.printers.kitchen}&status=queued` })
  ).json();
  t.equal(held.length, 20, 'all 20 wait');
  const mark = await lastEventId(app);
  await emulators.kitchen.setOffline(false);
  const printed = await emulators.kitchen.waitForTickets(20, 20_000);
  const numbers = printed.map((ticket) =>
    Number(/T I C K E T {3}((?:\d ?)+)/.exec(ticket.text)![1]!.replace(/ /g, '')),
  );
  t.same(numbers, tickets, 'in order');
  // Every job marked printed: a ticket sent twice would have reached the printer before its job was marked.
  await settledJobs(app, `printerId=${menu.printers.kitchen}`, 20);
  t.equal(emulators.kitchen.tickets.length, 20, 'each once');
  t.match(
    (await eventsSince(app, mark)).filter((e) => e.name === 'printer-status-changed').map((e) => e.payload),
    [{ printerId: menu.printers.kitchen, status: 'ONLINE' }],
  );
});

t.test('paper out: ERROR with its event and its reason, tickets wait, then ONLINE and they print', async (t) => {
  const { app, menu, emulators } = await setup(t);
  await startPrinting(t, app);
  const mark = await lastEventId(app);
  emulators.bar.setPaperOut(true);
  await waitFor(
    'bar ERROR',
    async () =>
      (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.bar}` })).json().status === 'ERROR',
    { intervalMs: 25 },
  );
  t.match(
    (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.bar}` })).json(),
    { status: 'ERROR', statusReason: 'PAPER_OUT' },
    'why, for the tills',
  );
  const created = await createOrder(app, order(menu));
  await emulators.kitchen.waitForTickets(1);
  // The worker has had its go at this order (the kitchen job is done, and the worker looks again after each send)
  // and the monitor has probed the bar since: a send to the bar would show as an attempt, or as a job sent.
  const [kitchenDone] = await settledJobs(app, `orderId=${created.id}&printerId=${menu.printers.kitchen}`, 1);
  t.ok(kitchenDone);
  const probes = emulators.bar.statusQueries;
  await waitFor('another status probe of the bar', () => emulators.bar.statusQueries > probes, { intervalMs: 25 });
  const barJobs = (
    await app.request({
      method: 'GET',
      url: `/v1/print-jobs?orderId=${created.id}&printerId=${menu.printers.bar}`,
      as: 'operator',
    })
  ).json() as Job[];
  t.same(
    barJobs.map((job) => [job.status, job.attempts]),
    [['queued', 0]],
    'the bar ticket waits, never tried',
  );
  t.equal(emulators.bar.tickets.length, 0, 'nothing is sent to a printer without paper');
  // The volunteer opens the cover to put paper in: still ERROR, for another reason, and the tills hear of it.
  emulators.bar.setCoverOpen(true);
  emulators.bar.setPaperOut(false);
  await waitFor(
    'bar cover open',
    async () =>
      (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.bar}` })).json().statusReason ===
      'COVER_OPEN',
    { intervalMs: 25 },
  );
  emulators.bar.setCoverOpen(false);
  await emulators.bar.waitForTickets(1);
  const statuses = (await eventsSince(app, mark))
    .filter((e) => e.name === 'printer-status-changed')
    .map((e) => e.payload);
  t.same(statuses, [
    { printerId: menu.printers.bar, status: 'ERROR', statusReason: 'PAPER_OUT' },
    { printerId: menu.printers.bar, status: 'ERROR', statusReason: 'COVER_OPEN' },
    { printerId: menu.printers.bar, status: 'ONLINE', statusReason: null },
  ]);
  t.match((await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.bar}` })).json(), {
    status: 'ONLINE',
    statusReason: null,
  });
});

t.test('a printer that accepts connections but never reads does not hold up the others', async (t) => {
  const { app, menu, emulators } = await setup(t);
  emulators.bar.setStalled(true);
  // Probes a minute apart: only the first, at start, comes before the end of the test.
  const { monitor } = await startPrinting(t, app, { probeEveryMs: 60_000 });
  await createOrder(app, order(menu));
  await createOrder(app, order(menu));
  await emulators.kitchen.waitForTickets(2);
  await emulators.till.waitForTickets(2);
  t.equal(emulators.bar.tickets.length, 0);
  const barJobs = (await app.request({ method: 'GET', url: `/v1/print-jobs?printerId=${menu.printers.bar}` })).json();
  everyOf(
    t,
    barJobs as Job[],
    (job) => job.status !== 'printed',
    'the stalled printer’s jobs are not taken for printed',
  );
  // Busy with a job at every probe, it is still found out: the failed sends count as probes without an answer.
  const barStatus = async () =>
    (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.bar}` })).json().status;
  await waitFor('bar OFFLINE', async () => (await barStatus()) === 'OFFLINE', { timeoutMs: 60_000, intervalMs: 25 });
  emulators.bar.setStalled(false);
  // The next probe finds it answering again. A probe never cuts into a job: while the worker still holds the
  // connection of a send begun during the stall, a probe is skipped, so the test probes until one has run.
  await waitFor(
    'bar ONLINE again',
    async () => {
      await monitor.probeAll();
      return (await barStatus()) === 'ONLINE';
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  await emulators.bar.waitForTickets(2, 20_000);
});

t.test('a printer that resets mid-batch: the tickets it confirmed are printed, only the rest go again', async (t) => {
  const { app, menu, emulators } = await setup(t);
  const tickets = await sellWhileKitchenOffline(t, app, menu, emulators.kitchen, 3);
  // Back on line, it gets the three waiting tickets in one connection, and resets after confirming two of them.
  emulators.kitchen.resetNextDeliveryAfter(2);
  await emulators.kitchen.setOffline(false);
  const printed = await emulators.kitchen.waitForTickets(3, 20_000);
  t.same(
    printed.map((ticket) => Number(/T I C K E T {3}((?:\d ?)+)/.exec(ticket.text)![1]!.replace(/ /g, ''))),
    tickets,
    'each ticket once, in order',
  );
  await settledJobs(app, `printerId=${menu.printers.kitchen}`, 3);
  t.equal(emulators.kitchen.tickets.length, 3, 'no ticket printed twice');
  const jobs = await app.runtime.storage.db
    .selectFrom('print_jobs')
    .select(['status', 'attempts', 'last_error'])
    .where('printer_id', '=', menu.printers.kitchen)
    .orderBy('id')
    .execute();
  t.same(
    jobs.map((job) => [job.status, job.attempts]),
    [
      ['printed', 1],
      ['printed', 1],
      ['printed', 2],
    ],
    'the unconfirmed ticket alone was sent again',
  );
});

t.test('a job caught mid-send by a crash is sent again at start-up', async (t) => {
  const { app, menu, emulators } = await setup(t);
  const created = await createOrder(
    app,
    order(menu, { orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }], confirm: { paymentMethod: 'CARD' } }),
  );
  await app.runtime.storage.db.updateTable('print_jobs').set({ status: 'printing' }).execute(); // as a crash would leave it
  await startPrinting(t, app);
  await emulators.kitchen.waitForTickets(1);
  await settledJobs(app, `orderId=${created.id}&printerId=${menu.printers.kitchen}`, 1);
  t.equal(emulators.till.tickets.length, 0, 'no register, no receipt');
});

t.test('unroutable items are kept and shown; a deleted printer’s jobs too; retry sends them elsewhere', async (t) => {
  const { app, menu, emulators } = await setup(t);
  const db = app.runtime.storage.db;
  await db.updateTable('categories').set({ printer_id: null }).where('id', '=', menu.categories.drinks).execute();
  await db.updateTable('cash_registers').set({ default_printer_id: null }).execute();
  const created = await createOrder(app, order(menu));
  const jobs = (await app.request({ method: 'GET', url: `/v1/print-jobs?orderId=${created.id}` })).json();
  const unroutable = jobs.filter((job: { status: string }) => job.status === 'unroutable');
  t.equal(unroutable.length, 2, 'the beer and the receipt have no printer');
  t.match(unroutable.map((j: { summary: string }) => j.summary).join(' | '), /Birra/);
  t.equal(
    (await app.request({ method: 'POST', url: `/v1/print-jobs/${unroutable[0].id}/retry`, body: {} })).statusCode,
    400,
    'choose a printer',
  );
  await startPrinting(t, app);
  for (const job of unroutable) {
    const retried = await app.request({
      method: 'POST',
      url: `/v1/print-jobs/${job.id}/retry`,
      as: 'operator',
      body: { printerId: menu.printers.bar },
    });
    t.equal(retried.json().status, 'queued');
  }
  await emulators.bar.waitForTickets(2);

  await emulators.kitchen.setOffline(true);
  await waitFor(
    'kitchen OFFLINE',
    async () =>
      (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.kitchen}` })).json().status === 'OFFLINE',
    { intervalMs: 25 },
  );
  const second = await createOrder(app, order(menu));
  await app.request({ method: 'DELETE', url: `/v1/printers/${menu.printers.kitchen}` });
  const orphaned = (
    await app.request({ method: 'GET', url: `/v1/print-jobs?orderId=${second.id}&status=unroutable` })
  ).json();
  t.ok(
    orphaned.some(
      (job: { kind: string; lastError: string }) =>
        job.kind === 'kitchen' && /printer "Kitchen" was deleted/.test(job.lastError),
    ),
    'the deleted printer’s ticket waits as unroutable',
  );
});

t.test('test page, and the --printing off world: nothing queued', async (t) => {
  const { app, menu, emulators } = await setup(t);
  await startPrinting(t, app);
  const job = await app.request({ method: 'POST', url: `/v1/printers/${menu.printers.till}/test` });
  t.equal(job.statusCode, 201);
  const [page] = await emulators.till.waitForTickets(1);
  t.match(page!.text, /T E S T   P A G E/);
  t.match(page!.text, /àèéìòù ÀÈÉÌÒÙ €/);
  t.equal((await app.request({ method: 'POST', url: '/v1/printers/c000000000000000000000000/test' })).statusCode, 404);

  const off = await buildTestApp(t, { config: { printing: 'off' } });
  const offMenu = await seedMenu(off);
  await createOrder(off, order(offMenu));
  t.same(
    (await off.request({ method: 'GET', url: '/v1/print-jobs' })).json(),
    [],
    'an external service prints from the printer channel',
  );
});

t.test(
  'a printer back ONLINE gets its waiting jobs at once, not after the backoff; stop does not wait for a stalled printer',
  async (t) => {
    const { app, menu, emulators } = await setup(t);
    const { PrintWorker } = await import('../../src/printer/worker.js');
    const { StatusMonitor } = await import('../../src/printer/monitor.js');
    const { PrinterLocks } = await import('../../src/printer/locks.js');
    await emulators.kitchen.setOffline(true);
    const locks = new PrinterLocks();
    const slow = new TcpTransport({ connectMs: 500, sendMs: 60_000, probeMs: 300 });
    const worker = new PrintWorker(app.runtime.ctx, {
      transport: slow,
      locks,
      retryMs: 60_000,
      maxRetryMs: 60_000,
      pollMs: 100,
    });
    await worker.start();
    t.teardown(() => worker.stop());
    await createOrder(
      app,
      order(menu, { orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }], confirm: { paymentMethod: 'CARD' } }),
    );
    const kitchenJob = async () =>
      (await app.request({ method: 'GET', url: `/v1/print-jobs?printerId=${menu.printers.kitchen}` })).json()[0];
    await waitFor(
      'a failed first attempt',
      async () => (await kitchenJob())?.attempts === 1 && (await kitchenJob()).status === 'queued',
      { intervalMs: 25 },
    );
    t.ok(Date.parse((await kitchenJob()).nextAttemptAt) - Date.now() > 30_000, 'next attempt a minute away');

    const monitor = new StatusMonitor(app.runtime.ctx, {
      transport: fast,
      locks,
      intervalMs: 100,
      missesBeforeOffline: 2,
    });
    monitor.start();
    t.teardown(() => monitor.stop());
    await waitFor(
      'kitchen OFFLINE',
      async () =>
        (await app.request({ method: 'GET', url: `/v1/printers/${menu.printers.kitchen}` })).json().status ===
        'OFFLINE',
      { intervalMs: 25 },
    );
    await emulators.kitchen.setOffline(false);
    await emulators.kitchen.waitForTickets(1, 20_000);

    // A stalled printer holds a send for up to a minute; stopping the worker cuts it, and the job is sent again later.
    // The monitor stops first: a stalled printer answers no probe either, and once it is marked OFFLINE (two misses,
    // under a second) its job waits in the queue instead of going out, which a slow run let happen first.
    await monitor.stop();
    emulators.bar.setStalled(true);
    await createOrder(
      app,
      order(menu, { orderItems: [{ foodId: menu.foods.beer, quantity: 1 }], confirm: { paymentMethod: 'CARD' } }),
    );
    const barJob = async () =>
      (await app.request({ method: 'GET', url: `/v1/print-jobs?printerId=${menu.printers.bar}` })).json()[0];
    await waitFor('the bar job in flight', async () => (await barJob())?.status === 'printing', { intervalMs: 25 });
    const stopping = Date.now();
    await worker.stop();
    t.ok(Date.now() - stopping < 20_000, 'stopped at once, not at the minute of the send timeout');
    const cut = await barJob();
    t.match(cut, { status: 'queued', lastError: 'stopped' }, 'back in the queue');
    t.ok(Date.parse(cut.nextAttemptAt) <= Date.now(), 'first in line at the next start');
  },
);

t.test(
  'a cancelled order: each station that got it prints CANCELLED with its items; the till prints nothing',
  async (t) => {
    const { app, menu, emulators } = await setup(t);
    await startPrinting(t, app);
    const created = await createOrder(app, order(menu));
    await emulators.kitchen.waitForTickets(1);
    await emulators.bar.waitForTickets(1);
    await emulators.till.waitForTickets(1);
    const deleted = await app.request({ method: 'DELETE', url: `/v1/orders/${created.id}`, as: 'operator' });
    t.equal(deleted.statusCode, 204);
    const [, kitchen] = await emulators.kitchen.waitForTickets(2);
    const [, bar] = await emulators.bar.waitForTickets(2);
    for (const ticket of [kitchen!, bar!]) {
      t.match(ticket.text, /^ *C A N C E L L E D\n/, 'CANCELLED first');
      t.match(ticket.text, new RegExp(`T I C K E T   ${created.ticketNumber}\\n`));
      t.match(ticket.text, new RegExp(`C O D E   ${[...created.displayCode].join(' ')}`));
      t.match(ticket.text, /Table: 7\nCustomer: Bianchi/);
    }
    t.match(kitchen!.text, /2 x Margherita/);
    t.notMatch(kitchen!.text, /Birra/, 'each station its own items');
    t.match(bar!.text, /1 x Birra/);

    // The receipt alone, again: only the till prints.
    const other = await createOrder(app, order(menu));
    // A printer prints in order: a cancellation ticket for the till would come before this order's receipt.
    const [, second] = await emulators.till.waitForTickets(2);
    t.match(second!.text, /TOTAL\s+€ 19\.00/, 'the next ticket at the till is the receipt of the next order');
    t.notMatch(second!.text, /C A N C E L L E D/, 'the cancellation printed nothing at the till');
    t.equal(emulators.till.tickets.length, 2, 'the cancellation printed nothing at the till');
    const reprint = await app.request({
      method: 'POST',
      url: `/v1/orders/${other.id}/reprint-receipt`,
      as: 'operator',
      body: {},
    });
    t.equal(reprint.statusCode, 200);
    const [, , receipt] = await emulators.till.waitForTickets(3);
    t.match(receipt!.text, /REPRINT/);
    t.match(receipt!.text, /TOTAL\s+€ 19\.00/);
    t.notMatch(receipt!.text, /\[drawer\]/, 'a reprinted receipt does not open the drawer');
    const jobs = await settledJobs(app, `orderId=${other.id}`);
    t.same(
      jobs.map((job) => job.kind).sort(),
      ['kitchen', 'kitchen', 'receipt', 'reprint-receipt'],
      'no kitchen ticket for a receipt-only reprint',
    );
  },
);
