import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { CoreContext } from '../core/context.js';
import {
  claimPrinting,
  markPrinted,
  markUnprintable,
  printersReady,
  type PrintTarget,
  type QueuedJob,
  requeueAfterFailure,
  takeJobs,
  waitingJobs,
} from '../core/printing/job-life.js';
import type { PrintPayload } from '../core/printing/payloads.js';
import { DRAWER_KICK, encodeTicket } from './escpos.js';
import type { PrinterLocks } from './locks.js';
import { layout } from './layouts/index.js';
import { DeliveryError, type PrinterTransport } from './transport.js';
import type { Locale } from '../i18n/index.js';

export interface WorkerOptions {
  transport: PrinterTransport;
  locks: PrinterLocks;
  /** First retry delay after a failed send; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often to look for due work when nothing wakes the worker (printers coming back, retries due). */
  pollMs?: number;
  log?: (message: string) => void;
  /** A send the printer took no part of (the status monitor counts it as a probe without an answer). */
  onDeliveryFailed?: (printerId: string) => void;
  /** The venue's language for the words, money and dates on the tickets (English when not given). */
  locale?: Locale;
  /** This sender's name on the jobs it takes (default: host, process and a random part, new for each worker). */
  claimant?: string;
}

/** A name no other sender has: the jobs a sender takes carry it, and only it may finish them. */
function newClaimant(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Sends queued print jobs to the printers: it turns jobs into bytes and moves them over TCP; each step of a job's
 * life (taken, printed, queued again, failed) is a call to src/core/printing/job-life.ts, which holds the SQL.
 * Per printer, jobs go strictly in order, one at a time: the next job waits until the one before it was taken. A job is marked `printing` before it is sent and `printed` after the printer
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
  readonly claimant: string;

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: WorkerOptions,
  ) {
    this.claimant = options.claimant ?? newClaimant();
  }

  async start(): Promise<void> {
    // This worker's turn: jobs caught mid-send by a crash, a stop or the sender before go out again.
    await claimPrinting(this.ctx, this.claimant);
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
    const now = this.ctx.clock.now().getTime();
    let nextDue = now + (this.options.pollMs ?? 2000);
    const printers = await printersReady(this.ctx);
    for (const printer of printers) {
      if (this.busy.has(printer.id)) continue; // it wakes the worker when it is done
      const jobs = await waitingJobs(this.ctx, printer.id, MAX_TICKETS_PER_SEND);
      const head = jobs[0];
      if (head?.status !== 'queued') continue;
      // The backoff is for a printer that keeps failing; one that changed since (back ONLINE, a new address) gets
      // its jobs at once.
      const printerChanged = printer.updated_at > head.updated_at;
      if (head.next_attempt_at > now && !printerChanged) {
        nextDue = Math.min(nextDue, head.next_attempt_at);
        continue;
      }
      if (!this.options.locks.tryAcquire(printer.id)) {
        nextDue = Math.min(nextDue, now + 200); // a status probe is talking to it: right after
        continue;
      }
      this.busy.add(printer.id);
      const run = this.send(jobs, printer)
        // The database did not answer (a failover): the jobs stay as they were and are tried again.
        .catch((error: unknown) => this.options.log?.(`print worker: ${(error as Error).message}`))
        .finally(() => {
          this.options.locks.release(printer.id);
          this.busy.delete(printer.id);
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

  /**
   * Kicks the drawer wired to `printer` now, between two of its tickets (never inside one): it waits for the
   * printer's current send or status probe, then sends the pulse alone in its own connection, confirmed like a
   * ticket. Not a job: it is not retried (see src/core/printing/drawer.ts).
   */
  async kick(printer: PrintTarget): Promise<void> {
    this.busy.add(printer.id);
    try {
      await kickDrawer(this.options, printer, this.abort.signal, () => this.stopped);
    } finally {
      this.busy.delete(printer.id);
      this.wake();
    }
  }

  /** The tickets of the printer's waiting jobs, oldest first, up to the first one that is not queued or too big. */
  private layOut(
    jobs: QueuedJob[],
    printer: PrintTarget,
  ): { ready: Array<{ job: QueuedJob; bytes: Buffer }>; broken: { job: QueuedJob; reason: string } | null } {
    const ready: Array<{ job: QueuedJob; bytes: Buffer }> = [];
    let size = 0;
    for (const job of jobs) {
      if (job.status !== 'queued' || size >= MAX_BYTES_PER_SEND) break;
      try {
        const payload = JSON.parse(job.payload) as PrintPayload;
        const openDrawer =
          payload.kind === 'receipt' &&
          !payload.reprint &&
          payload.paymentMethod === 'CASH' &&
          printer.cash_drawer === 1;
        const bytes = encodeTicket(
          layout(payload, {
            columns: printer.columns,
            timezone: this.ctx.venue.timezone,
            locale: this.options.locale ?? 'en',
            openDrawer,
          }),
          printer.columns,
        );
        ready.push({ job, bytes });
        size += bytes.length;
      } catch (error) {
        return { ready, broken: { job, reason: (error as Error).message } };
      }
    }
    return { ready, broken: null };
  }

  /**
   * Sends the printer's waiting jobs that are due, oldest first, in one connection (a printer back from paper-out
   * gets its backlog at once). Each ticket is confirmed by the printer on its own, so a send cut short marks the
   * confirmed ones printed and queues only the rest again.
   */
  private async send(jobs: QueuedJob[], printer: PrintTarget): Promise<void> {
    const ctx = this.ctx;
    const { ready, broken } = this.layOut(jobs, printer);
    if (ready.length === 0 && broken) {
      // Not the printer's fault and not going to get better by itself: an operator decides (retry).
      await markUnprintable(ctx, broken.job.id, broken.reason);
      return;
    }
    const taken = await takeJobs(ctx, ready, printer.id, this.claimant);
    if (taken.length === 0) return;
    const ids = taken.map(({ job }) => job.id);
    try {
      await this.options.transport.send(
        { host: printer.ip, port: printer.port },
        taken.map(({ bytes }) => bytes),
        this.abort.signal,
      );
      await markPrinted(ctx, ids, this.claimant);
    } catch (error) {
      const delivered = error instanceof DeliveryError ? error.delivered : 0;
      if (delivered === 0 && !this.stopped) this.options.onDeliveryFailed?.(printer.id);
      if (delivered > 0) await markPrinted(ctx, ids.slice(0, delivered), this.claimant);
      // Cut short by stop: first in line at the next start, not after a backoff.
      const attempts = (taken[delivered]?.job.attempts ?? 0) + 1;
      const delay = this.stopped
        ? 0
        : Math.min(this.options.maxRetryMs ?? 30_000, (this.options.retryMs ?? 1000) * 2 ** Math.min(attempts - 1, 10));
      await requeueAfterFailure(ctx, ids.slice(delivered), this.claimant, (error as Error).message, delay);
    }
  }
}

/**
 * Sends the drawer pulse alone in its own connection, once the printer is free of this process's sends and probes.
 * A server that is not the one sending the jobs (several instances on one database) kicks its drawers with it too:
 * the printer takes one connection at a time, so the pulse still lands between two tickets.
 */
export async function kickDrawer(
  options: Pick<WorkerOptions, 'transport' | 'locks'>,
  printer: PrintTarget,
  signal: AbortSignal,
  stopping: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + DRAWER_WAIT_MS;
  while (!options.locks.tryAcquire(printer.id)) {
    if (stopping()) throw new Error('printing is stopping');
    if (Date.now() > deadline) throw new Error(`the printer was busy for ${DRAWER_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    const bytes = Buffer.concat([Buffer.from([0x1b, 0x40]), DRAWER_KICK]);
    await options.transport.send({ host: printer.ip, port: printer.port }, [bytes], signal);
  } finally {
    options.locks.release(printer.id);
  }
}

/** How long a drawer kick waits for the printer's current send to end. */
const DRAWER_WAIT_MS = 10_000;

/** At most this many tickets, and about this many bytes, go out in one connection. */
const MAX_TICKETS_PER_SEND = 20;
const MAX_BYTES_PER_SEND = 64 * 1024;
