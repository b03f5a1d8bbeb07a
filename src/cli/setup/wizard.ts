import { join } from 'node:path';
import { ApiError, type PosClient } from '../../client/index.js';
import type { Locale } from '../../i18n/index.js';
import { PACKAGE_ROOT } from '../../version.js';
import { importMenu } from '../menu/menu-io.js';
import { parsePrice } from '../menu/menu-table.js';
import { terminalQr } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { screenBases } from '../screen-addresses.js';
import type { Prompter } from './prompter.js';

// `pos setup`: the first evening set up by answering questions, in the order a committee does it. Every step shows
// what is there and changes only what the person confirms, so running it again is safe.

const EXAMPLE_MENU = join(PACKAGE_ROOT, 'examples', 'menu-sagra.csv');

/** A refusal of the server is said and the step goes on; anything else (the server gone) ends the setup. */
async function attempt<T>(io: Prompter, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || !error.final) throw error;
    io.say(`  not done: ${error.message}`);
    return null;
  }
}

/**
 * Asks until `read` accepts the answer: a typo is asked again, not dropped. Enter alone takes the fallback or, with
 * none, gives up (null), so a volunteer can always get out of the question.
 */
async function askUntil<T>(
  io: Prompter,
  question: string,
  fallback: string,
  read: (answer: string) => T | null,
  expected: string,
): Promise<T | null> {
  for (;;) {
    const answer = await io.ask(question, fallback);
    if (answer === '') return null;
    const value = read(answer);
    if (value !== null) return value;
    io.say(`  "${answer}" is not ${expected}: try again (Enter alone: ${fallback || 'skip it'})`);
  }
}

function parseAddress(text: string): { ip: string; port: number } {
  const [ip = '', port] = text.split(':');
  return { ip: ip.trim(), port: port ? Number(port) : 9100 };
}

async function venueStep(io: Prompter, client: PosClient): Promise<void> {
  io.say('\n== 1. The event ==');
  const venue = await client.getVenue();
  const name = await io.ask('Name of the event (printed on receipts)', venue.name || undefined);
  if (name && name !== venue.name) {
    const header = venue.receiptHeader.length > 0 ? venue.receiptHeader : [name];
    await attempt(io, () => client.patchVenue({ name, receiptHeader: header }));
    io.say(`  saved: ${name}`);
  }
  const language = await io.ask('Language of tickets and screens (en, it)', venue.locale);
  if (language !== venue.locale) {
    io.say(`  the language is the server's: stop it and start it again with  pos serve --locale ${language}`);
  }
}

async function testPrint(io: Prompter, client: PosClient, printer: { id: string; name: string }): Promise<boolean> {
  const job = await attempt(io, () => client.testPrinter(printer.id));
  if (!job) return false;
  io.say(`  a test page is on its way to ${printer.name}`);
  return io.confirm(`  Did the test page come out of ${printer.name}?`, true);
}

async function printersStep(io: Prompter, client: PosClient): Promise<void> {
  io.say('\n== 2. Printers ==');
  const existing = await client.printers();
  for (const printer of existing) io.say(`  ${printer.name}  ${printer.ip}:${printer.port}  ${printer.status}`);
  if (existing.length > 0 && (await io.confirm('Test-print the printers above?', false))) {
    for (const printer of existing) {
      if (!(await testPrint(io, client, printer)))
        io.say(`  check its paper, cable and address (pos printers edit ${printer.name} --ip …)`);
    }
  }
  while (await io.confirm(existing.length === 0 ? 'Add a printer?' : 'Add another printer?', existing.length === 0)) {
    const name = await io.ask('  Printer name (Cucina, Bar, Cassa…)');
    const { ip, port } = parseAddress(await io.ask('  Its address (IP, or IP:port; port 9100 if not given)'));
    const columns = await askUntil(
      io,
      '  Paper width in characters (32, 42 or 48)',
      '48',
      (answer) => (answer === '32' || answer === '42' || answer === '48' ? (Number(answer) as 32 | 42 | 48) : null),
      '32, 42 or 48',
    );
    if (columns === null) continue;
    const created = await attempt(io, () => client.create('/v1/printers', { name, ip, port, columns }));
    if (!created) continue;
    existing.push(created);
    if (!(await testPrint(io, client, created))) {
      const fixed = await io.ask('  Check power, paper and cable. A different address? (Enter: keep it)');
      if (fixed) {
        const address = parseAddress(fixed);
        const edited = await attempt(io, () =>
          client.replace('/v1/printers', created.id, { name, ip: address.ip, port: address.port }),
        );
        if (edited && !(await testPrint(io, client, edited)))
          io.say('  still nothing: pos doctor will say more once the printer answers');
      }
    }
  }
}

async function typeMenu(io: Prompter, client: PosClient): Promise<void> {
  const foods: Array<{ category: string; name: string; price: number }> = [];
  let category = 'Menu';
  io.say('  One food at a time; Enter on the name when done.');
  for (;;) {
    const name = await io.ask('  Food name');
    if (!name) break;
    category = await io.ask('  Category', category);
    const price = await askUntil(io, '  Price (7,50)', '', parsePrice, 'a price like 7,50');
    if (price === null) {
      io.say(`  ${name} is left out`);
      continue;
    }
    foods.push({ category, name, price });
  }
  if (foods.length === 0) return;
  const result = await attempt(io, () => client.importMenu({ foods }));
  if (result) io.say(`  added ${result.added.length}, changed ${result.changed.length}`);
}

