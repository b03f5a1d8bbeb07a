import type pg from 'pg';
import { COMMIT_CHANNEL } from '../../storage/postgres-writer.js';
import { backoff, ended, pause, type SessionFactory } from './session.js';

export interface WakeListenerOptions {
  /** How often to wake anyway while the LISTEN connection is down (default 2 s). */
  pollMs?: number;
  log?: (message: string) => void;
}

/**
 * Wakes this instance's readers of the shared outboxes (the event hub, the print worker) when any instance on the
 * same PostgreSQL database commits: one LISTEN connection, woken by the `pg_notify` of each write transaction. The
 * readers then read the shared log past their last position, as they do after a commit of their own. While the
 * connection is down it wakes them every `pollMs` instead, and it reconnects with a backoff (to wherever the
 * primary is by then); once listening again it wakes them once for what the gap may have hidden.
 */
export class WakeListener {
  private readonly stopping = new AbortController();
  private client: pg.Client | null = null;
  private poll: NodeJS.Timeout | null = null;
  private loop: Promise<void> = Promise.resolve();
  private listening = false;

  constructor(
    private readonly connect: SessionFactory,
    private readonly wake: () => void,
    private readonly options: WakeListenerOptions = {},
  ) {}

  /** True while notifications arrive (false: polling). */
  get live(): boolean {
    return this.listening;
  }

  /** Starts listening; resolves after the first attempt, listening or polling until it can. */
  start(): Promise<void> {
    return new Promise((firstTried) => {
      this.loop = this.run(firstTried);
    });
  }

  async close(): Promise<void> {
    this.stopping.abort();
    this.stopPolling();
    await this.client?.end().catch(() => {});
    await this.loop;
  }

  private async run(firstTried: () => void): Promise<void> {
    const { signal } = this.stopping;
    const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    let attempt = 0;
    let down = false;
    this.startPolling();
    while (!signal.aborted) {
      const client = await this.listen().catch((error: unknown) => {
        if (!down) this.options.log?.(`event notifications: ${(error as Error).message}; polling every few seconds`);
        down = true;
        return null;
      });
      if (!client) {
        firstTried();
        await pause(backoff(attempt++), signal);
        continue;
      }
      if (signal.aborted) {
        await client.end().catch(() => {});
        break;
      }
      const gone = ended(client);
      this.client = client;
      this.listening = true;
      this.stopPolling();
      if (down) this.options.log?.('event notifications: listening again');
      down = false;
      attempt = 0;
      this.wake(); // what was committed while it was not listening
      firstTried();
      await Promise.race([gone, stopped]);
      this.listening = false;
      this.client = null;
      if (!signal.aborted) {
        this.options.log?.('event notifications: connection lost; polling every few seconds');
        down = true;
        this.startPolling();
      }
    }
    firstTried();
  }

  private async listen(): Promise<pg.Client> {
    const client = await this.connect();
    try {
      client.on('notification', () => this.wake());
      await client.query(`listen ${COMMIT_CHANNEL}`);
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  private startPolling(): void {
    if (this.poll || this.stopping.signal.aborted) return;
    this.poll = setInterval(() => this.wake(), this.options.pollMs ?? 2000);
    this.poll.unref();
  }

  private stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }
}
