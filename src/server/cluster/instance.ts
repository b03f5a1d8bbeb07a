import type { CoreContext } from '../../core/context.js';
import type { ServerConfig } from '../../config.js';
import type { PrinterTransport } from '../../printer/transport.js';
import type { Storage } from '../../storage/database.js';
import { startBackups } from '../backups.js';
import { startMaintenance } from '../maintenance.js';
import { type Duties, type Lease, LocalLease, PostgresLease } from './lease.js';
import { Printing } from './printing.js';
import type { SessionFactory } from './session.js';
import { WakeListener } from './wake-listener.js';

export interface InstanceOptions {
  ctx: CoreContext;
  storage: Storage;
  config: ServerConfig;
  /** The printer worker and status monitor run (printing on and not turned off by a test). */
  printers: boolean;
  transport: () => PrinterTransport;
  /** Dedicated connections to the primary, on PostgreSQL (LISTEN, the lease); null on SQLite. */
  sessions: ((name: string) => SessionFactory) | null;
  log?: (message: string) => void;
}

/** What an instance runs beside its HTTP app, and whether it holds the lease (reported by /health). */
export interface Instance {
  lease: Lease;
  /** True while changes committed by other instances wake this one at once (PostgreSQL; always true on SQLite). */
  readonly notified: boolean;
  close(): Promise<void>;
}

/**
 * Starts what runs beside the HTTP app. The duties of one instance at a time (the maintenance, the printers, the
 * backups) run under the lease: on SQLite, where one server owns the data dir, at once and for good; on PostgreSQL
 * while this instance holds it (docs/operations.md, "Several instances"). On PostgreSQL a LISTEN connection also
 * wakes the event hub and the print worker when another instance commits.
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const { ctx, storage, config } = options;
  const log = options.log ?? ((message: string) => console.error(message));
  const printing = options.printers
    ? new Printing(ctx, { transport: options.transport(), probeMs: config.printerProbeMs, locale: config.locale, log })
    : null;
  if (printing) ctx.drawer = printing.drawer;
  const duties: Duties = async () => {
    const stops: Array<() => Promise<void>> = [startMaintenance(ctx)];
    try {
      if (printing) stops.push(await printing.start());
    } catch (error) {
      await stops[0]?.();
      throw error;
    }
    if (config.backup) {
      const { dir } = config.backup;
      stops.push(
        startBackups(
          storage,
          config.backup,
          {
            done: (file) => console.log(`backup written: ${file}`),
            failed: (error) => console.error(`backup to ${dir} failed: ${(error as Error).message}`),
          },
          config.timezone,
          storage.engine === 'postgres' && config.databaseUrl ? primaryOf(config.databaseUrl) : undefined,
        ),
      );
    }
    return async () => {
      for (const stop of stops.reverse()) await stop();
    };
  };
  const wake = options.sessions
    ? new WakeListener(options.sessions('pos events'), () => ctx.committed.notify(), { log })
    : null;
  const lease = options.sessions
    ? new PostgresLease(options.sessions('pos lease'), duties, { log })
    : new LocalLease(duties);
  await wake?.start();
  await lease.start();
  return {
    lease,
    get notified() {
      return wake?.live ?? true;
    },
    async close() {
      printing?.close();
      await lease.close();
      await wake?.close();
      ctx.drawer = undefined;
    },
  };
}

/** Where the primary among the URL's hosts is now (pg is loaded only when asked). */
function primaryOf(url: string): () => Promise<string> {
  return async () => (await import('../../storage/postgres.js')).findPrimary(url);
}
