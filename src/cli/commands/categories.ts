import type { Command } from 'commander';
import { flagsOf, printerNames } from '../field-flags.js';
import { registerResource } from '../resource-command.js';
import { parseInteger } from '../resolve.js';

const { parsed, printerRef, text, toggle } = flagsOf('/v1/categories');

/** `pos categories`: the menu's categories, their order, availability and kitchen printer. */
export function registerCategories(program: Command): void {
  registerResource(program, {
    command: 'categories',
    what: 'category',
    path: '/v1/categories',
    nameOf: (r) => r.name,
    description: 'menu categories (their order, availability and kitchen printer)',
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'position', value: (r) => r.position, align: 'right' },
      { header: 'name', value: (r) => r.name },
      { header: 'available', value: (r) => r.available },
      { header: 'printer', value: (r) => r.printer },
    ],
    enrich: printerNames((r) => r.printerId),
    fields: [
      text('--name <name>', 'category name (unique)', 'name', true),
      parsed('--position <n>', 'order in the menu (smaller first)', 'position', parseInteger),
      printerRef('--printer <printer>', 'printer of its kitchen tickets (name, id or none)', 'printerId'),
      toggle('--available', 'orderable', 'available', true),
      toggle('--unavailable', 'not orderable (all its foods)', 'available', false),
      toggle('--tokens', 'kitchen tickets as one small token per unit (drinks at a bar)', 'ticketPerUnit', true),
      toggle('--no-tokens', 'one kitchen ticket per order (the default)', 'ticketPerUnit', false),
    ],
    toInput: (r) => ({
      name: r.name,
      position: r.position,
      printerId: r.printerId,
      available: r.available,
      ticketPerUnit: r.ticketPerUnit,
    }),
    examples: '  pos categories add --name Pizze --position 1 --printer Cucina\n  pos categories edit Bevande --tokens',
  });
}
