import type { PrintJob } from '../../api/print-jobs.js';
import { type CoreContext, write } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { findJobs, type JobQuery, type JobWithPrinter, jobAsWritten, requeueJob } from './job-life.js';
import type { PrintPayload } from './payloads.js';
import { queueTestPage } from './queue.js';

// The print jobs as operators see them (`/v1/print-jobs`): the views and the operator's actions. The life of a job
// and its SQL are job-life.ts.

function summary(payload: PrintPayload): string {
  switch (payload.kind) {
    case 'kitchen':
    case 'receipt': {
      const items = payload.items.map((item) => `${item.quantity}x ${item.name}`).join(', ');
      const token = payload.kind === 'kitchen' && payload.token;
      const what =
        payload.kind === 'kitchen'
          ? `${payload.station}${token ? ` · token ${token.index} of ${token.count}` : ''}`
          : 'receipt';
      return `${payload.reprint ? 'reprint · ' : ''}ticket ${payload.ticketNumber ?? '-'} ${payload.displayCode} · ${what} · ${items}`;
    }
    case 'cancellation': {
      const items = payload.items.map((item) => `${item.quantity}x ${item.name}`).join(', ');
      return `CANCELLED · ticket ${payload.ticketNumber ?? '-'} ${payload.displayCode} · ${payload.station} · ${items}`;
    }
    case 'closure':
      return `closure · ${payload.registerName} · ${payload.report.totalOrders} orders`;
    case 'handover':
      return `cash handover · ${payload.registerName} · ${payload.cashierName}`;
    case 'test':
      return `test page · ${payload.printerName}`;
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toJob(row: JobWithPrinter): PrintJob {
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

/** Newest first: what the operators look at when tickets do not come out. */
export async function listPrintJobs(ctx: CoreContext, query: JobQuery): Promise<PrintJob[]> {
  return (await findJobs(ctx, query)).map(toJob);
}

/** Sends a job again now, maybe on another printer (see requeueJob); 409 while it is being sent. */
export async function retryPrintJob(ctx: CoreContext, id: number, printerId?: string): Promise<PrintJob> {
  return toJob(await requeueJob(ctx, id, printerId));
}

export async function printTestPage(ctx: CoreContext, printerId: string): Promise<PrintJob> {
  // With printing off nothing would ever send it: say so rather than queue a page that never comes out.
  if (!ctx.printJobs)
    throw new ConflictError(
      'Printing is off (pos serve --printing off): print a test page from the print service',
      'printing-off',
    );
  const job = await write(ctx, async (trx) => {
    const printer = await trx
      .selectFrom('printers')
      .select(['id', 'name', 'ip', 'port'])
      .where('id', '=', printerId)
      .executeTakeFirst();
    if (!printer) throw new NotFoundError('Printer not found');
    return jobAsWritten(trx, await queueTestPage(trx, ctx, printer));
  });
  return toJob(job);
}
