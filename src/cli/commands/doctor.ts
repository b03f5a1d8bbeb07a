import type { Command } from 'commander';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

/** `pos doctor`: is the venue ready? Each problem with the command that fixes it; exit 0 ready, 1 not. */
export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('check that the venue is ready: server, printers, menu routing, registers, cashiers, backups, Wi-Fi')
    .addHelpText(
      'after',
      '\nExit code: 0 ready, 1 something to fix (each problem comes with the command that fixes it).\n\nExample:\n  pos doctor',
    )
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { gatherFacts } = await import('../doctor/gather.js');
      const { formatReport, isReady, runChecks } = await import('../doctor/checks.js');
      const results = runChecks(await gatherFacts(globals));
      const ready = isReady(results);
      if (globals.json) printJson({ ready, checks: results });
      else print(formatReport(results));
      process.exitCode = ready ? 0 : 1;
    });
}
