import type pg from 'pg';

/** Opens one dedicated connection to the primary (LISTEN, the lease): connected, its errors handled. */
export type SessionFactory = () => Promise<pg.Client>;

/**
 * The server side notices a dead peer within about 11 s (5 s idle, then 3 probes 2 s apart) instead of the
 * system's two hours: the lease of an instance whose laptop lost its power is freed in time for another to take it.
 */
const SERVER_KEEPALIVES = '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3';

/**
 * Sessions to wherever `target` finds the primary now (after a failover, the promoted standby). Each has TCP
 * keepalives on both ends, a bound on connecting, and an 'error' listener: a connection that dies while idle emits
 * 'error', which would end the process without one. The owner learns of the loss from 'end'.
 */
export function sessionFactory(target: () => Promise<pg.ClientConfig>, applicationName: string): SessionFactory {
  return async () => {
    const config = await target();
    const { default: postgres } = await import('pg'); // loaded only on PostgreSQL
    const client = new postgres.Client({
      ...config,
      application_name: applicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
      connectionTimeoutMillis: 5000,
      query_timeout: 5000, // a query that hangs on a half-dead connection counts as the connection lost
      options: [config.options, SERVER_KEEPALIVES].filter(Boolean).join(' '),
    });
    client.on('error', () => {}); // followed by 'end', which the owner listens to
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };
}

/** Sessions to the primary among the hosts of `url`, found again for each new connection (after a failover). */
export function primarySessions(url: string): (applicationName: string) => SessionFactory {
  return (applicationName) =>
    sessionFactory(async () => {
      const { findPrimary } = await import('../../storage/postgres.js');
      return { connectionString: await findPrimary(url) };
    }, applicationName);
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** 250 ms, doubling to `max`: how long to wait before the next attempt to reconnect. */
export function backoff(attempt: number, max = 5000): number {
  return Math.min(max, 250 * 2 ** Math.min(attempt, 10));
}

/** Resolves when the session ends (closed, cut, or its server gone). */
export function ended(client: pg.Client): Promise<void> {
  return new Promise((resolve) => client.once('end', () => resolve()));
}
