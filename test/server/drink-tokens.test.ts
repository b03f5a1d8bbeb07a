import t from 'tap';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { TcpTransport } from '../../src/printer/transport.js';
import { buildTestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';
import { waitFor } from '../helpers/wait.js';

// A category that prints one token per unit (drinks handed over at a bar): its lines reach the bar's printer as one
// small ticket per unit, each with the display code and "n of N"; the other lines of the order print as always.

// Seconds for an emulator in this process to answer: a busy machine must not make one that answered look silent.
const fast = new TcpTransport({ connectMs: 5000, sendMs: 10_000, probeMs: 5000 });

t.test('three beers give the bar three tokens over TCP; the kitchen gets its one ticket', async (t) => {
  const bar = new PrinterEmulator({ columns: 42 });
  const kitchen = new PrinterEmulator({ columns: 48 });
  const till = new PrinterEmulator({ columns: 32 });
  for (const printer of [bar, kitchen, till]) {
    await printer.start();
    t.teardown(() => printer.stop());
  }
  const app = await buildTestApp(t, {
    realTime: true,
    printerWorkers: true,
    config: { printerProbeMs: 100 },
    transport: fast,
  });
  const menu = await seedMenu(app);
  const db = app.runtime.storage.db;
  for (const [id, printer] of [
    [menu.printers.bar, bar],
    [menu.printers.kitchen, kitchen],
    [menu.printers.till, till],
  ] as const)
    await db.updateTable('printers').set({ port: printer.port }).where('id', '=', id).execute();
  const patched = await app.request({
    method: 'PATCH',
    url: `/v1/categories/${menu.categories.drinks}`,
    body: { ticketPerUnit: true },
  });
  t.equal(patched.statusCode, 200, patched.body);
  t.match(patched.json(), { ticketPerUnit: true });

  const order = await createOrder(app, {
    table: '4',
    customer: 'Neri',
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 2 },
      { foodId: menu.foods.beer, quantity: 3, notes: 'alla spina' },
    ],
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
  });
  const tokens = await waitFor('three tokens at the bar', () => (bar.tickets.length >= 3 ? bar.tickets : null), {
    detail: () => JSON.stringify(bar.tickets.map((ticket) => ticket.text)),
  });
  await waitFor('the kitchen ticket and the receipt', () => kitchen.tickets.length >= 1 && till.tickets.length >= 1);
  // Nothing more comes: every job of the order is printed (a ticket is sent before its job is marked).
  await waitFor('every job printed', async () => {
    const jobs = await db.selectFrom('print_jobs').select('status').where('order_id', '=', order.id).execute();
    return jobs.length === 5 && jobs.every((job) => job.status === 'printed');
  });
  t.equal(bar.tickets.length, 3, 'one token per beer, no ordinary ticket at the bar');
  const listed = (await app.request({ method: 'GET', url: `/v1/print-jobs?orderId=${order.id}` })).json();
  const summaries = (listed.jobs ?? listed).map((job: { summary: string }) => job.summary);
  t.match(
    summaries.filter((text: string) => text.includes('token')).sort(),
    [/· Bar · token 1 of 3 · 1x Birra$/, /token 2 of 3/, /token 3 of 3/],
    'the job list tells the tokens apart',
  );
  everyOf(
    t,
    tokens,
    (ticket) =>
      ticket.text.includes(`C O D E   ${order.displayCode.split('').join(' ')}`) &&
      /1 x Birra/.test(ticket.text) &&
      ticket.text.includes('> alla spina'),
    'every token carries the display code and one beer with its note',
  );
  t.same(
    tokens.map((ticket) => /(\d) of (\d)/.exec(ticket.text)?.slice(1)),
    [
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
    ],
    'numbered 1 of 3 to 3 of 3',
  );
  t.equal(kitchen.tickets.length, 1, 'the pizzas: one ordinary ticket');
  t.match(kitchen.tickets[0]?.text, /2 x Margherita/);
  t.notMatch(kitchen.tickets[0]?.text, /of \d/);
  t.match(till.tickets[0]?.text, /3 x Birra/, 'the receipt lists the beers on one line');

  // A cancellation tells the bar about all three beers on one ticket.
  const deleted = await app.request({ method: 'DELETE', url: `/v1/orders/${order.id}` });
  t.ok(deleted.statusCode < 300, deleted.body);
  const cancelled = await waitFor('the cancellation at the bar', () => bar.tickets[3]);
  t.match(cancelled.text, /3 x Birra/);
});
