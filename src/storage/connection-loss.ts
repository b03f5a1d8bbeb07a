/**
 * Whether an error means the database cannot be reached right now, rather than that the request or the code is
 * wrong: the connection was refused, cut or timed out, the server is shutting down or starting, or the host is a
 * standby that refuses writes (a failover under way). The HTTP layer answers such a request 503 (the tills retry
 * from their outbox) and the PostgreSQL pools look for the primary again. Nothing here loads `pg`.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && LOST_MESSAGES.test(message);
}

const LOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (a fast shutdown, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or a standby being promoted)
  '25006', // read_only_sql_transaction: this host is a standby now
]);

const LOST_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|connection error|no primary among the hosts/i;
