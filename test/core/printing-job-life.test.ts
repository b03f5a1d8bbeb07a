import t from 'tap';
import { write } from '../../src/core/context.js';
import {
  claimPrinting,
  findJob,
  markPrinted,
  markUnprintable,
  orphanPrinterJobs,
  printersReady,
  queueJobs,
  requeueAfterFailure,
  requeueInterrupted,
  requeueJob,
  takeJobs,
  waitingJobs,
  type NewJob,
} from '../../src/core/printing/job-life.js';
import { printTestPage, retryPrintJob } from '../../src/core/printing/jobs.js';
import { buildTestCore, type TestCore } from '../helpers/core.js';
import { seedMenu } from '../helpers/seed.js';

// Every step of a print job's life, straight against core/printing/job-life.ts on a real database (the worker that
// drives it over TCP is test/printer/worker.test.ts).

/** The sender of these tests: it claims its turn before it takes jobs (the fence is test/core/print-job-fence.test.ts). */
const ME = 'this-sender';

const testPage = (printerId: string | null): NewJob => ({
  printerId,
  kind: 'test',
  payload: { kind: 'test', printerName: 'Kitchen', address: '127.0.0.1:9', requestedAt: 0 },
});

async function queue(app: TestCore, jobs: NewJob[]): Promise<number[]> {
  const { ctx } = app.runtime;
  return write(ctx, (trx) => queueJobs(trx, ctx, jobs));
}

/** The status code of the typed error a call throws (0: it did not throw). */
async function refusal(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 0;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode ?? -1;
  }
}

async function status(app: TestCore, id: number) {
  const job = await findJob(app.runtime.ctx, id);
  if (!job) throw new Error(`no job ${id}`);
  return { status: job.status, attempts: job.attempts, lastError: job.last_error, printerId: job.printer_id };
}

t.test('queued → printing → printed; a job without a printer is held as unroutable', async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  const menu = await seedMenu(app);
  await claimPrinting(ctx, ME);
  const [first, second, held] = (await queue(app, [
    testPage(menu.printers.kitchen),
    testPage(menu.printers.kitchen),
    testPage(null),
  ])) as [number, number, number];
  t.same(await status(app, held), {
    status: 'unroutable',
    attempts: 0,
    lastError: 'no printer for these items: set one on the food, its category or the register',
    printerId: null,
  });
  t.ok(
    (await printersReady(ctx)).some((printer) => printer.id === menu.printers.kitchen),
    'an ONLINE printer is ready',
  );
  const waiting = await waitingJobs(ctx, menu.printers.kitchen, 20);
  t.same(
    waiting.map((job) => job.id),
    [first, second],
    'oldest first, the held job not among them',
  );
  const taken = await takeJobs(
    ctx,
    waiting.map((job) => ({ job })),
    menu.printers.kitchen,
    ME,
  );
  t.same(
    taken.map(({ job }) => job.id),
    [first, second],
  );
  t.same(await status(app, first), {
    status: 'printing',
    attempts: 1,
    lastError: null,
    printerId: menu.printers.kitchen,
  });
  await markPrinted(ctx, [first], ME);
  t.equal((await status(app, first)).status, 'printed');
  t.ok((await findJob(ctx, first))?.printed_at, 'printed_at is set');
  t.same(
    (await waitingJobs(ctx, menu.printers.kitchen, 20)).map((job) => job.id),
    [second],
    'a printed job no longer waits',
  );
});

t.test('a failed send is queued again after its delay; a crash mid-send queues it at once', async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  const menu = await seedMenu(app);
  await claimPrinting(ctx, ME);
  const [id] = (await queue(app, [testPage(menu.printers.bar)])) as [number];
  const job = (await waitingJobs(ctx, menu.printers.bar, 1))[0]!;
  await takeJobs(ctx, [{ job }], menu.printers.bar, ME);
  await requeueAfterFailure(ctx, [id], ME, 'connection refused', 4000);
  const row = (await findJob(ctx, id))!;
  t.same(await status(app, id), {
    status: 'queued',
    attempts: 1,
    lastError: 'connection refused',
    printerId: menu.printers.bar,
  });
  t.equal(row.next_attempt_at, ctx.clock.now().getTime() + 4000);
  await markPrinted(ctx, [id], ME);
  t.equal((await status(app, id)).status, 'queued', 'only a job being sent can be marked printed');
  await takeJobs(ctx, [{ job: row }], menu.printers.bar, ME);
  await requeueInterrupted(ctx);
  t.same(await status(app, id), {
    status: 'queued',
    attempts: 2,
    lastError: 'connection refused',
    printerId: menu.printers.bar,
  });
});

