import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { ensureInitialAdmin, isInitialAdminPassword } from '../core/auth/users.js';
import type { CoreContext } from '../core/context.js';
import type { DataDir } from '../storage/data-dir.js';

// The first admin's password can never be lost: the admin is created only once the server listens (a start that
// fails, on a port in use, creates nobody), and its password is kept in the data dir (owner-only) until it is
// changed, so a `pos serve` whose output scrolled away, or was never seen, still leaves a way in.

export interface InitialAdmin {
  username: string;
  password: string;
}

/** Creates `admin` when there is no user yet, its password written to the data dir first. */
export async function createInitialAdmin(ctx: CoreContext, dataDir: DataDir): Promise<InitialAdmin | null> {
  return ensureInitialAdmin(ctx, (password) => {
    // Whole or not at all, and owner-only from its first byte.
    const temporary = `${dataDir.initialAdminPassword}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    writeFileSync(temporary, `${password}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, dataDir.initialAdminPassword);
  });
}

/**
 * The kept password file while it still logs in the first admin; once that password was changed (or the user is
 * gone) the file is deleted, and null. Checked at each start and after every change of a user.
 */
export async function keptInitialPassword(ctx: CoreContext, dataDir: DataDir): Promise<string | null> {
  const file = dataDir.initialAdminPassword;
  if (!existsSync(file)) return null;
  const password = readFileSync(file, 'utf8').trim();
  if (password !== '' && (await isInitialAdminPassword(ctx, password))) return file;
  rmSync(file, { force: true });
  return null;
}
