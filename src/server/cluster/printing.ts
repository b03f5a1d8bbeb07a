import type { CoreContext } from '../../core/context.js';
import type { DrawerKicker } from '../../core/printing/drawer.js';
import type { PrintTarget } from '../../core/printing/job-life.js';
import type { Locale } from '../../i18n/index.js';
import { PrinterLocks } from '../../printer/locks.js';
import { StatusMonitor } from '../../printer/monitor.js';
import type { PrinterTransport } from '../../printer/transport.js';
import { kickDrawer, PrintWorker } from '../../printer/worker.js';

export interface PrintingOptions {
  transport: PrinterTransport;
  probeMs: number;
  locale: Locale;
  log: (message: string) => void;
}

/**
 * The built-in printing of one instance: the print worker and the status monitor run only while this instance
 * holds the lease (`start`, one of its duties; a new worker each time, with a new name on the jobs it takes), but
 * any instance kicks its own cashiers' drawers (`drawer`): through the worker when it runs here, so the pulse waits
 * for the ticket being sent, else straight to the printer.
 */
export class Printing {
  private readonly locks = new PrinterLocks();
  private worker: PrintWorker | null = null;
  private readonly idle = new AbortController();

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: PrintingOptions,
  ) {}

  readonly drawer: DrawerKicker = {
    kick: (printer: PrintTarget) =>
      this.worker
        ? this.worker.kick(printer)
        : kickDrawer({ transport: this.options.transport, locks: this.locks }, printer, this.idle.signal),
  };

  async start(): Promise<() => Promise<void>> {
    const { transport, log, locale } = this.options;
    const locks = this.locks;
    const monitor = new StatusMonitor(this.ctx, { transport, locks, intervalMs: this.options.probeMs, log });
    const worker = new PrintWorker(this.ctx, {
      transport,
      locks,
      log,
      locale,
      onDeliveryFailed: (printerId) => void monitor.deliveryFailed(printerId).catch(() => {}),
    });
    await worker.start();
    monitor.start();
    this.worker = worker;
    return async () => {
      if (this.worker === worker) this.worker = null;
      await monitor.stop();
      await worker.stop();
    };
  }

  /** Cuts a drawer kick in progress (the server is stopping). */
  close(): void {
    this.idle.abort();
  }
}
