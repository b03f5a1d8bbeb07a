import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Command } from 'commander';
import { UserInput } from '../../api/auth.js';
import type { ApiClient } from '../client.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { askPassword, readStdin } from '../prompt.js';
import { type FieldFlag, registerResource } from '../resource-command.js';
import { parseInteger, parseMoney, resolveId } from '../resolve.js';

type Json = Record<string, unknown>;

const text = (flags: string, description: string, field: string, requiredOnAdd = false): FieldFlag => ({
  flags,
  description,
  requiredOnAdd,
  apply: (body, value) => {
    body[field] = value;
  },
});
/** A switch; "--no-x" flags arrive as x=false, the others as true. */
const toggle = (flags: string, description: string, field: string, on: boolean): FieldFlag => ({
  flags,
  description,
  apply: (body, value) => {
    if (value === !flags.startsWith('--no-')) body[field] = on;
  },
});
const printerRef = (flags: string, description: string, field: string, requiredOnAdd = false): FieldFlag => ({
  flags,
  description,
  requiredOnAdd,
  apply: async (body, value, client: ApiClient) => {
    body[field] = value === 'none' ? null : await resolveId(client, '/v1/printers', String(value), 'printer');
  },
});
const money = (cents: unknown) => (typeof cents === 'number' ? cents.toFixed(2) : '-');

/**
 * Volunteers know printers by name ("Cucina"), not by id: records that point at a printer get its name beside the
 * id field (`printerId` → `printer`), read once per command. An id no printer has any more is shown as it is.
 */
const printerNames =
  (field: string) =>
  async (rows: Json[], client: ApiClient): Promise<Json[]> => {
    if (!rows.some((row) => typeof row[field] === 'string')) return rows.map((row) => ({ ...row, printer: null }));
    const printers = await client.get<Array<{ id: string; name: string }>>('/v1/printers');
    const names = new Map(printers.map((printer) => [printer.id, printer.name]));
    return rows.map((row) => {
      const id = row[field];
      return { ...row, printer: typeof id === 'string' ? (names.get(id) ?? id) : null };
    });
  };

