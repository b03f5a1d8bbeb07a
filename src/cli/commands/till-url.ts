import type { Command } from 'commander';
import { resolveUrl } from '../client.js';
import type { GlobalOptions } from '../program.js';
import { printAddresses, screenBases } from '../screen-addresses.js';

/** The till needs no key (the cashier logs in on it): the address, per network, and a QR to open it on a tablet. */
export function registerTillUrl(program: Command): void {
  program
    .command('till-url')
    .description('print the address of the cashier till for each network, with a QR code to open it on a tablet')
    .addHelpText('after', '\nExample:\n  pos till-url')
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const base = new URL(resolveUrl(globals)).origin;
      const urls = screenBases(globals, base, 'tablets').map((origin) => `${origin}/`);
      await printAddresses(globals, urls, { urls }, (shown) => `Scan to open the till (${shown}) on a tablet:`);
    });
}
