import type { Command } from 'commander';
import { connect } from '../client.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

/** `pos menu export|import`: the whole menu as a spreadsheet the committee edits in Excel or LibreOffice. */
export function registerMenu(program: Command): void {
  const menu = program
    .command('menu')
    .description('the whole menu as a spreadsheet: export it, edit it in Excel, import it back');
  menu
    .command('export')
    .description("write the menu to a .csv or .xlsx file (columns in the venue's language)")
    .argument('<file>', 'menu.csv or menu.xlsx')
    .addHelpText('after', '\nExample:\n  pos menu export menu.xlsx')
    .action(async (file: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const { exportMenu } = await import('../menu/menu-io.js');
      const count = await exportMenu(client, file, (await client.health()).locale);
      if (globals.json) return printJson({ file, foods: count });
      print(`${count} foods written to ${file}`);
    });
  menu
    .command('import')
    .description('add and change foods from a .csv or .xlsx file, all at once or not at all (admin)')
    .argument('<file>', 'menu.csv or menu.xlsx: columns category, name, price (and description, printer, stock)')
    .option('--dry-run', 'only say what would be added and changed')
    .addHelpText('after', '\nExamples:\n  pos menu import menu.xlsx --dry-run\n  pos menu import menu.csv')
    .action(async (file: string, flags: { dryRun?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const { importMenu } = await import('../menu/menu-io.js');
      const outcome = await importMenu(client, file, {
        dryRun: flags.dryRun === true,
        locale: (await client.health()).locale,
      });
      if (globals.json) return printJson(outcome.result);
      print(outcome.report.join('\n'));
    });
}
