import { Command } from 'commander';
import { Food } from '../../api/catalog.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { flagsOf, money, printerNames } from '../field-flags.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { registerResource } from '../resource-command.js';
import { parseInteger, parseMoney, resolveId } from '../resolve.js';
import { parseAllergens } from '../../i18n/allergens.js';

const { parsed, printerRef, text, toggle } = flagsOf('/v1/foods');

/** `pos foods`: the menu, and switching a food sold out (its portion count: `pos foods stock`, stock.ts). */
export function registerFoods(program: Command): void {
  registerResource(program, {
    command: 'foods',
    what: 'food',
    path: '/v1/foods',
    nameOf: (r) => r.name,
    description: 'the menu: foods with price, category, printer and availability',
    detailQuery: { include: 'ingredients' },
    showAs: { price: money },
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'category', value: (r) => r.category.name },
      { header: 'name', value: (r) => r.name },
      { header: 'price', value: (r) => money(r.price), align: 'right' },
      { header: 'available', value: (r) => r.available },
      { header: 'left', value: (r) => r.portionsLeft ?? '-', align: 'right' },
      { header: 'printer', value: (r) => r.printer },
      { header: 'role', value: (r) => roleWord(r.role) },
    ],
    enrich: printerNames((r) => r.printerId),
    fields: [
      text('--name <name>', 'food name (unique)', 'name', true),
      parsed('--price <amount>', 'price, such as 7.50 or 7,50', 'price', parseMoney, true),
      {
        flags: '--category <category>',
        description: 'its category (name or id)',
        requiredOnAdd: true,
        apply: async (b, v, client) =>
          void (b.categoryId = await resolveId(client, '/v1/categories', String(v), 'category')),
      },
      text('--description <text>', 'description on tablets', 'description'),
      printerRef('--printer <printer>', 'printer override for its kitchen tickets (name, id or none)', 'printerId'),
      {
        flags: '--ingredient <ingredient...>',
        description: 'its ingredients (names or ids), replacing the list',
        apply: async (b, v, client) => {
          const names = v as string[];
          b.ingredients = await Promise.all(
            names.map(async (name) => ({ id: await resolveId(client, '/v1/ingredients', name, 'ingredient') })),
          );
        },
      },
      parsed(
        '--role <role>',
        'cover (the cover charge, per person), takeaway-fee (per takeaway order) or none',
        'role',
        parseRole,
      ),
      {
        flags: '--choices-file <file>',
        description: 'its groups of choices from a JSON file, replacing them (docs/cli.md, "Choices"; [] removes them)',
        apply: async (b, v, client) => {
          const { readChoicesFile } = await import('../choices-file.js');
          b.choices = await readChoicesFile(client, String(v));
        },
      },
      toggle('--available', 'orderable', 'available', true),
      toggle('--unavailable', 'sold out', 'available', false),
      parsed('--position <n>', 'its place inside its category (smaller first)', 'position', parseInteger),
      parsed(
        '--allergens <list>',
        'its allergens, comma-separated, replacing the list (gluten, crustaceans, eggs, fish, peanuts, soy, milk, ' +
          'nuts, celery, mustard, sesame, sulphites, lupin, molluscs; Italian names too; "none" clears)',
        'allergens',
        allergenList,
      ),
    ],
    // The count left out of a PUT is kept.
    toInput: (r) => ({
      name: r.name,
      description: r.description,
      price: r.price,
      categoryId: r.categoryId,
      printerId: r.printerId,
      available: r.available,
      ingredients: (r.ingredients ?? []).map((i) => ({ id: i.id })),
      role: r.role,
    }),
    beforeSend: async (body) => {
      body.available ??= true;
    },
    examples:
      '  pos foods add --name "Pizza margherita" --price 7.50 --category Pizze --ingredient Mozzarella --ingredient Basilico\n' +
      '  pos foods available "Pizza margherita" off      # sold out\n  pos foods edit "Pizza margherita" --price 8\n' +
      '  pos foods edit "Pizza margherita" --position 1 --allergens gluten,milk\n' +
      '  pos foods add --name Coperto --price 1.50 --category Servizio --role cover\n' +
      '  pos foods edit "Menu Pellegrino" --choices-file pellegrino.json   # its groups of choices',
  }).addCommand(foodAvailableCommand());
}

function allergenList(text: string, flag: string) {
  const { allergens, unknown } = parseAllergens(text);
  if (unknown.length > 0)
    throw new CliError(
      `${flag}: not one of the 14 allergens: ${unknown.join(', ')} (see pos foods add --help for their names)`,
    );
  return allergens;
}

const ROLE_WORDS = { cover: 'COVER', 'takeaway-fee': 'TAKEAWAY_FEE', none: null } as const;

/** `--role cover|takeaway-fee|none`, as the wire has it (COVER, TAKEAWAY_FEE, null). */
export function parseRole(text: string, flag: string): 'COVER' | 'TAKEAWAY_FEE' | null {
  const word = text.trim().toLowerCase();
  if (!Object.hasOwn(ROLE_WORDS, word)) throw new CliError(`${flag} is cover, takeaway-fee or none, got "${text}"`);
  return ROLE_WORDS[word as keyof typeof ROLE_WORDS];
}

/** The role as the CLI writes it: `cover`, `takeaway-fee`, or `-` (an older server sends none: `-` too). */
export function roleWord(role: string | null | undefined): string {
  return role === 'COVER' ? 'cover' : role === 'TAKEAWAY_FEE' ? 'takeaway-fee' : '-';
}

function foodAvailableCommand(): Command {
  return new Command('available')
    .description('mark a food sold out (off) or available again (on)')
    .argument('<food>', 'food name or id')
    .argument('<on|off>', 'on or off')
    .action(async (food: string, state: string, _flags: unknown, command: Command) => {
      if (!['on', 'off'].includes(state)) throw new CliError(`the state is on or off, got "${state}"`);
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/foods', food, 'food');
      const updated = await client.updateFood(id, { available: state === 'on' });
      if (globals.json) return printJson(updated, Food);
      print(`${updated.name} is ${state === 'on' ? 'available again' : 'sold out'}`);
    });
}