export function registerCatalog(program: Command): void {
  registerResource(program, {
    command: 'printers',
    what: 'printer',
    path: '/v1/printers',
    description: 'LAN thermal printers (kitchen stations, bar, register receipts)',
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'address', value: (r) => `${r['ip']}:${r['port']}` },
      { header: 'status', value: (r) => r['status'] as string },
      { header: 'width', value: (r) => r['columns'] as number, align: 'right' },
      { header: 'drawer', value: (r) => r['cashDrawer'] as boolean },
      { header: 'tickets', value: (r) => r['kitchenTickets'] as boolean },
    ],
    fields: [
      text('--name <name>', 'name shown to volunteers', 'name', true),
      text('--ip <address>', 'IPv4 address or host name', 'ip', true),
      { flags: '--port <port>', description: 'TCP port (default 9100)', apply: (b, v) => void (b['port'] = parseInteger(String(v), '--port')) },
      text('--description <text>', 'where it stands, what it prints', 'description'),
      { flags: '--width <columns>', description: 'characters per line: 32, 42 or 48', apply: (b, v) => void (b['columns'] = parseInteger(String(v), '--width')) },
      toggle('--drawer', 'a cash drawer is wired to it', 'cashDrawer', true),
      toggle('--no-drawer', 'no cash drawer', 'cashDrawer', false),
      toggle('--kitchen-tickets', 'print kitchen tickets here (the default)', 'kitchenTickets', true),
      toggle('--no-kitchen-tickets', 'no kitchen tickets: its station works from a screen (pos kitchen-url)', 'kitchenTickets', false),
      text('--status <status>', 'ONLINE, OFFLINE or ERROR', 'status'),
    ],
    toInput: (r) => ({ name: r['name'], ip: r['ip'], port: r['port'], description: r['description'], columns: r['columns'], cashDrawer: r['cashDrawer'] }),
    examples: '  pos printers add --name Cucina --ip 192.168.1.50 --width 48\n  pos printers edit Cucina --ip 192.168.1.51\n  pos printers test Cucina',
  }).addCommand(printerTestCommand());

  registerResource(program, {
    command: 'categories',
    what: 'category',
    path: '/v1/categories',
    description: 'menu categories (their order, availability and kitchen printer)',
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'position', value: (r) => r['position'] as number, align: 'right' },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'available', value: (r) => r['available'] as boolean },
      { header: 'printer', value: (r) => r['printer'] as string | null },
    ],
    enrich: printerNames('printerId'),
    fields: [
      text('--name <name>', 'category name (unique)', 'name', true),
      { flags: '--position <n>', description: 'order in the menu (smaller first)', apply: (b, v) => void (b['position'] = parseInteger(String(v), '--position')) },
      printerRef('--printer <printer>', 'printer of its kitchen tickets (name, id or none)', 'printerId'),
      toggle('--available', 'orderable', 'available', true),
      toggle('--unavailable', 'not orderable (all its foods)', 'available', false),
    ],
    toInput: (r) => ({ name: r['name'], position: r['position'], printerId: r['printerId'], available: r['available'] }),
    examples: '  pos categories add --name Pizze --position 1 --printer Cucina',
  });

  registerResource(program, {
    command: 'ingredients',
    what: 'ingredient',
    path: '/v1/ingredients',
    description: 'ingredients listed on foods',
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'stock', value: (r) => (r['stock'] as number | null) ?? '-', align: 'right' },
    ],
    fields: [text('--name <name>', 'ingredient name (unique)', 'name', true)],
    toInput: (r) => ({ name: r['name'] }),
  });

  registerResource(program, {
    command: 'foods',
    what: 'food',
    path: '/v1/foods',
    description: 'the menu: foods with price, category, printer and availability',
    detailQuery: { include: 'ingredients' },
    showAs: { price: money },
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'category', value: (r) => (r['category'] as Json)['name'] as string },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'price', value: (r) => money(r['price']), align: 'right' },
      { header: 'available', value: (r) => r['available'] as boolean },
      { header: 'left', value: (r) => (r['portionsLeft'] as number | null) ?? '-', align: 'right' },
      { header: 'printer', value: (r) => r['printer'] as string | null },
    ],
    enrich: printerNames('printerId'),
    fields: [
      text('--name <name>', 'food name (unique)', 'name', true),
      { flags: '--price <amount>', description: 'price, such as 7.50', requiredOnAdd: true, apply: (b, v) => void (b['price'] = parseMoney(String(v), '--price')) },
      {
        flags: '--category <category>',
        description: 'its category (name or id)',
        requiredOnAdd: true,
        apply: async (b, v, client) => void (b['categoryId'] = await resolveId(client, '/v1/categories', String(v), 'category')),
      },
      text('--description <text>', 'description on tablets', 'description'),
      printerRef('--printer <printer>', 'printer override for its kitchen tickets (name, id or none)', 'printerId'),
      {
        flags: '--ingredient <ingredient...>',
        description: 'its ingredients (names or ids), replacing the list',
        apply: async (b, v, client) => {
          const names = v as string[];
          b['ingredients'] = await Promise.all(names.map(async (name) => ({ id: await resolveId(client, '/v1/ingredients', name, 'ingredient') })));
        },
      },
      toggle('--available', 'orderable', 'available', true),
      toggle('--unavailable', 'sold out', 'available', false),
    ],
    toInput: (r) => ({
      name: r['name'],
      description: r['description'],
      price: r['price'],
      categoryId: r['categoryId'],
      printerId: r['printerId'],
      available: r['available'],
      ingredients: ((r['ingredients'] as Array<{ id: string }>) ?? []).map((i) => ({ id: i.id })),
    }),
    beforeAdd: async (body) => {
      body['available'] ??= true;
    },
    examples:
      '  pos foods add --name "Pizza margherita" --price 7.50 --category Pizze --ingredient Mozzarella --ingredient Basilico\n' +
      '  pos foods available "Pizza margherita" off      # sold out\n  pos foods edit "Pizza margherita" --price 8',
  }).addCommand(foodAvailableCommand());

  registerResource(program, {
    command: 'registers',
    what: 'register',
    path: '/v1/cash-registers',
    description: 'cash registers (tills) and the printer of their receipts',
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'enabled', value: (r) => r['enabled'] as boolean },
      { header: 'printer', value: (r) => r['printer'] as string | null },
    ],
    enrich: printerNames('defaultPrinterId'),
    fields: [
      text('--name <name>', 'register name', 'name', true),
      printerRef('--printer <printer>', 'receipt printer (name or id)', 'defaultPrinterId', true),
      toggle('--enabled', 'may confirm orders', 'enabled', true),
      toggle('--disabled', 'may not confirm orders', 'enabled', false),
    ],
    toInput: (r) => ({ name: r['name'], enabled: r['enabled'], defaultPrinterId: r['defaultPrinterId'] }),
    examples: '  pos registers add --name "Cassa 1" --printer Cassa',
  });

  registerResource(program, {
    command: 'banners',
    what: 'banner',
    path: '/v1/banners',
    description: 'event and sponsor banners for the ready-number screen',
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'type', value: (r) => r['type'] as string },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'title', value: (r) => r['title'] as string },
      { header: 'active', value: (r) => r['active'] as boolean },
      { header: 'image', value: (r) => (r['image'] ? 'yes' : 'no') },
    ],
    fields: [
      text('--name <name>', 'internal name', 'name', true),
      text('--type <type>', 'EVENT or SPONSOR', 'type', true),
      text('--title <text>', 'title shown on the screen', 'title', true),
      text('--description <text>', 'tagline', 'description'),
      text('--website <url>', 'http(s) address', 'website'),
      text('--social1 <handle>', 'first social handle', 'social1'),
      text('--social2 <handle>', 'second social page', 'social2'),
      text('--color <hex>', 'colour such as ff8800', 'color'),
      text('--date-time <iso>', 'event date and time (ISO 8601)', 'dateTime'),
      toggle('--active', 'shown on screens', 'active', true),
      toggle('--inactive', 'hidden', 'active', false),
    ],
    toInput: (r) => {
      const { id: _id, image: _image, ...rest } = r;
      return rest;
    },
    beforeAdd: async (body) => {
      body['description'] ??= '';
      body['website'] ??= '';
      body['social1'] ??= '';
      body['social2'] ??= '';
      body['color'] ??= '333333';
      body['dateTime'] ??= new Date().toISOString();
      body['active'] ??= true;
    },
    examples: '  pos banners add --name ProLoco --type SPONSOR --title "Pro Loco" --color ff8800\n  pos banners image ProLoco logo.png',
  }).addCommand(bannerImageCommand());

  registerResource(program, {
    command: 'users',
    what: 'user',
    path: '/v1/users',
    nameField: 'username',
    description: 'people who log in (admins and operators)',
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'username', value: (r) => r['username'] as string },
      { header: 'role', value: (r) => r['role'] as string },
    ],
    fields: [
      text('--username <name>', 'login name', 'username', true),
      text('--role <role>', 'admin or operator', 'role'),
      toggle('--password-stdin', 'read the new password from standard input', 'passwordFromStdin', true),
      toggle('--password', 'ask for a new password', 'passwordPrompt', true),
    ],
    patchOnly: true,
    beforeAdd: async (body, flags) => {
      const editing = flags['editing'] === true;
      if (editing) delete body['username'];
      const wantsPassword = !editing || body['passwordFromStdin'] === true || body['passwordPrompt'] === true;
      const fromStdin = body['passwordFromStdin'] === true;
      delete body['passwordFromStdin'];
      delete body['passwordPrompt'];
      if (!editing) body['role'] ??= 'operator';
      if (wantsPassword) body['password'] = await newPassword(fromStdin);
    },
    examples: '  pos users add --username anna --role operator          # asks for the password\n  echo "$PW" | pos users edit anna --password-stdin',
  });

  registerResource(program, {
    command: 'keys',
    what: 'key',
    path: '/v1/api-keys',
    description: 'device keys for print services and ready-number screens',
    canEdit: false,
    columns: [
      { header: 'id', value: (r) => r['id'] as string },
      { header: 'name', value: (r) => r['name'] as string },
      { header: 'scope', value: (r) => r['scope'] as string },
      { header: 'created', value: (r) => r['createdAt'] as string },
    ],
    fields: [text('--name <name>', 'what the key is for (e.g. "TV by the bar")', 'name', true), text('--scope <scope>', 'printer or display', 'scope', true)],
    afterAdd: (created, json) => {
      if (json) return printJson(created);
      print(`created ${created['scope']} key "${created['name']}" (${created['id']}):\n\n  ${created['key']}\n`);
      print('This is the only time the key is shown: copy it into the device now.');
    },
    examples: '  pos keys add --name "TV by the bar" --scope display',
  });
}

