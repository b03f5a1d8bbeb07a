import { setPrinterStatus } from '../core/catalog/printers.js';
import { type CoreContext, reader } from '../core/context.js';
import type { PrinterLocks } from './locks.js';
import type { PrinterTransport } from './transport.js';

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
    const printers = await reader(this.ctx).selectFrom('printers').select(['id', 'ip', 'port', 'status']).execute();
    await Promise.all(printers.map((printer) => this.probe(printer)));
  }

  private async probe(printer: { id: string; ip: string; port: number; status: string }): Promise<void> {
    const { locks, transport } = this.options;
    if (!locks.tryAcquire(printer.id)) return; // a job holds the connection: no probe now
    let result;
    try {
      result = await transport.probe({ host: printer.ip, port: printer.port }, this.abort.signal);
    } finally {
      locks.release(printer.id);
    }
    if (this.stopped) return;
    let status: 'ONLINE' | 'OFFLINE' | 'ERROR' | null;
    if (result.state === 'ONLINE' || result.state === 'ERROR') {
      this.misses.set(printer.id, 0);
      status = result.state;
    } else {
      const misses = (this.misses.get(printer.id) ?? 0) + 1;
      this.misses.set(printer.id, misses);
      status = misses >= (this.options.missesBeforeOffline ?? 2) ? 'OFFLINE' : null;
    }
    if (status !== null && status !== printer.status) {
      try {
        await setPrinterStatus(this.ctx, printer.id, status);
      } catch (error) {
        this.options.log?.(`status of printer ${printer.id}: ${(error as Error).message}`); // deleted meanwhile
      }
    }
  }
}
