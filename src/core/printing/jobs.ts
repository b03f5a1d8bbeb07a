import type { PrintJob } from '../../api/print-jobs.js';
import type { PrintJobRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, InvalidError, NotFoundError } from '../errors.js';
import type { PrintPayload } from './payloads.js';
import { queueTestPage } from './queue.js';

function summary(payload: PrintPayload): string {
  switch (payload.kind) {
    case 'kitchen':
    case 'receipt': {
      const items = payload.items.map((item) => `${item.quantity}x ${item.name}`).join(', ');
      const what = payload.kind === 'kitchen' ? payload.station : 'receipt';
      return `${payload.reprint ? 'reprint · ' : ''}ticket ${payload.ticketNumber ?? '-'} ${payload.displayCode} · ${what} · ${items}`;
    }
    case 'cancellation': {
      const items = payload.items.map((item) => `${item.quantity}x ${item.name}`).join(', ');
      return `CANCELLED · ticket ${payload.ticketNumber ?? '-'} ${payload.displayCode} · ${payload.station} · ${items}`;
    }
    case 'closure':
      return `closure · ${payload.registerName} · ${payload.report.totalOrders} orders`;
    case 'test':
      return `test page · ${payload.printerName}`;
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toJob(row: PrintJobRow & { printer_name: string | null }): PrintJob {
  return {
    id: row.id,
    printerId: row.printer_id,
    printerName: row.printer_name,
    kind: row.kind,
    orderId: row.order_id,
    reportId: row.report_id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    summary: summary(JSON.parse(row.payload) as PrintPayload),
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    printedAt: iso(row.printed_at),
    nextAttemptAt: row.status === 'queued' ? iso(row.next_attempt_at) : null,
  };
}

function jobsWithPrinter(ctx: CoreContext) {
  return reader(ctx)
    .selectFrom('print_jobs')
    .leftJoin('printers', 'printers.id', 'print_jobs.printer_id')
    .selectAll('print_jobs')
    .select('printers.name as printer_name');
}

/** Newest first: what the operators look at when tickets do not come out. */
export async function listPrintJobs(
  ctx: CoreContext,
  query: { printerId?: string | undefined; status?: PrintJob['status'][] | undefined; orderId?: number | undefined; limit: number },
): Promise<PrintJob[]> {
  let select = jobsWithPrinter(ctx);
  if (query.printerId) select = select.where('print_jobs.printer_id', '=', query.printerId);
  if (query.status && query.status.length > 0) select = select.where('print_jobs.status', 'in', query.status);
  if (query.orderId) select = select.where('print_jobs.order_id', '=', query.orderId);
  const rows = await select.orderBy('print_jobs.id', 'desc').limit(query.limit).execute();
  return rows.map(toJob);
}

async function getPrintJob(ctx: CoreContext, id: number): Promise<PrintJob> {
  const row = await jobsWithPrinter(ctx).where('print_jobs.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Print job not found');
  return toJob(row);
}

/**
 * Sends a job again now: a failed or unroutable one, a printed one someone needs once more, or a queued one
 * waiting for its next attempt. With `printerId` it goes to that printer instead (the kitchen printer died for the
 * night). A job being sent right now cannot be retried (409).
 */
export async function retryPrintJob(ctx: CoreContext, id: number, printerId?: string): Promise<PrintJob> {
  await write(ctx, async (trx) => {
    const job = await trx.selectFrom('print_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!job) throw new NotFoundError('Print job not found');
    if (job.status === 'printing') throw new ConflictError('The job is being sent right now');
    const target = printerId ?? job.printer_id;
    if (!target) throw new InvalidError('This job has no printer: give one with printerId', [{ path: 'body.printerId', message: 'required for an unroutable job' }]);
    const printer = await trx.selectFrom('printers').select('id').where('id', '=', target).executeTakeFirst();
    if (!printer) throw new InvalidError(`Unknown printer ${target}`, [{ path: 'body.printerId', message: 'unknown printer' }]);
    const now = ctx.clock.now().getTime();
    await trx
      .updateTable('print_jobs')
      .set({ printer_id: target, status: 'queued', next_attempt_at: now, last_error: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  });
  return getPrintJob(ctx, id);
}

export async function printTestPage(ctx: CoreContext, printerId: string): Promise<PrintJob> {
  // With printing off nothing would ever send it: say so rather than queue a page that never comes out.
  if (!ctx.printJobs) throw new ConflictError('Printing is off (pos serve --printing off): print a test page from the print service');
  const id = await write(ctx, async (trx) => {
    const printer = await trx.selectFrom('printers').select(['id', 'name', 'ip', 'port']).where('id', '=', printerId).executeTakeFirst();
    if (!printer) throw new NotFoundError('Printer not found');
    return queueTestPage(trx, ctx, printer);
  });
  return getPrintJob(ctx, id);
}
