import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { refuseWithDatabase } from '../local-storage.js';
import type { GlobalOptions } from '../program.js';

/** `pos setup`: the guided first run; `--from` copies last year's set-up into this data dir first. */
export function registerSetup(program: Command): void {
  program
    .command('setup')
    .description(
      'set the evening up step by step: event, printers (test-printed), menu, registers, cashiers, tablet addresses, then pos doctor',
    )
    .option(
      '--from <dir>',
      "copy last year's catalog, printers, registers, users and venue settings (no orders) from its data dir; the server must be stopped",
    )
    .addHelpText('after', '\nExamples:\n  pos setup\n  pos setup --from /media/usb/pos-data-2025 --data-dir ./pos-data')
    .action(async (flags: { from?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { Prompter } = await import('../setup/prompter.js');
      const io = new Prompter();
      try {
        if (flags.from) {
          refuseWithDatabase(globals, 'pos setup --from', 'run it on a SQLite data dir, then copy with pg_dump');
          const { copyFrom } = await import('../setup/copy-from.js');
          const { copied } = await copyFrom(flags.from, globals.dataDir, (question) => io.confirm(question, false));
          io.say(
            `Copied from ${flags.from}: ${Object.entries(copied)
              .map(([table, rows]) => `${rows} ${table.replaceAll('_', ' ')}`)
              .join(', ')}.`,
          );
          io.say(
            'Printers start OFFLINE and portions uncounted. Now start the server (pos serve) and run pos setup to check each step.',
          );
          return;
        }
        const [{ connect }, { runSetup }] = await Promise.all([import('../client.js'), import('../setup/wizard.js')]);
        const client = await connect(globals);
        await client.health().catch(() => {
          throw new CliError('the server does not answer: start it first (pos serve), then run pos setup');
        });
        await runSetup(io, client, globals);
        io.say('\n== 7. pos doctor ==');
        const [{ gatherFacts }, { formatReport, isReady, runChecks }] = await Promise.all([
          import('../doctor/gather.js'),
          import('../doctor/checks.js'),
        ]);
        const results = runChecks(await gatherFacts(globals));
        io.say(formatReport(results));
        process.exitCode = isReady(results) ? 0 : 1;
      } finally {
        io.close();
      }
    });
}