async function importStep(io: Prompter, client: PosClient, file: string, locale: Locale): Promise<void> {
  const dry = await importMenu(client, file, { dryRun: true, locale }).catch((error: Error) => {
    io.say(error.message);
    return null;
  });
  if (!dry) return;
  io.say(dry.report.slice(0, -1).join('\n'));
  if (await io.confirm('Apply these changes?', true))
    io.say((await importMenu(client, file, { dryRun: false, locale })).report.at(-1) ?? '');
}

async function menuStep(io: Prompter, client: PosClient, locale: Locale): Promise<void> {
  io.say('\n== 3. The menu ==');
  const foods = await client.foods();
  io.say(`  The menu has ${foods.length} foods.`);
  const choice = await io.choose(
    foods.length === 0 ? 'How do you start?' : 'Change it?',
    [
      'import a file (.csv or .xlsx)',
      'start from the example sagra menu',
      'type it here',
      foods.length === 0 ? 'later' : 'leave it as it is',
    ],
    foods.length === 0 ? 1 : 3,
  );
  if (choice === 0) await importStep(io, client, await io.ask('  File'), locale);
  if (choice === 1) await importStep(io, client, EXAMPLE_MENU, locale);
  if (choice === 2) await typeMenu(io, client);
  // A category without a printer prints at the register: ask once per such category.
  const printers = await client.printers();
  if (printers.length === 0) return;
  for (const category of await client.categories()) {
    if (category.printerId !== null) continue;
    const wanted = await io.ask(
      `  Which printer prints ${category.name}? (${printers.map((p) => p.name).join(', ')}; Enter: the register's)`,
    );
    const printer = printers.find((p) => p.name.toLowerCase() === wanted.toLowerCase());
    if (wanted && !printer) io.say(`  no printer "${wanted}": left to the register`);
    if (printer) await attempt(io, () => client.patch('/v1/categories', category.id, { printerId: printer.id }));
  }
}

async function registersStep(io: Prompter, client: PosClient): Promise<void> {
  io.say('\n== 4. Registers ==');
  const registers = await client.cashRegisters();
  for (const register of registers) io.say(`  ${register.name}${register.enabled ? '' : ' (disabled)'}`);
  const printers = await client.printers();
  while (
    await io.confirm(registers.length === 0 ? 'Add a register?' : 'Add another register?', registers.length === 0)
  ) {
    if (printers.length === 0) {
      io.say('  a register needs a printer for its receipts: add one first (pos printers add)');
      return;
    }
    const name = await io.ask('  Register name', `Cassa ${registers.length + 1}`);
    const wanted = await io.ask(
      `  Its receipt printer (${printers.map((p) => p.name).join(', ')})`,
      printers.at(-1)?.name,
    );
    const printer = printers.find((p) => p.name.toLowerCase() === wanted.toLowerCase());
    if (!printer) {
      io.say(`  no printer "${wanted}"`);
      continue;
    }
    const created = await attempt(io, () =>
      client.create('/v1/cash-registers', { name, defaultPrinterId: printer.id }),
    );
    if (created) registers.push(created);
  }
}

async function cashiersStep(io: Prompter, client: PosClient): Promise<void> {
  io.say('\n== 5. Cashiers ==');
  const operators = (await client.list('/v1/users')).filter((user) => user.role === 'operator');
  for (const user of operators) io.say(`  ${user.username}`);
  while (
    await io.confirm(
      operators.length === 0 ? 'Add a cashier login?' : 'Add another cashier login?',
      operators.length === 0,
    )
  ) {
    const username = await io.ask('  Username', `cassa${operators.length + 1}`);
    const password = await io.ask('  Password (at least 8 characters; shown as you type)');
    const created = await attempt(io, () => client.create('/v1/users', { username, password, role: 'operator' }));
    if (created) operators.push(created);
  }
}

async function addressesStep(io: Prompter, client: PosClient, globals: GlobalOptions): Promise<void> {
  io.say('\n== 6. Tablets, kitchen screens, TV ==');
  const bases = screenBases(globals, client.baseUrl, 'tablets');
  const lan = bases.find((base) => !base.includes('//localhost')) ?? bases[0] ?? client.baseUrl;
  io.say(`  Tills (tablets and phones): ${lan}/`);
  io.say(await terminalQr(`${lan}/`));
  if (await io.confirm('Make the address of the TV (ready numbers)?', false)) {
    const key = await attempt(io, () => client.createApiKey({ name: 'TV', scope: 'display' }));
    if (key) {
      io.say(`  TV: ${lan}/display?key=${key.key}`);
      io.say(await terminalQr(`${lan}/display?key=${encodeURIComponent(key.key)}`));
    }
  }
  io.say(
    '  Kitchen screens: pos kitchen-url --station <station> --create-key   TV later: pos display-url --create-key TV',
  );
}

export async function runSetup(io: Prompter, client: PosClient, globals: GlobalOptions): Promise<void> {
  const { locale } = await client.health();
  io.say('pos setup: a few questions to get the evening ready. Enter keeps what is shown in [brackets].');
  await venueStep(io, client);
  await printersStep(io, client);
  await menuStep(io, client, locale);
  await registersStep(io, client);
  await cashiersStep(io, client);
  await addressesStep(io, client, globals);
}
