import type { Command } from 'commander';
import { flagsOf } from '../field-flags.js';
import { registerResource } from '../resource-command.js';

const { text } = flagsOf('/v1/ingredients');

/** `pos ingredients`: ingredients listed on foods, with their shared portion count (`pos ingredients stock`). */
export function registerIngredients(program: Command): void {
  registerResource(program, {
    command: 'ingredients',
    what: 'ingredient',
    path: '/v1/ingredients',
    nameOf: (r) => r.name,
    description: 'ingredients listed on foods',
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'stock', value: (r) => r.stock ?? '-', align: 'right' },
    ],
    fields: [text('--name <name>', 'ingredient name (unique)', 'name', true)],
    // The count left out of a PUT is kept.
    toInput: (r) => ({ name: r.name }),
  });
}