t.test('take stops at a job retried elsewhere in the meantime (nothing is printed out of order)', async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  const menu = await seedMenu(app);
  await claimPrinting(ctx, ME);
  const ids = await queue(app, [
    testPage(menu.printers.kitchen),
    testPage(menu.printers.kitchen),
    testPage(menu.printers.kitchen),
  ]);
  const waiting = await waitingJobs(ctx, menu.printers.kitchen, 20);
  await requeueJob(ctx, ids[1]!, menu.printers.bar);
  const taken = await takeJobs(
    ctx,
    waiting.map((job) => ({ job })),
    menu.printers.kitchen,
    ME,
  );
  t.same(
    taken.map(({ job }) => job.id),
    [ids[0]],
  );
  t.equal((await status(app, ids[2]!)).status, 'queued', 'the job after it waits');
});

t.test('a ticket that cannot be laid out fails; an operator retries it, but never one being sent', async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  const menu = await seedMenu(app);
  await claimPrinting(ctx, ME);
  const [id] = (await queue(app, [testPage(menu.printers.kitchen)])) as [number];
  await markUnprintable(ctx, id, 'too wide');
  t.same(await status(app, id), {
    status: 'failed',
    attempts: 0,
    lastError: 'cannot lay the ticket out: too wide',
    printerId: menu.printers.kitchen,
  });
  await requeueJob(ctx, id);
  t.same(await status(app, id), { status: 'queued', attempts: 0, lastError: null, printerId: menu.printers.kitchen });
  const job = (await findJob(ctx, id))!;
  await takeJobs(ctx, [{ job }], menu.printers.kitchen, ME);
  t.equal(await refusal(requeueJob(ctx, id)), 409, 'not while it is being sent');
  t.equal(await refusal(requeueJob(ctx, 999_999)), 404);
  const [held] = (await queue(app, [testPage(null)])) as [number];
  t.equal(await refusal(requeueJob(ctx, held)), 400, 'an unroutable job needs a printer');
  t.equal(await refusal(requeueJob(ctx, held, 'cunknownprinter0000000000')), 400, 'an unknown printer');
  t.equal((await status(app, held)).status, 'unroutable', 'a refused retry changes nothing');
});

t.test('a retry and a test page answer with the job as they left it, though a worker takes it at once', async (t) => {
  const app = await buildTestCore(t, { printJobs: true });
  const { ctx, storage } = app.runtime;
  const menu = await seedMenu(app);
  const [held] = (await queue(app, [testPage(null)])) as [number];
  // A print worker woken by the commit, quicker than any read that follows it: it claims every queued job.
  const sqlite = storage.sqlite;
  if (!sqlite) return t.comment('SQLite only: the worker stand-in writes through the file directly');
  const unsubscribe = ctx.committed.subscribe(() => {
    sqlite.prepare("update print_jobs set status = 'printing' where status = 'queued'").run();
  });
  t.teardown(unsubscribe);
  t.equal((await retryPrintJob(ctx, held, menu.printers.bar)).status, 'queued', 'the retry queued it');
  t.equal((await printTestPage(ctx, menu.printers.bar)).status, 'queued', 'the test page is queued');
  t.equal((await status(app, held)).status, 'printing', 'and the worker has it now');
});

t.test("a deleted printer's waiting jobs are orphaned (unroutable), its printed ones kept as they were", async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  const menu = await seedMenu(app);
  await claimPrinting(ctx, ME);
  const [printed, queued] = (await queue(app, [testPage(menu.printers.till), testPage(menu.printers.till)])) as [
    number,
    number,
  ];
  const job = (await findJob(ctx, printed))!;
  await takeJobs(ctx, [{ job }], menu.printers.till, ME);
  await markPrinted(ctx, [printed], ME);
  await write(ctx, (trx) => orphanPrinterJobs(trx, ctx, menu.printers.till, 'Till'));
  t.same(await status(app, queued), {
    status: 'unroutable',
    attempts: 0,
    lastError: 'printer "Till" was deleted: retry on another printer',
    printerId: null,
  });
  t.equal((await status(app, printed)).status, 'printed');
});
