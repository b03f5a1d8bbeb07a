import { sql } from 'kysely';
import { engineOf } from '../../storage/engine.js';
import type { Db } from '../../storage/database.js';
import { allColumns, prepared, rowParams } from '../../storage/prepared.js';
import type { PrinterRow, PrintJobKind, PrintJobRow, PrintJobStatus } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, InvalidError, NotFoundError } from '../errors.js';
import type { PrintPayload } from './payloads.js';

// The life of a print job, and all the SQL of the `print_jobs` table (docs/printing.md, "A job's life"):
//
//   queued       waits for its ONLINE printer, in order (queueJobs; a job without a printer is held: unroutable)
//   printing     being sent (takeJobs): the printer read it → printed (markPrinted); it did not → queued again
//                after a backoff (requeueAfterFailure); a crash or stop → queued at the next start (requeueInterrupted)
//   failed       the ticket cannot be laid out (markUnprintable): held for an operator
//   retried      an operator sends any job but one being sent again, maybe elsewhere (requeueJob) → queued
//   orphaned     its printer was deleted: waiting jobs become unroutable (orphanPrinterJobs)
//
// Jobs are queued in the transaction of the change that causes them (the outbox), so a committed order always has
// its tickets and an uncommitted one never does. The worker (src/printer/worker.ts) only calls the functions below
// and turns the jobs into bytes; it holds no SQL.

/** A job as the worker and the views read it. */
export type QueuedJob = PrintJobRow;
/** A printer as the worker sends to it. */
export type PrintTarget = PrinterRow;

export interface NewJob {
  printerId: string | null;
  kind: PrintJobKind;
  orderId?: number;
  reportId?: string;
  payload: PrintPayload;
  /** Why an unroutable job has no printer (default: items no printer takes). */
  lastError?: string;
}

const UNROUTED = 'no printer for these items: set one on the food, its category or the register';

// ---- queued (or held: unroutable) --------------------------------------------------------------------------------

/** Queues jobs in one statement, in the order given (their ids keep that order on each printer). A job without a
 * printer is held as `unroutable`, its `lastError` saying why. */
export async function queueJobs(trx: Db, ctx: CoreContext, jobs: readonly NewJob[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const now = ctx.clock.now().getTime();
  const rows = await insertPrintJobs.execute(
    trx,
    {
      rows: jobs.map((job) => ({
        printer_id: job.printerId,
        kind: job.kind,
        order_id: job.orderId ?? null,
        report_id: job.reportId ?? null,
        payload: JSON.stringify(job.payload),
        status: job.printerId === null ? ('unroutable' as const) : ('queued' as const),
        last_error: job.printerId === null ? (job.lastError ?? UNROUTED) : null,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
        printed_at: null,
      })),
    },
    jobs.length,
  );
  return rows.map((row) => row.id);
}

type NewJobRow = Omit<PrintJobRow, 'id' | 'attempts' | 'claimed_by'>;
const JOB_COLUMNS = allColumns<NewJobRow>()([
  'printer_id',
  'kind',
  'order_id',
  'report_id',
  'payload',
  'status',
  'last_error',
  'next_attempt_at',
  'created_at',
  'updated_at',
  'printed_at',
]);

const insertPrintJobs = prepared<{ rows: NewJobRow[] }, { id: number }>((db, _p, count) =>
  db
    .insertInto('print_jobs')
    .values(Array.from({ length: count }, (_, index) => rowParams<NewJobRow>('rows', index, JOB_COLUMNS)))
    .returning('id'),
);

/** An order's kitchen jobs that have a printer, oldest first (where its cancellation must go). */
export async function orderKitchenJobs(
  trx: Db,
  orderId: number,
): Promise<Array<{ printerId: string; payload: PrintPayload }>> {
  const rows = await trx
    .selectFrom('print_jobs')
    .select(['printer_id', 'payload'])
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['kitchen', 'reprint-kitchen'])
    .where('printer_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ printerId: row.printer_id as string, payload: JSON.parse(row.payload) as PrintPayload }));
}

// ---- printing (being sent) ---------------------------------------------------------------------------------------

/** Whose turn it is to send the jobs: the name of the sender that claimed it last (see claimPrinting). */
const PRINT_CLAIMANT = 'print-claimant';

/**
 * A sender starts: it becomes the one that may take jobs (`claimant`), and the jobs caught mid-send by a crash, a
 * stop or the sender before it go out again, first in line. One transaction, so from its commit on, the sender
 * before cannot take another job, nor mark printed or queue again one it had taken: a job in flight at the change
 * may print twice, never zero times.
 */
export async function claimPrinting(ctx: CoreContext, claimant: string): Promise<void> {
  await write(ctx, async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key: PRINT_CLAIMANT, value: claimant })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: claimant }))
      .execute();
    await requeueCaught(trx, ctx);
  });
}

