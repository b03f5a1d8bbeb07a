import t from 'tap';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { TcpTransport } from '../../src/printer/transport.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { eventsSince, lastEventId } from '../helpers/orders.js';
import { seedMenu, snapshotTables } from '../helpers/seed.js';
import { waitFor } from '../helpers/wait.js';

// Seconds for an emulator in this process to answer: a busy machine must not make one that answered look silent.
const fast = new TcpTransport({ connectMs: 5000, sendMs: 10_000, probeMs: 5000 });
const TABLES = ['events', 'audit_log', 'print_jobs'];
const openDrawer = (app: TestApp, registerId: string, as: Parameters<TestApp['request']>[0]['as'] = 'operator') =>
  app.request({ method: 'POST', url: `/v1/cash-registers/${registerId}/open-drawer`, as });
const printJobs = (app: TestApp) => app.runtime.storage.db.selectFrom('print_jobs').selectAll().execute();

t.test('open-drawer: staff or a printer key; the open-drawer event on the printer channel, audited', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const mark = await lastEventId(app);
  const opened = await openDrawer(app, menu.register);
  t.equal(opened.statusCode, 200, opened.body);
  t.same(opened.json(), { printerId: menu.printers.till }, "the register's printer, which has the drawer");
  const events = await eventsSince(app, mark);
  t.same(
    events.map((e) => [e.channel, e.name, e.payload]),
    [['printer', 'open-drawer', { printerId: menu.printers.till, cashRegisterId: menu.register }]],
  );
  const audit = await app.runtime.storage.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'open-drawer')
    .execute();
  const opener = { actor: 'token:test-operator', entity: 'cash_register', entity_id: menu.register };
  t.match(audit, [opener], 'who opened it');
  const withKey = async (scope: 'printer' | 'display') =>
    (await openDrawer(app, menu.register, { key: await app.apiKey(scope) })).statusCode;
  t.equal(await withKey('printer'), 200, 'a print service');
  t.equal(await withKey('display'), 403, 'not a display');
  t.equal((await openDrawer(app, menu.register, 'none')).statusCode, 401);
  t.equal((await printJobs(app)).length, 0, 'a kick is not a print job: nothing comes out later');
});

t.test('open-drawer refuses, and changes nothing, without a register, a printer or a drawer', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const db = app.runtime.storage.db;
  await db
    .updateTable('cash_registers')
    .set({ default_printer_id: menu.printers.kitchen })
    .where('id', '=', menu.disabledRegister)
    .execute();
  const before = await snapshotTables(app, TABLES);
  t.equal((await openDrawer(app, 'c000000000000000000000000')).statusCode, 404, 'unknown register');
  t.equal((await openDrawer(app, 'not-an-id')).statusCode, 400, 'malformed id');
  const noDrawer = await openDrawer(app, menu.disabledRegister);
  t.equal(noDrawer.statusCode, 409);
  t.match(noDrawer.json().message, /Printer "Kitchen" of cash register "Cassa 2" has no cash drawer.*--drawer/);
  await db.updateTable('cash_registers').set({ default_printer_id: null }).where('id', '=', menu.register).execute();
  const noPrinter = await openDrawer(app, menu.register);
  t.equal(noPrinter.statusCode, 409);
  t.match(noPrinter.json().message, /Cash register "Cassa 1" has no printer/);
  t.same(await snapshotTables(app, TABLES), before);
});

t.test('with the built-in printing, the drawer gets its pulse from the register printer at once', async (t) => {
  const till = new PrinterEmulator({ columns: 32 });
  await till.start();
  t.teardown(() => till.stop());
  const options = { realTime: true, printerWorkers: true, config: { printerProbeMs: 100 }, transport: fast };
  const app = await buildTestApp(t, options);
  const menu = await seedMenu(app);
  const db = app.runtime.storage.db;
  await db.updateTable('printers').set({ port: till.port }).where('id', '=', menu.printers.till).execute();
  const opened = await openDrawer(app, menu.register);
  t.equal(opened.statusCode, 200, opened.body);
  const ticket = await waitFor('the kick at the till printer', () => till.tickets[0], {
    detail: () => JSON.stringify(till.tickets),
  });
  // The emulator ends what a connection brought with a cut of its own: the pulse came alone, with no paper.
  t.same(ticket.ops, [{ op: 'drawer' }, { op: 'cut' }], 'the pulse alone');

  await till.setOffline(true);
  const offline = await openDrawer(app, menu.register);
  t.equal(offline.statusCode, 503, 'the cashier is told the drawer did not open');
  t.match(offline.json().message, /The drawer did not open: printer "Till" could not be reached/);
  await till.setOffline(false);
  t.equal((await openDrawer(app, menu.register)).statusCode, 200);
  await waitFor('the next kick', () => till.tickets[1]);
  t.equal(till.tickets.length, 2, 'the kick that failed did not come out once the printer was back');
  t.equal((await printJobs(app)).length, 0, 'nothing was queued to retry');
});
