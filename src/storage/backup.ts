import BetterSqlite3 from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { migrations } from '../../migrations/index.js';
import { type DataDir, makePrivate } from './data-dir.js';

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
}

/**
 * A consistent copy of a live database with SQLite's online backup API: pages are copied in small steps between
 * other work, and writes made meanwhile through the same connection are carried into the copy. The copy is
 * written next to the target and renamed at the end, so a backup cut short never looks complete. The copy is
 * private like the database (0600; a folder it creates is 0700) and stands alone: it is turned from WAL to a plain
 * rollback journal, so opening it (to check it, or on another machine) leaves no `-wal`/`-shm` beside it.
 */
export async function backupDatabase(
  source: BetterSqlite3.Database,
  target: string,
  options: {
    /**
     * Pages copied per step. Through the connection that also writes (the server's), small steps keep requests
     * flowing and writes are carried into the copy. From another process, writes made between steps restart the
     * copy, so the CLI copies everything in one step (one consistent read, which never blocks writers in WAL mode).
     */
    pagesPerStep?: number;
    onProgress?: (progress: BackupProgress) => void;
  } = {},
): Promise<{ file: string; bytes: number }> {
  const file = resolve(target);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  closeSync(openSync(partial, 'wx', 0o600)); // created private: SQLite writes into it, keeping its mode
  await source.backup(partial, {
    progress: (progress) => {
      options.onProgress?.(progress);
      return options.pagesPerStep ?? 200;
    },
  });
  standAlone(partial);
  makePrivate(partial, 0o600);
  renameSync(partial, file);
  return { file, bytes: statSync(file).size };
}

/**
 * The copy carries the source's WAL flag in its header; a WAL database opened anywhere grows `-wal` and `-shm`
 * files (and a read-only open cannot remove them). Switched to a rollback journal, it is one file again.
 */
function standAlone(file: string): void {
  const copy = new BetterSqlite3(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export interface BackupCheck {
  ok: boolean;
  problem?: string;
  migrations?: number;
  orders?: number;
}

/** Is this file a sound pos database that this version can serve? */
export function checkBackup(file: string): BackupCheck {
  if (!existsSync(file)) return { ok: false, problem: `${file} does not exist` };
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      return { ok: false, problem: `the file is damaged (integrity check: ${String(integrity)})` };
    const hasTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'")
      .get();
    if (!hasTable) return { ok: false, problem: 'this is not a pos database (no schema_migrations table)' };
    const applied = (db.prepare('select name from schema_migrations').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0)
      return { ok: false, problem: `the backup comes from a newer pos (migrations ${unknown.join(', ')})` };
    const orders = (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
    return { ok: true, migrations: applied.length, orders };
  } catch (error) {
    return { ok: false, problem: `cannot read it as a database: ${(error as Error).message}` };
  } finally {
    db?.close();
  }
}

/**
 * Puts a backup in place of the data dir's database. The current database (with its WAL) is kept aside as
 * `pos.db.before-restore-<time>` rather than deleted. The caller must hold the data dir lock (no server running).
 */
export function restoreDatabase(dir: DataDir, file: string, now = new Date()): { previous: string | null } {
  const check = checkBackup(file);
  if (!check.ok) throw new Error(check.problem);
  let previous: string | null = null;
  if (existsSync(dir.database)) {
    // Fold the WAL into the old file first, so what is kept aside is complete on its own.
    const old = new BetterSqlite3(dir.database);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    previous = `${dir.database}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir.database, previous);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${dir.database}${suffix}`, { force: true });
  const incoming = `${dir.database}.incoming`;
  copyFileSync(file, incoming);
  makePrivate(incoming, 0o600); // copyFileSync keeps the backup's mode, which may be looser
  renameSync(incoming, dir.database);
  return { previous };
}

// A rotating backup's name: `pos-` + the venue's wall-clock time with its UTC offset (`pos-2026-11-21T19-04-05-123
// +0100.db`), so the volunteer looking for "the one from before 9 pm" finds it; earlier versions wrote UTC (`…Z.db`).
const BACKUP_NAME = /^pos-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)(?:-(\d{3}))?(Z|[+-]\d{4})\.(?:db|dump)$/;

/** The instant a backup's name stands for, or null for any other file. */
function backupInstant(name: string): number | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const [, date, hour, minute, second, millis, offset] = m as unknown as string[];
  const zone = offset === 'Z' ? 'Z' : `${offset?.slice(0, 3)}:${offset?.slice(3)}`;
  const at = Date.parse(`${date}T${hour}:${minute}:${second}.${millis ?? '000'}${zone}`);
  return Number.isNaN(at) ? null : at;
}

/**
 * Backup files of `--backup-dir`, oldest first: by the instant in their names, not their spelling (the hour the
 * clocks go back repeats the same wall-clock times with another offset).
 */
export function listBackups(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .flatMap((name) => {
      const at = backupInstant(name);
      return at === null ? [] : [{ name, at }];
    })
    .sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1))
    .map(({ name }) => join(directory, name));
}

/** The name of a backup made at `at`, in the venue's time zone. */
export function backupFileName(at: Date, timezone = 'UTC', extension: 'db' | 'dump' = 'db'): string {
  const local = DateTime.fromJSDate(at, { zone: timezone });
  const offset = timezone === 'UTC' ? 'Z' : local.toFormat('ZZZ');
  return `pos-${local.toFormat("yyyy-MM-dd'T'HH-mm-ss-SSS")}${offset}.${extension}`;
}

/** Deletes all but the newest `keep` backups of the directory. */
export function rotateBackups(directory: string, keep: number): string[] {
  const files = listBackups(directory);
  const removed = files.slice(0, Math.max(0, files.length - keep));
  for (const file of removed) rmSync(file, { force: true });
  return removed.map((file) => basename(file));
}
