import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isConnectionLoss } from './connection-loss.js';

/**
 * A pool that follows the primary. Its connections go to the host found at start; when one cannot be made or is
 * lost, the hosts of the URL are asked again (at most once a second) and, if another host is the primary now (a
 * standby was promoted), a new pool to it replaces the old one, which ends once its connections are given back.
 * The request that met the loss fails (503); the next ones go to the new primary.
 */
export class PrimaryPool implements PostgresPool {
  private pool: pg.Pool;
  private looking: Promise<void> | null = null;
  private lookedAt = 0;

  constructor(
    private readonly url: string,
    private primary: string,
    private readonly open: (primary: string) => pg.Pool,
    private readonly find: (url: string) => Promise<string>,
    private readonly log: (message: string) => void,
  ) {
    this.pool = open(primary);
  }

  /** The host connections go to now (a one-host URL). */
  get current(): string {
    return this.primary;
  }

  async connect(): Promise<PostgresPoolClient> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      if (isConnectionLoss(error)) this.follow();
      throw error;
    }
    // A loss while the client is checked out (between two queries of a transaction) is an 'error' event, which would
    // end the process without a listener: the query that runs next fails instead, and the pool drops the client.
    const onError = () => this.follow();
    client.on('error', onError);
    const release = client.release.bind(client);
    client.release = (destroy?: Error | boolean) => {
      client.removeListener('error', onError);
      return release(destroy);
    };
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.looking;
    await this.pool.end();
  }

  /** Looks for the primary again (one look at a time, at most one a second); moves the pool if it moved. */
  follow(): void {
    if (this.looking || Date.now() - this.lookedAt < 1000) return;
    this.lookedAt = Date.now();
    this.looking = this.find(this.url)
      .then((primary) => {
        if (primary === this.primary) return;
        const old = this.pool;
        this.pool = this.open(primary);
        this.primary = primary;
        this.log('PostgreSQL: the primary moved; new connections go to the new one');
        void old.end().catch(() => {});
      })
      .catch((error: unknown) => this.log(`PostgreSQL: looking for the primary: ${(error as Error).message}`))
      .finally(() => {
        this.looking = null;
      });
  }
}
