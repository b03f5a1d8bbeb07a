import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { acquireLock, DataDirLockedError, resolveDataDir } from '../../storage/data-dir.js';
import { CliError } from '../errors.js';
import { refuseWithDatabase } from '../local-storage.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `pos backup --database …`: pg_dump of the primary, in the custom format pg_restore reads. */
async function backupPostgres(url: string, file: string, json: boolean): Promise<void> {
  const { findPrimary, DatabaseUnreachableError } = await import('../../storage/postgres.js');
  const { dumpPostgres } = await import('../../storage/pg-dump.js');
  try {
    const primary = await findPrimary(url);
    if (!json) process.stderr.write('dumping the PostgreSQL database with pg_dump...\n');
    const result = await dumpPostgres(primary, file);
    if (json) printJson({ file: result.file, bytes: result.bytes });
    else print(`backup written: ${result.file} (${megabytes(result.bytes)}); restore it with pg_restore`);
  } catch (error) {
    if (error instanceof DatabaseUnreachableError || (error as Error).message.includes('pg_dump')) {
      throw new CliError((error as Error).message);
    }
    throw error;
  }
}

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('write a consistent copy of the database to a file, even while pos serve is busy')
    .argument('<file>', 'where to write the copy (for example /media/usb/pos-saturday.db)')
    .action(async (file: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      if (existsSync(file)) throw new CliError(`${file} already exists: choose a new file name`);
      // A folder that is not there is most often a USB stick not mounted: made here, the copy would sit on the
      // laptop's own disk under that name and be lost with it.
      const folder = dirname(resolve(file));
      if (!existsSync(folder))
        throw new CliError(`the folder ${folder} does not exist (is the USB stick plugged in?): create it first`);
      if (globals.database) return backupPostgres(globals.database, file, globals.json === true);
      const dir = resolveDataDir(globals.dataDir);
      if (!existsSync(dir.database))
        throw new CliError(`no database in ${dir.root}: give the data dir with --data-dir`);
      const { default: BetterSqlite3 } = await import('better-sqlite3');
      const { backupDatabase, checkBackup } = await import('../../storage/backup.js');
      const source = new BetterSqlite3(dir.database, { fileMustExist: true });
      source.pragma('busy_timeout = 5000');
      try {
        if (!globals.json) process.stderr.write(`copying ${dir.database}...\n`);
        // One step: a single consistent read of the live database (writers carry on meanwhile).
        const result = await backupDatabase(source, file, { pagesPerStep: 0x7fffffff });
        const check = checkBackup(result.file);
        if (!check.ok) throw new CliError(`the copy failed its check: ${check.problem}`);
        if (globals.json) printJson({ file: result.file, bytes: result.bytes, orders: check.orders });
        else print(`backup written: ${result.file} (${megabytes(result.bytes)}, ${check.orders} orders)`);
      } finally {
        source.close();
      }
    });

  program
    .command('restore')
    .description('replace the database of the data dir with a backup (stop pos serve first)')
    .argument('<file>', 'a file written by pos backup or --backup-every')
    .option('--check', 'only check that the file is a sound pos backup')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (file: string, flags: { check?: boolean; yes?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      refuseWithDatabase(globals, 'pos restore', 'restore PostgreSQL with pg_restore (docs/operations.md)');
      const { checkBackup, restoreDatabase } = await import('../../storage/backup.js');
      const check = checkBackup(file);
      if (!check.ok) throw new CliError(`cannot restore ${file}: ${check.problem}`);
      if (flags.check) {
        if (globals.json) return printJson(check);
        return print(`${file} is a sound pos backup (${check.orders} orders)`);
      }
      const dir = resolveDataDir(globals.dataDir);
      let release: () => void;
      try {
        release = acquireLock(dir);
      } catch (error) {
        if (error instanceof DataDirLockedError)
          throw new CliError(`${error.message.split('.')[0]}: stop it before restoring`);
        throw error;
      }
      try {
        if (!flags.yes) {
          if (!process.stdin.isTTY)
            throw new CliError('restoring replaces the database: add --yes when not run interactively');
          const { createInterface } = await import('node:readline/promises');
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          const answer = await rl.question(
            `Replace the database in ${dir.root} with ${file} (${check.orders} orders)? [y/N] `,
          );
          rl.close();
          if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('nothing restored');
        }
        const { previous } = restoreDatabase(dir, file);
        if (globals.json) return printJson({ restored: file, previous, orders: check.orders });
        print(`restored ${file} into ${dir.database} (${check.orders} orders)`);
        if (previous) print(`the database it replaced is kept as ${previous}`);
        print('start the server again with `pos serve`');
      } finally {
        release();
      }
    });
}
