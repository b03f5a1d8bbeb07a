import t from 'tap';
import { write } from '../../src/core/context.js';
import {
  claimPrinting,
  findJob,
  markPrinted,
  queueJobs,
  requeueAfterFailure,
  takeJobs,
  waitingJobs,
  type NewJob,
} from '../../src/core/printing/job-life.js';
import { buildTestCore } from '../helpers/core.js';
import { seedMenu } from '../helpers/seed.js';

// Two senders of print jobs, as two servers on one database are when the one that held the printing lost its turn
// without knowing it: the one that took over owns the jobs, the one before cannot take any more, nor mark printed
// or queue again one it had taken. A job in flight at the change may print twice, never zero times.

const testPage = (printerId: string): NewJob => ({
  printerId,
  kind: 'test',
  payload: { kind: 'test', printerName: 'Kitchen', address: '127.0.0.1:9', requestedAt: 0 },
});

t.test('a deposed sender can neither take jobs nor finish the ones it took', async (t) => {
  const app = await buildTestCore(t);
  const { ctx } = app.runtime;
  const menu = await seedMenu(app);
  const printer = menu.printers.kitchen;
  const [inFlight, next] = (await write(ctx, (trx) => queueJobs(trx, ctx, [testPage(printer), testPage(printer)]))) as [
    number,
    number,
  ];
  const row = async (id: number) => {
    const job = await findJob(ctx, id);
    return { status: job?.status, claimedBy: job?.claimed_by };
  };

  await claimPrinting(ctx, 'old');
  const [first] = await waitingJobs(ctx, printer, 1);
  const taken = await takeJobs(ctx, [{ job: first! }], printer, 'old');
  t.same(
    taken.map(({ job }) => job.id),
    [inFlight],
    'the sender whose turn it is takes the job',
  );
  t.same(await row(inFlight), { status: 'printing', claimedBy: 'old' });

  await claimPrinting(ctx, 'new');
  t.same(await row(inFlight), { status: 'queued', claimedBy: null }, 'the job in flight goes out again');
  await markPrinted(ctx, [inFlight], 'old');
  t.same(await row(inFlight), { status: 'queued', claimedBy: null }, 'the old sender cannot mark it printed');
  const waiting = await waitingJobs(ctx, printer, 20);
  t.same(
    await takeJobs(
      ctx,
      waiting.map((job) => ({ job })),
      printer,
      'old',
    ),
    [],
    'the old sender takes nothing any more',
  );
  t.same(await row(next), { status: 'queued', claimedBy: null });

  const retaken = await takeJobs(
    ctx,
    waiting.map((job) => ({ job })),
    printer,
    'new',
  );
  t.same(
    retaken.map(({ job }) => job.id),
    [inFlight, next],
  );
  await requeueAfterFailure(ctx, [inFlight, next], 'old', 'connection refused', 0);
  t.same(await row(inFlight), { status: 'printing', claimedBy: 'new' }, 'the old sender cannot queue it again');
  await markPrinted(ctx, [inFlight, next], 'new');
  t.same(await row(inFlight), { status: 'printed', claimedBy: null }, 'the new sender finishes it');
  t.same(await row(next), { status: 'printed', claimedBy: null });
});
