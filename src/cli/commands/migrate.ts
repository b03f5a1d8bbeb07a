import type { Command } from 'commander';
import { ensureDataDir, resolveDataDir } from '../../storage/data-dir.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description(
      'apply pending database migrations to the data dir or --database (pos serve also does this at start-up)',
    )
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const dir = resolveDataDir(globals.dataDir);
      ensureDataDir(dir);
      const [{ openLocalStorage }, { migrate }] = await Promise.all([
        import('../local-storage.js'),
        import('../../storage/migrate.js'),
      ]);
      const storage = await openLocalStorage(globals, dir);
      try {
        const result = await migrate(storage);
        if (globals.json) printJson(result);
        else if (result.applied.length === 0) print(`the database is up to date (${result.current})`);
        else for (const name of result.applied) print(`applied ${name}`);
      } finally {
        await storage.close();
      }
    });
}
