import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

const DEFAULT_DATA_DIR = './pos-data';

/** Every file the appliance keeps, in one folder that can be copied to a USB stick. */
export interface DataDir {
  root: string;
  database: string;
  secret: string;
  uploads: string;
  lock: string;
  /** Written by a running server so the CLI on the same machine finds its URL. */
  serverInfo: string;
  /** The first admin's password (0600), kept until that password is changed: it can never be lost. */
  initialAdminPassword: string;
}

export function resolveDataDir(dir: string | undefined): DataDir {
  const fromEnv = process.env['POS_DATA_DIR'];
  const root = resolve(dir || (fromEnv && fromEnv.trim() !== '' ? fromEnv : DEFAULT_DATA_DIR));
  return {
    root,
    database: join(root, 'pos.db'),
    secret: join(root, 'secret.key'),
    uploads: join(root, 'uploads'),
    lock: join(root, 'pos.lock'),
    serverInfo: join(root, 'server.json'),
    initialAdminPassword: join(root, 'initial-admin-password'),
  };
}

/**
 * Creates the data dir (0700), or tightens one that exists (a copy, an older version, a loose umask): it holds the
 * password hashes, the token secret and every order, so only its owner may enter it.
 */
export function ensureDataDir(dir: DataDir): void {
  for (const folder of [dir.root, dir.uploads]) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    makePrivate(folder, 0o700);
  }
}

/**
 * Sets the mode when the file exists and group or others have any access to it. A file system without Unix modes
 * (a FAT USB stick for backups) refuses chmod: that is no reason to stop, so it is let be.
 */
export function makePrivate(path: string, mode: 0o600 | 0o700): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, mode);
  } catch (error) {
    if (!['ENOENT', 'EPERM', 'ENOTSUP', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/** The token-signing secret: 32 random bytes created on first start, readable by the owner only (0600). */
export function loadOrCreateSecret(dir: DataDir): Uint8Array {
  if (!existsSync(dir.secret)) {
    try {
      writeFileSync(dir.secret, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  makePrivate(dir.secret, 0o600);
  const secret = Buffer.from(readFileSync(dir.secret, 'utf8').trim(), 'base64');
  if (secret.length < 32) throw new Error(`the secret in ${dir.secret} is too short; delete it to create a new one`);
  return new Uint8Array(secret);
}

export function readSecret(dir: DataDir): Uint8Array | null {
  if (!existsSync(dir.secret)) return null;
  return new Uint8Array(Buffer.from(readFileSync(dir.secret, 'utf8').trim(), 'base64'));
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `another pos server (pid ${pid}) is already using this data dir (${lockFile}). ` +
        'Stop it first, or start this one with a different --data-dir.',
    );
  }
}

/** Whether a process runs (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data dir for this process. A lock left by a process that no longer runs (a crash, a power cut) is
 * taken over; a lock held by a live process is refused, so two servers never write the same database.
 */
export function acquireLock(dir: DataDir): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(dir.lock, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(dir.lock, 'utf8').trim() === String(process.pid)) unlinkSync(dir.lock);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(dir.lock, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir.lock, pid);
      }
      unlinkSync(dir.lock); // stale
    }
  }
  throw new Error(`could not take the lock ${dir.lock}`);
}
