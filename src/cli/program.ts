import { Command, Option } from 'commander';
import { VERSION } from '../version.js';

// Each command group is its own module, loaded only when it is asked for: `pos printers list` reads the printers'
// module and what it needs, not the dashboard's Ink and React, the server's Fastify and SQLite, or the schemas of
// every other command. `pos --help` and an unknown command load them all.

type Register = (program: Command) => void;

/** The modules, each with the top-level commands it adds, in the order `pos --help` lists them. */
const COMMANDS: Array<[names: string[], load: () => Promise<Register>]> = [
  [['serve'], async () => (await import('./commands/serve.js')).registerServe],
  [['migrate'], async () => (await import('./commands/migrate.js')).registerMigrate],
  [['token'], async () => (await import('./commands/token.js')).registerToken],
  [['login', 'logout', 'whoami'], async () => (await import('./commands/login.js')).registerLogin],
  [['printers'], async () => (await import('./commands/printers.js')).registerPrinters],
  [['categories'], async () => (await import('./commands/categories.js')).registerCategories],
  // `stock` (below) adds a subcommand to both foods and ingredients: one of them brings the three.
  [['ingredients', 'foods'], async () => (await import('./commands/ingredients.js')).registerIngredients],
  [['foods', 'ingredients'], async () => (await import('./commands/foods.js')).registerFoods],
  [['registers'], async () => (await import('./commands/registers.js')).registerRegisters],
  [['sessions'], async () => (await import('./commands/sessions.js')).registerSessions],
  [['banners'], async () => (await import('./commands/banners.js')).registerBanners],
  [['users'], async () => (await import('./commands/users.js')).registerUsers],
  [['keys'], async () => (await import('./commands/keys.js')).registerKeys],
  [['foods', 'ingredients'], async () => (await import('./commands/stock.js')).registerStock],
  [['orders'], async () => (await import('./commands/orders.js')).registerOrders],
  [['events'], async () => (await import('./commands/events.js')).registerEvents],
  [['report', 'closure'], async () => (await import('./commands/reports.js')).registerReports],
  [['backup', 'restore'], async () => (await import('./commands/backup.js')).registerBackup],
  [['print-jobs'], async () => (await import('./commands/print-jobs.js')).registerPrintJobs],
  [['printer-emulator'], async () => (await import('./commands/printer-emulator.js')).registerPrinterEmulator],
  [['display-url'], async () => (await import('./commands/display-url.js')).registerDisplayUrl],
  [['kitchen-url'], async () => (await import('./commands/kitchen-url.js')).registerKitchenUrl],
  [['pickup-url'], async () => (await import('./commands/pickup-url.js')).registerPickupUrl],
  [['dashboard'], async () => (await import('./commands/dashboard.js')).registerDashboard],
  [['till-url'], async () => (await import('./commands/till-url.js')).registerTillUrl],
  [['venue'], async () => (await import('./commands/venue.js')).registerVenue],
  [['menu'], async () => (await import('./commands/menu.js')).registerMenu],
  [['menu-page'], async () => (await import('./commands/menu-page.js')).registerMenuPage],
  [['doctor'], async () => (await import('./commands/doctor.js')).registerDoctor],
  [['setup'], async () => (await import('./commands/setup.js')).registerSetup],
];

/** Global options that take a value: the word after them is not the command. */
const VALUE_OPTIONS = new Set(['--data-dir', '--database', '--url', '--token']);

/** The command word of `argv` (node, script, then the arguments), or null when there is none. */
export function commandWord(argv: readonly string[]): string | null {
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return args[i + 1] ?? null;
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return null;
}

/** Options every command understands; read them with `command.optsWithGlobals<GlobalOptions>()`. */
export interface GlobalOptions {
  dataDir?: string;
  /** A PostgreSQL URL: the server's data is there, not in the data dir (serve, migrate, token revoke). */
  database?: string;
  url?: string;
  token?: string;
  json?: boolean;
}

/**
 * The program with the commands `argv` names (their modules only), or with every command (no argv, `help`, only
 * options such as --help, or a word no module adds: commander then says what it knows).
 */
export async function loadProgram(argv: readonly string[] = []): Promise<Command> {
  const program = baseProgram();
  const word = commandWord(argv);
  const named = COMMANDS.filter(([names]) => word !== null && names.includes(word));
  const registers = await Promise.all((named.length > 0 ? named : COMMANDS).map(([, load]) => load()));
  for (const register of registers) register(program);
  return program;
}

/** The program and its global options, without commands. */
function baseProgram(): Command {
  const program = new Command('pos')
    .description('point of sale for food events: orders, kitchen tickets, ready numbers and sales reports')
    .version(VERSION, '-v, --version')
    .addOption(new Option('--data-dir <dir>', 'data dir of the server on this machine').env('POS_DATA_DIR'))
    .addOption(
      new Option(
        '--database <url>',
        'PostgreSQL database of the server on this machine (postgres://user:password@host/db); default: SQLite in the data dir',
      ).env('POS_DATABASE_URL'),
    )
    .addOption(new Option('--url <url>', 'address of the pos server, such as http://192.168.1.20:4300').env('POS_URL'))
    .addOption(
      new Option('--token <token>', 'access token (otherwise: pos login, or minted from the local data dir)').env(
        'POS_TOKEN',
      ),
    )
    .option('--json', 'print machine-readable JSON instead of tables')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 something to fix (the message says what), 2 an unexpected error (a bug: please report it).',
    );

  return program;
}
