import { Command } from 'commander';
import { Food } from '../../api/catalog.js';
import { leftText, readStockChange } from '../../client/stock-change.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { resolveId } from '../resolve.js';

// `pos foods stock` and `pos ingredients stock`: portion counts from the terminal (docs/cli.md, docs/catalog.md).

/** "200" sets the count, "+50" restocks, "-3" writes off, "off" stops counting. */
export function parseStockChange(value: string): { stock: number | null } | { stockAdd: number } {
  const change = readStockChange(value);
  if (!change) throw new CliError(`the count is a number (200), a change (+50, -3) or off, got "${value}"`);
  return change;
}

function stockCommand(kind: 'food' | 'ingredient'): Command {
  const path = kind === 'food' ? ('/v1/foods' as const) : ('/v1/ingredients' as const);
  return (
    new Command('stock')
      .description(
        `show or change the portion count of ${kind === 'food' ? 'a food' : 'an ingredient (shared by the foods that list it)'}`,
      )
      .argument('<name>', `${kind} name or id`)
      .argument('[count]', '200 sets the count, +50 restocks, -3 writes off, off stops counting; none: show it')
      // "-3" is a count, not an option.
      .allowUnknownOption()
      .addHelpText(
        'after',
        `\nExamples:\n  pos ${kind}s stock Porchetta 200\n  pos ${kind}s stock Porchetta +50\n  pos ${kind}s stock Porchetta -3      # written off\n  pos ${kind}s stock Porchetta off`,
      )
      .action(async (name: string, count: string | undefined, _flags: unknown, command: Command) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        // Checked before connecting: a typo needs no server.
        const change = count === undefined ? null : parseStockChange(count);
        const client = await connect(globals);
        const id = await resolveId(client, path, name, kind);
        if (path === '/v1/foods') {
          const food = change === null ? await client.get(path, id) : await client.patch(path, id, change);
          if (globals.json) return printJson(food, Food);
          const own = food.stock !== null && food.stock !== food.portionsLeft ? ` (its own count: ${food.stock})` : '';
          print(`${food.name}: ${leftText(food.portionsLeft)}${own}${food.available ? '' : ', sold out'}`);
        } else {
          const ingredient = change === null ? await client.get(path, id) : await client.patch(path, id, change);
          if (globals.json) return printJson(ingredient);
          print(`${ingredient.name}: ${leftText(ingredient.stock)}`);
        }
      })
  );
}

/** Adds `stock` to the `foods` and `ingredients` command groups (registered after them). */
export function registerStock(program: Command): void {
  for (const kind of ['food', 'ingredient'] as const) {
    const group = program.commands.find((command) => command.name() === `${kind}s`);
    if (!group) throw new Error(`pos ${kind}s must be registered before its stock command`);
    group.addCommand(stockCommand(kind));
  }
}
