import { sql } from 'kysely';
import { type CoreContext, reader, write } from '../core/context.js';
import type { PrintPayload } from '../core/printing/payloads.js';
import type { PrintJobRow, PrinterRow } from '../storage/schema.js';
import { encodeTicket } from './escpos.js';
import type { PrinterLocks } from './locks.js';
import { layout } from './layouts/index.js';
import type { PrinterTransport } from './transport.js';

export interface WorkerOptions {
  transport: PrinterTransport;
  locks: PrinterLocks;
  /** First retry delay after a failed send; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often to look for due work when nothing wakes the worker (printers coming back, retries due). */
  pollMs?: number;
  log?: (message: string) => void;
}

/**
 * Sends queued print jobs to the printers. Per printer, jobs go strictly in order, one at a time: the next job waits
 * until the one before it was taken. A job is marked `printing` before it is sent and `printed` after the printer
 * read it, so a crash in between sends it again (at least once, never lost). Jobs wait while their printer is
 * OFFLINE or ERROR and go out when it is ONLINE again. Printers never wait for each other.
 */
export class PrintWorker {
  private readonly busy = new Set<string>();
  private readonly sending = new Set<Promise<void>>();
  /** Cuts the connections of jobs in flight on stop (they are sent again at the next start). */
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private ticking = false;
  private again = false;

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: WorkerOptions,
  ) {}

  async start(): Promise<void> {
    // Jobs caught mid-send by a crash or a stop go out again.
    await write(this.ctx, (trx) =>
      trx.updateTable('print_jobs').set({ status: 'queued', next_attempt_at: this.ctx.clock.now().getTime() }).where('status', '=', 'printing').execute(),
    );
    this.unsubscribe = this.ctx.committed.subscribe(() => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await Promise.allSettled([...this.sending]);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.tick()
      .catch((error: unknown) => this.options.log?.(`print worker: ${(error as Error).message}`))
      .finally(() => {
        this.ticking = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async tick(): Promise<void> {
    const db = reader(this.ctx);
    // The oldest waiting job of each printer, from the partial index of waiting jobs (named: left to itself, the
    // planner prefers the full queue index, which also walks every job already printed).
    const { rows: heads } = await sql<{ printer_id: string; id: number }>`
      select printer_id, min(id) as id from print_jobs indexed by print_jobs_waiting
      where status in ('queued', 'printing') and printer_id is not null group by printer_id`.execute(db);
    const now = this.ctx.clock.now().getTime();
    let nextDue = now + (this.options.pollMs ?? 2000);
    for (const head of heads) {
      const printerId = head.printer_id as string;
      if (this.busy.has(printerId)) continue;
      const job = await db.selectFrom('print_jobs').selectAll().where('id', '=', head.id).executeTakeFirst();
      const printer = await db.selectFrom('printers').selectAll().where('id', '=', printerId).executeTakeFirst();
      if (!job || !printer || job.status !== 'queued' || printer.status !== 'ONLINE') continue;
      // The backoff is for a printer that keeps failing; one that changed since (back ONLINE, a new address) gets
      // its jobs at once.
      const printerChanged = printer.updated_at > job.updated_at;
      if (job.next_attempt_at > now && !printerChanged) {
        nextDue = Math.min(nextDue, job.next_attempt_at);
        continue;
      }
      if (!this.options.locks.tryAcquire(printerId)) {
        nextDue = Math.min(nextDue, now + 200); // a status probe is talking to it: right after
        continue;
      }
      this.busy.add(printerId);
      const run = this.send(job, printer).finally(() => {
        this.options.locks.release(printerId);
        this.busy.delete(printerId);
        this.sending.delete(run);
        this.wake();
      });
      this.sending.add(run);
    }
    if (this.timer) clearTimeout(this.timer);
    if (!this.stopped) {
      this.timer = setTimeout(() => this.wake(), Math.max(20, nextDue - now));
      this.timer.unref();
    }
  }

  private async send(job: PrintJobRow, printer: PrinterRow): Promise<void> {
    const ctx = this.ctx;
    const taken = await write(ctx, async (trx) => {
      const result = await trx
        .updateTable('print_jobs')
        .set({ status: 'printing', attempts: job.attempts + 1, updated_at: ctx.clock.now().getTime() })
        .where('id', '=', job.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    });
    if (!taken) return;
    let bytes: Buffer;
    try {
      const payload = JSON.parse(job.payload) as PrintPayload;
      const openDrawer = payload.kind === 'receipt' && !payload.reprint && payload.paymentMethod === 'CASH' && printer.cash_drawer === 1;
      bytes = encodeTicket(layout(payload, { columns: printer.columns, timezone: ctx.venue.timezone, openDrawer }), printer.columns);
    } catch (error) {
      // Not the printer's fault and not going to get better by itself: an operator decides (retry).
      await this.finish(job.id, { status: 'failed', last_error: `cannot lay the ticket out: ${(error as Error).message}` });
      return;
    }
    try {
      await this.options.transport.send({ host: printer.ip, port: printer.port }, bytes, this.abort.signal);
      await this.finish(job.id, { status: 'printed', last_error: null, printed_at: ctx.clock.now().getTime() });
    } catch (error) {
      // Cut short by stop: first in line at the next start, not after a backoff.
      const delay = this.stopped ? 0 : Math.min(this.options.maxRetryMs ?? 30_000, (this.options.retryMs ?? 1000) * 2 ** Math.min(job.attempts, 10));
      await this.finish(job.id, { status: 'queued', last_error: (error as Error).message, next_attempt_at: ctx.clock.now().getTime() + delay });
    }
  }

  private async finish(id: number, changes: Partial<Pick<PrintJobRow, 'status' | 'last_error' | 'printed_at' | 'next_attempt_at'>>): Promise<void> {
    await write(this.ctx, (trx) =>
      trx
        .updateTable('print_jobs')
        .set({ ...changes, updated_at: this.ctx.clock.now().getTime() })
        .where('id', '=', id)
        .where('status', '=', 'printing')
        .execute(),
    );
  }
}
