import { setPrinterStatus } from '../core/catalog/printers.js';
import type { CoreContext } from '../core/context.js';
import { printerStatus, type ProbeTarget, probeTargets } from '../core/printing/targets.js';
import type { PrinterLocks } from './locks.js';
import type { PrinterTransport } from './transport.js';

type StatusNow = Pick<ProbeTarget, 'status' | 'statusReason'>;

export interface MonitorOptions {
  transport: PrinterTransport;
  locks: PrinterLocks;
  intervalMs?: number;
  /** Consecutive probes without an answer before a printer is called OFFLINE (one slow answer is not enough). */
  missesBeforeOffline?: number;
  log?: (message: string) => void;
}

/**
 * Probes every printer (TCP connect + DLE EOT status) and keeps its status true: ONLINE, OFFLINE (no connection or
 * no answer, several times in a row) or ERROR (paper out, cover open). A real change emits
 * `printer-status-changed` through setPrinterStatus. A printer busy with a job is not probed.
 */
export class StatusMonitor {
  private readonly misses = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: MonitorOptions,
  ) {}

  start(): void {
    const loop = () => {
      if (this.stopped) return;
      this.running = this.probeAll()
        .catch((error: unknown) => this.options.log?.(`status monitor: ${(error as Error).message}`))
        .finally(() => {
          this.running = null;
          if (!this.stopped) {
            this.timer = setTimeout(loop, this.options.intervalMs ?? 5000);
            this.timer.unref();
          }
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  async probeAll(): Promise<void> {
    const printers = await probeTargets(this.ctx);
    await Promise.all(printers.map((printer) => this.probe(printer)));
  }

  private async probe(printer: ProbeTarget): Promise<void> {
    const { locks, transport } = this.options;
    if (!locks.tryAcquire(printer.id)) return; // a job holds the connection: no probe now
    let result;
    try {
      result = await transport.probe({ host: printer.ip, port: printer.port }, this.abort.signal);
    } finally {
      locks.release(printer.id);
    }
    if (this.stopped) return;
    if (result.state === 'ONLINE' || result.state === 'ERROR') {
      this.misses.set(printer.id, 0);
      await this.setStatus(printer.id, printer, {
        status: result.state,
        statusReason: result.state === 'ERROR' ? result.reason : null,
      });
    } else {
      await this.miss(printer.id, printer);
    }
  }

  /**
   * A job the printer took no part of (no connection, or connected and never answered): it counts as a probe
   * without an answer. A printer that accepts connections but never reads is busy with the job at every probe, so
   * without this it would look ONLINE for as long as the worker keeps trying.
   */
  async deliveryFailed(printerId: string): Promise<void> {
    if (this.stopped) return;
    const status = await printerStatus(this.ctx, printerId);
    if (status) await this.miss(printerId, status);
  }

  private async miss(printerId: string, current: StatusNow): Promise<void> {
    const misses = (this.misses.get(printerId) ?? 0) + 1;
    this.misses.set(printerId, misses);
    if (misses >= (this.options.missesBeforeOffline ?? 2))
      await this.setStatus(printerId, current, { status: 'OFFLINE', statusReason: null });
  }

  private async setStatus(printerId: string, current: StatusNow, next: StatusNow): Promise<void> {
    if (next.status === current.status && next.statusReason === current.statusReason) return;
    try {
      await setPrinterStatus(this.ctx, printerId, next.status, next.statusReason);
    } catch (error) {
      this.options.log?.(`status of printer ${printerId}: ${(error as Error).message}`); // deleted meanwhile
    }
  }
}
