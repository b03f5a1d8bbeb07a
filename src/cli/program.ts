import { Command, Option } from 'commander';
import { VERSION } from '../version.js';
import { registerBackup } from './commands/backup.js';
import { registerBanners } from './commands/banners.js';
import { registerCategories } from './commands/categories.js';
import { registerDashboard } from './commands/dashboard.js';
import { registerDisplayUrl } from './commands/display-url.js';
import { registerEvents } from './commands/events.js';
import { registerFoods } from './commands/foods.js';
import { registerIngredients } from './commands/ingredients.js';
import { registerKeys } from './commands/keys.js';
import { registerKitchenUrl } from './commands/kitchen-url.js';
import { registerLogin } from './commands/login.js';
import { registerMigrate } from './commands/migrate.js';
import { registerOrders } from './commands/orders.js';
import { registerPrintJobs } from './commands/print-jobs.js';
import { registerPrinterEmulator } from './commands/printer-emulator.js';
import { registerPrinters } from './commands/printers.js';
import { registerRegisters } from './commands/registers.js';
import { registerReports } from './commands/reports.js';
import { registerServe } from './commands/serve.js';
import { registerStock } from './commands/stock.js';
import { registerTillUrl } from './commands/till-url.js';
import { registerToken } from './commands/token.js';
import { registerUsers } from './commands/users.js';
import { registerVenue } from './commands/venue.js';

/** Options every command understands; read them with `command.optsWithGlobals<GlobalOptions>()`. */
export interface GlobalOptions {
  dataDir?: string;
  url?: string;
  token?: string;
  json?: boolean;
}

export function buildProgram(): Command {
  const program = new Command('pos')
    .description('point of sale for food events: orders, kitchen tickets, ready numbers and sales reports')
    .version(VERSION, '-v, --version')
    .addOption(new Option('--data-dir <dir>', 'data dir of the server on this machine').env('POS_DATA_DIR'))
    .addOption(new Option('--url <url>', 'address of the pos server, such as http://192.168.1.20:4300').env('POS_URL'))
    .addOption(new Option('--token <token>', 'access token (otherwise: pos login, or minted from the local data dir)').env('POS_TOKEN'))
    .option('--json', 'print machine-readable JSON instead of tables')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 something to fix (the message says what), 2 an unexpected error (a bug: please report it).',
    );

  registerServe(program);
  registerMigrate(program);
  registerToken(program);
  registerLogin(program);
  registerPrinters(program);
  registerCategories(program);
  registerIngredients(program);
  registerFoods(program);
  registerRegisters(program);
  registerBanners(program);
  registerUsers(program);
  registerKeys(program);
  registerStock(program);
  registerOrders(program);
  registerEvents(program);
  registerReports(program);
  registerBackup(program);
  registerPrintJobs(program);
  registerPrinterEmulator(program);
  registerDisplayUrl(program);
  registerKitchenUrl(program);
  registerDashboard(program);
  registerTillUrl(program);
  registerVenue(program);
  return program;
}
