import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Storage, WrongEngineError } from './database.js';
import { PostgresWriter } from './postgres-writer.js';
import { PrimaryPool } from './primary-pool.js';
import { DatabaseUnreachableError, hostUrls, maskUrl } from './postgres-url.js';
import type { Database } from './schema.js';

export { DatabaseUnreachableError, hostUrls, isPostgresUrl, maskUrl } from './postgres-url.js';

/**
 * Counts, sums and every bigint column come back as numbers, as from SQLite: times in milliseconds and cents are far
 * below 2^53. (pg's default hands int8 and numeric over as strings.)
 */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if ((oid === INT8 || oid === NUMERIC) && format !== 'binary') return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept the union its own interface passes
    return pg.types.getTypeParser(oid, format as any);
  },
};

export interface PostgresOptions {
  /** Connections of the writer's pool (its writes run one batch at a time) and of the readers' pool. */
  writeConnections?: number;
  readConnections?: number;
  /** Where a lost connection of an idle pool is told (default: standard error). */
  log?: (message: string) => void;
}

/** Opens a pool onto the PostgreSQL database: on the primary when the URL names several hosts. */
function pool(url: string, max: number, role: string, log: (message: string) => void): pg.Pool {
  const created = new pg.Pool({
    connectionString: url,
    max,
    types,
    application_name: `pos ${role}`,
    // A host that vanished (a laptop switched off) must fail a connection in seconds, not after TCP's minutes, and
    // a connection to it must be found dead while idle. (Also the bound of a wait for a free connection of the pool.)
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // An idle connection that the server drops (restart, failover) must not end the process: the pool replaces it on
  // the next query, which fails on its own if the server stays away.
  created.on('error', (error) => log(`PostgreSQL connection lost (${role}, ${maskUrl(url)}): ${error.message}`));
  return created;
}

/**
 * The storage on PostgreSQL: the same Kysely interface as on SQLite, a pool for writes (queued and committed in
 * batches under the write lock, PostgresWriter) and a pool for reads. The database must exist; migrate() fills it.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Storage> {
  const log = options.log ?? ((message: string) => console.error(message));
  const primary = await findPrimary(url);
  // Each pool follows the primary after a failover (src/storage/primary-pool.ts).
  const following = (max: number, role: string) =>
    new PrimaryPool(url, primary, (host) => pool(host, max, role, log), findPrimary, log);
  const writePool = following(options.writeConnections ?? 2, 'writer');
  const readPool = following(options.readConnections ?? 8, 'reader');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: writePool }) });
  const read = new Kysely<Database>({ dialect: new PostgresDialect({ pool: readPool }) });
  try {
    await read.selectNoFrom((eb) => eb.lit(1).as('one')).execute(); // fail at start, not at the first order
  } catch (error) {
    await Promise.all([read.destroy(), db.destroy()]);
    throw new DatabaseUnreachableError(
      `cannot reach the PostgreSQL database ${maskUrl(primary)}: ${(error as Error).message}`,
    );
  }
  return {
    engine: 'postgres',
    db,
    read,
    get sqlite(): never {
      throw new WrongEngineError('this storage is PostgreSQL: there is no SQLite connection');
    },
    writer: new PostgresWriter(db),
    get location() {
      return maskUrl(writePool.current);
    },
    async close() {
      await Promise.all([read.destroy(), db.destroy()]);
    },
  };
}

export class NoPrimaryError extends DatabaseUnreachableError {}

/**
 * The host of `url` that is a primary (not in recovery), as a one-host connection string. With several hosts each
 * is asked in turn (within `timeoutMs` each); a standby or a host that does not answer is passed over. With one
 * host that host is returned without a question, whatever it is: PostgreSQL itself refuses writes on a standby.
 */
export async function findPrimary(url: string, timeoutMs = 3000): Promise<string> {
  const candidates = hostUrls(url);
  if (candidates.length === 1) return candidates[0] as string;
  const reasons: string[] = [];
  for (const candidate of candidates) {
    const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: timeoutMs });
    client.on('error', () => {}); // a dropped connection is reported by the query below
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      if (rows[0]?.standby === false) return candidate;
      reasons.push(`${maskUrl(candidate)}: a standby`);
    } catch (error) {
      reasons.push(`${maskUrl(candidate)}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new NoPrimaryError(`no primary among the hosts of the database URL (${reasons.join('; ')})`);
}
