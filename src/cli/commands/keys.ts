import type { Command } from 'commander';
import { flagsOf } from '../field-flags.js';
import { print, printJson } from '../output.js';
import { registerResource } from '../resource-command.js';

const { text } = flagsOf('/v1/api-keys');

/** `pos keys`: device keys (print services, ready-number screens, kitchen screens, pickup counters); shown once. */
export function registerKeys(program: Command): void {
  registerResource(program, {
    command: 'keys',
    what: 'key',
    path: '/v1/api-keys',
    nameOf: (r) => r.name,
    description: 'device keys for print services, ready-number screens, kitchen screens and pickup counters',
    canEdit: false,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'scope', value: (r) => r.scope },
      { header: 'created', value: (r) => r.createdAt },
    ],
    fields: [
      text('--name <name>', 'what the key is for (e.g. "TV by the bar")', 'name', true),
      text('--scope <scope>', 'printer, display, kitchen or pickup', 'scope', true),
    ],
    afterAdd: (created, json) => {
      if (json) return printJson(created);
      print(`created ${created.scope} key "${created.name}" (${created.id}):\n\n  ${created.key}\n`);
      print('This is the only time the key is shown: copy it into the device now.');
    },
    examples: '  pos keys add --name "TV by the bar" --scope display',
  });
}
