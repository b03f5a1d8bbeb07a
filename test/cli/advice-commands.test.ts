import type { Command } from 'commander';
import t from 'tap';
import { ERROR_CODES } from '../../src/api/errors.js';
import { ApiError } from '../../src/client/errors.js';
import { userMessage } from '../../src/cli/errors.js';
import { loadProgram } from '../../src/cli/program.js';

// The advice the CLI gives with a refusal names commands a volunteer can type: each `pos <command> [<subcommand>]`
// in it is one the program has (advice once named a `pos stock` that never existed).

t.test('every command named in the advice of an error exists', async (t) => {
  const program = await loadProgram([]);
  const find = (parent: Command, name: string) =>
    parent.commands.find((command) => command.name() === name || command.aliases().includes(name));
  let named = 0;
  for (const code of ERROR_CODES) {
    const said = userMessage(new ApiError(400, 'refused', { code, message: 'refused' })) ?? '';
    for (const [, word, sub] of said.matchAll(/\bpos ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)) {
      named++;
      const command = find(program, word as string);
      t.ok(command, `${code}: pos ${word}`);
      if (command && command.commands.length > 0 && sub) t.ok(find(command, sub), `${code}: pos ${word} ${sub}`);
    }
  }
  t.ok(named >= 2, `the advice names commands (${named})`);
});