/** Jobs caught mid-send by a crash or a stop go out again, first in line (at start). */
export async function requeueInterrupted(ctx: CoreContext): Promise<void> {
  await write(ctx, (trx) => requeueCaught(trx, ctx));
}

async function requeueCaught(trx: Db, ctx: CoreContext): Promise<void> {
  await trx
    .updateTable('print_jobs')
    .set({ status: 'queued', claimed_by: null, next_attempt_at: ctx.clock.now().getTime() })
    .where('status', '=', 'printing')
    .execute();
}

/** The printers jobs may go to now: ONLINE ones (jobs wait while their printer is OFFLINE or ERROR). */
export async function printersReady(ctx: CoreContext): Promise<PrintTarget[]> {
  return reader(ctx).selectFrom('printers').selectAll().where('status', '=', 'ONLINE').execute();
}

/**
 * A printer's waiting jobs (queued or printing), oldest first, from the partial index of waiting jobs: its condition
 * is written out literally, or SQLite cannot use it, and the index is named, or the planner may prefer the full
 * queue index, which also walks every job already printed. The one raw statement of the queue, because Kysely has
 * no `indexed by`.
 */
export async function waitingJobs(ctx: CoreContext, printerId: string, limit: number): Promise<QueuedJob[]> {
  const db = reader(ctx);
  // PostgreSQL has no `indexed by`; its planner finds the partial index by the same literal condition.
  const from = sql.raw(engineOf(db) === 'postgres' ? 'print_jobs' : 'print_jobs indexed by print_jobs_waiting');
  const { rows } = await sql<PrintJobRow>`
    select * from ${from}
    where printer_id = ${printerId} and status in ('queued', 'printing')
    order by id limit ${limit}`.execute(db);
  return rows;
}

/**
 * Marks jobs `printing` (one more attempt) before they are sent, so a crash in between sends them again. Only the
 * leading jobs that are still queued for this printer are taken: one retried elsewhere in the meantime must not be
 * printed here, nor anything after it out of order. A sender that is no longer the claimant (another took over
 * with claimPrinting) takes nothing. Returns the candidates taken, in order.
 */
export async function takeJobs<T extends { job: QueuedJob }>(
  ctx: CoreContext,
  candidates: T[],
  printerId: string,
  claimant: string,
): Promise<T[]> {
  if (candidates.length === 0) return [];
  return write(ctx, async (trx) => {
    const turn = await trx.selectFrom('settings').select('value').where('key', '=', PRINT_CLAIMANT).executeTakeFirst();
    if (turn?.value !== claimant) return [];
    const current = await trx
      .selectFrom('print_jobs')
      .select(['id', 'status', 'printer_id'])
      .where(
        'id',
        'in',
        candidates.map(({ job }) => job.id),
      )
      .execute();
    const stillQueued = new Set(
      current.filter((row) => row.status === 'queued' && row.printer_id === printerId).map((row) => row.id),
    );
    const taken: T[] = [];
    for (const candidate of candidates) {
      if (!stillQueued.has(candidate.job.id)) break;
      taken.push(candidate);
    }
    if (taken.length > 0) {
      await trx
        .updateTable('print_jobs')
        .set({
          status: 'printing',
          claimed_by: claimant,
          attempts: sql<number>`attempts + 1`,
          updated_at: ctx.clock.now().getTime(),
        })
        .where(
          'id',
          'in',
          taken.map(({ job }) => job.id),
        )
        .execute();
    }
    return taken;
  });
}

// ---- printed, or back in the queue -------------------------------------------------------------------------------

/** The printer confirmed these tickets (only the jobs `claimant` took and still holds change). */
export async function markPrinted(ctx: CoreContext, ids: readonly number[], claimant: string): Promise<void> {
  await finishSending(ctx, ids, claimant, {
    status: 'printed',
    last_error: null,
    printed_at: ctx.clock.now().getTime(),
  });
}

/** A send that did not get through: queued again, tried after `delayMs` (0: first in line). */
export async function requeueAfterFailure(
  ctx: CoreContext,
  ids: readonly number[],
  claimant: string,
  error: string,
  delayMs: number,
): Promise<void> {
  await finishSending(ctx, ids, claimant, {
    status: 'queued',
    last_error: error,
    next_attempt_at: ctx.clock.now().getTime() + delayMs,
  });
}

