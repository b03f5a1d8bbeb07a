import { Command } from 'commander';
import { connect } from '../client.js';
import { flagsOf, printerNames } from '../field-flags.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { registerResource } from '../resource-command.js';
import { resolveId } from '../resolve.js';

const { printerRef, text, toggle } = flagsOf('/v1/cash-registers');

/** `pos registers`: the cash registers (tills) and the printer of their receipts. */
export function registerRegisters(program: Command): void {
  registerResource(program, {
    command: 'registers',
    what: 'register',
    path: '/v1/cash-registers',
    nameOf: (r) => r.name,
    description: 'cash registers (tills) and the printer of their receipts',
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'enabled', value: (r) => r.enabled },
      { header: 'printer', value: (r) => r.printer },
    ],
    enrich: printerNames((r) => r.defaultPrinterId),
    fields: [
      text('--name <name>', 'register name', 'name', true),
      printerRef('--printer <printer>', 'receipt printer (name or id)', 'defaultPrinterId', true),
      toggle('--enabled', 'may confirm orders', 'enabled', true),
      toggle('--disabled', 'may not confirm orders', 'enabled', false),
      {
        flags: '--categories <categories>',
        description: 'the categories its till shows, comma-separated names or ids ("all": every one)',
        apply: async (b, v, client) => {
          const list = String(v)
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean);
          b.categoryIds =
            list.length === 0 || (list.length === 1 && list[0]?.toLowerCase() === 'all')
              ? null
              : await Promise.all(list.map((name) => resolveId(client, '/v1/categories', name, 'category')));
        },
      },
    ],
    // A register whose printer was deleted has none: the edit then needs --printer (the server says so).
    toInput: (r) => ({
      name: r.name,
      enabled: r.enabled,
      defaultPrinterId: r.defaultPrinterId as string,
      categoryIds: r.categoryIds,
    }),
    examples:
      '  pos registers add --name "Cassa 1" --printer Cassa\n  pos registers open-drawer "Cassa 1"\n' +
      '  pos registers edit Bar --categories Bevande       # the bar till shows only the drinks',
  }).addCommand(openDrawerCommand());
}

function openDrawerCommand(): Command {
  return new Command('open-drawer')
    .description("open the cash drawer of a register (no sale): a pulse from the register's printer")
    .argument('<register>', 'register name or id')
    .action(async (register: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/cash-registers', register, 'register');
      const opened = await client.openDrawer(id);
      if (globals.json) return printJson(opened);
      const printer = (await client.printers()).find((row) => row.id === opened.printerId)?.name ?? opened.printerId;
      print(`drawer of ${register} opened (printer ${printer})`);
    });
}
