import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivate } from '../storage/data-dir.js';
import type { Storage } from '../storage/database.js';
import { backupDatabase, backupFileName, rotateBackups } from '../storage/backup.js';
import { dumpPostgres } from '../storage/pg-dump.js';

export interface BackupSchedule {
  everyMs: number;
  dir: string;
  keep: number;
}

/**
 * Rotating online backups while serving (`pos serve --backup-every 10m --backup-dir /media/usb`): a consistent
 * copy every interval through the server's own connection, keeping the newest `keep` files. A run still going
 * when the next is due is not doubled. Files are named by the venue's clock (`pos-2026-11-21T21-00-00-000+0100.db`).
 * Returns the function that stops the schedule.
 */
export function startBackups(
  storage: Storage,
  schedule: BackupSchedule,
  log: { done(file: string): void; failed(error: unknown): void },
  /** The venue's: the files are named by its clocks. */
  timezone = 'UTC',
  /** On PostgreSQL: where the primary is now (a one-host URL); each backup is a pg_dump of it (`.dump`). */
  primary?: () => Promise<string>,
): () => Promise<void> {
  // The folder of the backups is private like the data dir (0700), created so or tightened; a file system that has
  // no Unix modes (a FAT USB stick) cannot be tightened, and backups still go there.
  try {
    mkdirSync(schedule.dir, { recursive: true, mode: 0o700 });
    makePrivate(schedule.dir, 0o700);
  } catch (error) {
    log.failed(error);
  }
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      try {
        const { file } = primary
          ? await dumpPostgres(await primary(), join(schedule.dir, backupFileName(new Date(), timezone, 'dump')))
          : await backupDatabase(storage.sqlite, join(schedule.dir, backupFileName(new Date(), timezone)));
        rotateBackups(schedule.dir, schedule.keep);
        log.done(file);
      } catch (error) {
        log.failed(error);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, schedule.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
