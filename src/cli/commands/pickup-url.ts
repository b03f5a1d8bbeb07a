import type { Command } from 'commander';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../program.js';
import { printAddresses, screenBases } from '../screen-addresses.js';

/** The address of the pickup counter's page, with a `pickup` device key in it (modelled on display-url). */
export function registerPickupUrl(program: Command): void {
  program
    .command('pickup-url')
    .description(
      'print the address of the pickup counter for each network, with a QR code to open it on the counter’s tablet',
    )
    .option('--key <key>', 'an existing pickup key (posk_pickup_...)')
    .option('--create-key [name]', 'create a new pickup key for this counter')
    .addHelpText('after', '\nExample:\n  pos pickup-url --create-key "pickup counter"')
    .action(async (flags: { key?: string; createKey?: string | boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      let key = flags.key;
      if (!key && flags.createKey !== undefined) {
        const name = typeof flags.createKey === 'string' ? flags.createKey : 'pickup counter';
        key = (await client.createApiKey({ name, scope: 'pickup' })).key;
      }
      if (!key) throw new CliError('give the pickup key with --key, or make one with --create-key "pickup counter"');
      if (!key.startsWith('posk_pickup_'))
        throw new CliError('that is not a pickup key (they start with posk_pickup_)');
      const urls = screenBases(globals, client.baseUrl, 'screens').map(
        (base) => `${base}/pickup?key=${encodeURIComponent(key as string)}`,
      );
      await printAddresses(
        globals,
        urls,
        { urls },
        (shown) => `Scan to open the pickup counter (${shown}) on its tablet:`,
      );
    });
}