async function finishSending(
  ctx: CoreContext,
  ids: readonly number[],
  claimant: string,
  changes: Partial<Pick<PrintJobRow, 'status' | 'last_error' | 'printed_at' | 'next_attempt_at'>>,
): Promise<void> {
  if (ids.length === 0) return;
  await write(ctx, (trx) =>
    trx
      .updateTable('print_jobs')
      .set({ ...changes, claimed_by: null, updated_at: ctx.clock.now().getTime() })
      .where('id', 'in', [...ids])
      .where('status', '=', 'printing')
      .where('claimed_by', '=', claimant)
      .execute(),
  );
}

// ---- failed (held for an operator) -------------------------------------------------------------------------------

/** The ticket cannot be laid out: not the printer's fault and not going to get better by itself, an operator decides. */
export async function markUnprintable(ctx: CoreContext, id: number, reason: string): Promise<void> {
  await write(ctx, (trx) =>
    trx
      .updateTable('print_jobs')
      .set({
        status: 'failed',
        last_error: `cannot lay the ticket out: ${reason}`,
        updated_at: ctx.clock.now().getTime(),
      })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .execute(),
  );
}

// ---- retried by an operator --------------------------------------------------------------------------------------

/**
 * Sends a job again now: a failed or unroutable one, a printed one someone needs once more, or a queued one waiting
 * for its next attempt. With `printerId` it goes to that printer instead (the kitchen printer died for the night).
 * A job being sent right now cannot be retried (409).
 */
export async function requeueJob(ctx: CoreContext, id: number, printerId?: string): Promise<JobWithPrinter> {
  return write(ctx, async (trx) => {
    const job = await trx.selectFrom('print_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!job) throw new NotFoundError('Print job not found');
    if (job.status === 'printing') throw new ConflictError('The job is being sent right now', 'job-busy');
    const target = printerId ?? job.printer_id;
    if (!target)
      throw new InvalidError('This job has no printer: give one with printerId', [
        { path: 'body.printerId', message: 'required for an unroutable job' },
      ]);
    const printer = await trx.selectFrom('printers').select('id').where('id', '=', target).executeTakeFirst();
    if (!printer)
      throw new InvalidError(`Unknown printer ${target}`, [{ path: 'body.printerId', message: 'unknown printer' }]);
    const now = ctx.clock.now().getTime();
    await trx
      .updateTable('print_jobs')
      .set({ printer_id: target, status: 'queued', next_attempt_at: now, last_error: null, updated_at: now })
      .where('id', '=', id)
      .execute();
    // The answer is the job as this retry left it: a worker may take it the moment this commits (on PostgreSQL its
    // wake-up can come before a read that follows).
    return jobAsWritten(trx, id);
  });
}

// ---- orphaned ----------------------------------------------------------------------------------------------------

/** When a printer is deleted its waiting jobs are not lost: they become unroutable until sent elsewhere. */
export async function orphanPrinterJobs(
  trx: Db,
  ctx: CoreContext,
  printerId: string,
  printerName: string,
): Promise<void> {
  await trx
    .updateTable('print_jobs')
    .set({
      printer_id: null,
      status: 'unroutable',
      last_error: `printer "${printerName}" was deleted: retry on another printer`,
      updated_at: ctx.clock.now().getTime(),
    })
    .where('printer_id', '=', printerId)
    .where('status', 'in', ['queued', 'printing', 'failed'])
    .execute();
}

// ---- what operators look at --------------------------------------------------------------------------------------

export type JobWithPrinter = QueuedJob & { printer_name: string | null };

export interface JobQuery {
  printerId?: string | undefined;
  status?: PrintJobStatus[] | undefined;
  orderId?: number | undefined;
  limit: number;
}

function jobsWithPrinter(db: Db) {
  return db
    .selectFrom('print_jobs')
    .leftJoin('printers', 'printers.id', 'print_jobs.printer_id')
    .selectAll('print_jobs')
    .select('printers.name as printer_name');
}

/** Newest first. */
export async function findJobs(ctx: CoreContext, query: JobQuery): Promise<JobWithPrinter[]> {
  let select = jobsWithPrinter(reader(ctx));
  if (query.printerId) select = select.where('print_jobs.printer_id', '=', query.printerId);
  if (query.status && query.status.length > 0) select = select.where('print_jobs.status', 'in', query.status);
  if (query.orderId) select = select.where('print_jobs.order_id', '=', query.orderId);
  return select.orderBy('print_jobs.id', 'desc').limit(query.limit).execute();
}

export async function findJob(ctx: CoreContext, id: number): Promise<JobWithPrinter | undefined> {
  return jobsWithPrinter(reader(ctx)).where('print_jobs.id', '=', id).executeTakeFirst();
}

/** A job as the transaction that just wrote it sees it (a worker may take it the moment the write commits). */
export async function jobAsWritten(trx: Db, id: number): Promise<JobWithPrinter> {
  return jobsWithPrinter(trx).where('print_jobs.id', '=', id).executeTakeFirstOrThrow();
}
