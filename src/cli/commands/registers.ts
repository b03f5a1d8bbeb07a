import type { Command } from 'commander';
import { flagsOf, printerNames } from '../field-flags.js';
import { registerResource } from '../resource-command.js';

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
    ],
    // A register whose printer was deleted has none: the edit then needs --printer (the server says so).
    toInput: (r) => ({ name: r.name, enabled: r.enabled, defaultPrinterId: r.defaultPrinterId as string }),
    examples: '  pos registers add --name "Cassa 1" --printer Cassa',
  });
}
