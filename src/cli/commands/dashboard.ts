import type { Command } from 'commander';
import { type Locale, LOCALES } from '../../api/enums.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../program.js';

export function registerDashboard(program: Command): void {
  program
    .command('dashboard')
    .description(
      'the console in the terminal: the live orders board, and for admins the menu, printers, registers, people, reports, closure and venue',
    )
    .option('--late <minutes>', 'orders waiting longer than this in the kitchen are shown in red', '15')
    .option(
      '--lang <language>',
      `the board's language (${LOCALES.join(', ')}); default: the venue's (pos serve --locale)`,
    )
    .addHelpText(
      'after',
      '\nNumber keys 1-8 switch screens (admins); keys are listed at the bottom of each screen; q quits. Works over SSH in 80x24.',
    )
    .action(async (flags: { late: string; lang?: string }, command: Command) => {
      const late = Number(flags.late);
      if (!Number.isInteger(late) || late < 1)
        throw new CliError(`--late must be a whole number of minutes, got "${flags.late}"`);
      if (flags.lang !== undefined && !(LOCALES as readonly string[]).includes(flags.lang))
        throw new CliError(`--lang must be one of ${LOCALES.join(', ')}, got "${flags.lang}"`);
      if (!process.stdout.isTTY)
        throw new CliError('the dashboard needs a terminal (use `pos orders list` or `pos events` in scripts)');
      // Loaded only here: the rest of the CLI does not pay for React and Ink at start-up. Ink takes about a second to
      // load on the venue laptop: it loads while the server is found and asked for the venue's language.
      const modules = Promise.all([
        import('ink'),
        import('react').then((module) => module.default), // CommonJS: see docs/development.md, "The bundle"
        import('../../tui/Console.js'),
        import('../../tui/source.js'),
        import('../../tui/texts.js'),
      ]);
      const client = await connect(command.optsWithGlobals<GlobalOptions>());
      const health = client.health();
      health.catch(() => {}); // unanswered: the board opens anyway and shows itself offline
      // Admins get every screen of the console; an operator (or a server that does not say) the orders board.
      const admin = client.me().then(
        (me) => me.kind === 'token' && me.role === 'admin',
        () => false,
      );
      const [{ render }, react, { Console }, { httpSource }, { DashboardLocale, dashboardLocale }] = await modules;
      const locale = await dashboardLocale(flags.lang as Locale | undefined, () => health);
      const board = react.createElement(Console, {
        source: httpSource(client),
        client,
        admin: await admin,
        lateMinutes: late,
      });
      const instance = render(react.createElement(DashboardLocale.Provider, { value: locale }, board), {
        exitOnCtrlC: true,
      });
      await instance.waitUntilExit();
      process.exit(0);
    });
}