/** The server's rule for passwords, in words (from the same schema the server checks). */
function passwordRule(): string {
  const { minLength, maxLength } = UserInput.shape.password;
  return `at least ${minLength} characters${maxLength === null ? '' : ` (at most ${maxLength})`}`;
}

/**
 * A new password: the rule is said before it is typed, and a typed one is asked twice (nobody sees what they type, so
 * a slip would lock the volunteer out). Checked here so a mistake costs no request and changes nothing.
 */
async function newPassword(fromStdin: boolean): Promise<string> {
  const rule = passwordRule();
  let password: string;
  if (fromStdin) password = await readStdin();
  else {
    process.stderr.write(`The password needs ${rule}.\n`);
    password = await askPassword('New password: ');
    if (UserInput.shape.password.safeParse(password).success) {
      const again = await askPassword('Type it again: ');
      if (again !== password) throw new CliError('the two passwords are not the same: nothing was changed, try again');
    }
  }
  if (!UserInput.shape.password.safeParse(password).success) throw new CliError(`the password needs ${rule}: nothing was changed`);
  return password;
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
      const updated = await client.patch<Json>(`/v1/foods/${id}`, { available: state === 'on' });
      if (globals.json) return printJson(updated);
      print(`${updated['name']} is ${state === 'on' ? 'available again' : 'sold out'}`);
    });
}

function bannerImageCommand(): Command {
  return new Command('image')
    .description('upload the image of a banner (PNG or JPEG, at most 5 MiB)')
    .argument('<banner>', 'banner name or id')
    .argument('<file>', 'image file')
    .action(async (banner: string, file: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch (error) {
        throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/banners', banner, 'banner');
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)]), basename(file));
      const updated = await client.request<Json>('PATCH', `/v1/banners/${id}/image`, { rawBody: form });
      if (globals.json) return printJson(updated);
      print(`image of ${updated['name']} uploaded: ${updated['image']}`);
    });
}

function printerTestCommand(): Command {
  return new Command('test')
    .description('print a test page on a printer')
    .argument('<printer>', 'printer name or id')
    .action(async (printer: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/printers', printer, 'printer');
      const job = await client.post<Json>(`/v1/printers/${id}/test`, {});
      if (globals.json) return printJson(job);
      print(`test page queued for ${printer} (print job ${job['id']}): see \`pos print-jobs list\``);
    });
}
