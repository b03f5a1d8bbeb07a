import type { Storage } from '../storage/database.js';
import type { DataDir } from '../storage/data-dir.js';
import { DatabaseUnreachableError, isPostgresUrl } from '../storage/postgres-url.js';
import { CliError } from './errors.js';
import type { GlobalOptions } from './program.js';

/**
 * The server's storage, opened by a command that works on it directly (migrate, token revoke): the PostgreSQL
 * database of `--database` (POS_DATABASE_URL) when given, else the data dir's SQLite file.
 */
export async function openLocalStorage(globals: GlobalOptions, dir: DataDir): Promise<Storage> {
  const url = globals.database || undefined;
  if (url !== undefined && !isPostgresUrl(url)) {
    throw new CliError('--database must be a PostgreSQL URL such as postgres://pos:secret@127.0.0.1/pos');
  }
  const { openDatabase } = await import('../storage/database.js');
  try {
    return await openDatabase({ file: dir.database, databaseUrl: url });
  } catch (error) {
    if (error instanceof DatabaseUnreachableError) throw new CliError(error.message);
    throw error;
  }
}

/** Refuses a command that works on the data dir's SQLite file when the server's data is in PostgreSQL. */
export function refuseWithDatabase(globals: GlobalOptions, what: string, instead: string): void {
  if (globals.database) {
    throw new CliError(`${what} works on the SQLite file of a data dir, not on a PostgreSQL database: ${instead}`);
  }
}
