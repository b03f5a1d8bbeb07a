import type pg from 'pg';
import { backoff, ended, pause, type SessionFactory } from './session.js';

/**
 * The work only one instance may do at a time: drive the printers (the print worker and the status monitor),
 * write the report snapshots, prune the logs, take the backups. `start` begins it and returns what stops it.
 */
export type Duties = () => Promise<() => Promise<void>>;

/** Who runs the duties: this instance or another one (several instances on one PostgreSQL database). */
export interface Lease {
  /** True while this instance runs the duties. */
  readonly held: boolean;
  /** Resolves after the first attempt to take the lease (taken, or left to retry in the background). */
  start(): Promise<void>;
  /** Stops the duties if held and lets the lease go. */
  close(): Promise<void>;
}

/** On SQLite one server owns the data dir: it always holds the lease. */
export class LocalLease implements Lease {
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly duties: Duties) {}

  get held(): boolean {
    return this.stop !== null;
  }

  async start(): Promise<void> {
    this.stop = await this.duties();
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}

/** The key of the session advisory lock that is the lease (any constant no other lock of pos uses). */
const LEASE_LOCK = 7_201_160_301;

export interface PostgresLeaseOptions {
  /** How often an instance without the lease tries to take it (default 3 s). */
  retryMs?: number;
  /** How often the holder checks that its session is alive (default 2 s): a dead one stops the duties. */
  checkMs?: number;
  log?: (message: string) => void;
}

/**
 * The lease on PostgreSQL: a session advisory lock held on a dedicated connection. PostgreSQL frees it when that
 * session ends: at once when the holder's process dies, within the TCP keepalives (about 11 s, see session.ts)
 * when its machine does. The others try again every `retryMs`, so one takes over within 15 s. The holder checks
 * its session every `checkMs` and stops its duties when the session is gone, since by then another may hold the
 * lease; what it was printing at that moment is fenced off in the database (claimPrinting).
 */
export class PostgresLease implements Lease {
  private readonly stopping = new AbortController();
  private holding = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly connect: SessionFactory,
    private readonly duties: Duties,
    private readonly options: PostgresLeaseOptions = {},
  ) {}

  get held(): boolean {
    return this.holding;
  }

  start(): Promise<void> {
    return new Promise((firstTried) => {
      this.loop = this.run(firstTried);
    });
  }

  async close(): Promise<void> {
    this.stopping.abort();
    await this.loop; // the duties stop before the session that holds the lock ends
  }

  private async run(firstTried: () => void): Promise<void> {
    const { signal } = this.stopping;
    let attempt = 0;
    while (!signal.aborted) {
      let client: pg.Client;
      try {
        client = await this.connect();
      } catch (error) {
        if (attempt === 0) this.options.log?.(`lease: ${(error as Error).message}; trying again`);
        firstTried();
        await pause(backoff(attempt++), signal);
        continue;
      }
      attempt = 0;
      const gone = ended(client).then(() => 'gone' as const);
      try {
        await this.hold(client, gone, firstTried);
      } catch (error) {
        if (!signal.aborted) this.options.log?.(`lease: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
      firstTried();
      if (!signal.aborted) await pause(backoff(0), signal);
    }
    firstTried();
  }

  /** Takes the lock (retrying while another holds it), runs the duties while the session lives. */
  private async hold(client: pg.Client, gone: Promise<'gone'>, firstTried: () => void): Promise<void> {
    const { signal } = this.stopping;
    const wait = (ms: number) => Promise.race([pause(ms, signal).then(() => 'waited' as const), gone]);
    for (;;) {
      if (signal.aborted) return;
      const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [LEASE_LOCK]);
      if (rows[0]?.taken) break;
      firstTried();
      if ((await wait(this.options.retryMs ?? 3000)) === 'gone') throw new Error('connection lost');
    }
    const stop = await this.duties();
    this.holding = true;
    this.options.log?.('lease: this instance drives the printers and runs the maintenance');
    firstTried();
    try {
      while (!signal.aborted) {
        if ((await wait(this.options.checkMs ?? 2000)) === 'gone') throw new Error('connection lost');
        if (signal.aborted) break;
        await client.query('select 1');
      }
    } finally {
      this.holding = false;
      await stop();
      if (!signal.aborted) this.options.log?.('lease: lost; another instance may take over');
    }
  }
}
