import type { Command } from 'commander';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../program.js';
import { printAddresses, screenBases } from '../screen-addresses.js';

export function registerDisplayUrl(program: Command): void {
  program
    .command('display-url')
    .description(
      'print the address of the ready-number screen for each network, with a QR code to open it on a TV or tablet',
    )
    .option('--key <key>', 'an existing display key (posk_display_...)')
    .option('--create-key [name]', 'create a new display key for this screen')
    .addHelpText('after', '\nExample:\n  pos display-url --create-key "TV by the bar"')
    .action(async (flags: { key?: string; createKey?: string | boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      let key = flags.key;
      if (!key && flags.createKey !== undefined) {
        const name = typeof flags.createKey === 'string' ? flags.createKey : 'display';
        key = (await client.createApiKey({ name, scope: 'display' })).key;
      }
      if (!key) throw new CliError('give the display key with --key, or make one with --create-key "TV by the bar"');
      if (!key.startsWith('posk_display_'))
        throw new CliError('that is not a display key (they start with posk_display_)');
      const urls = screenBases(globals, client.baseUrl, 'screens').map(
        (base) => `${base}/display?key=${encodeURIComponent(key as string)}`,
      );
      await printAddresses(globals, urls, { urls }, (shown) => `Scan to open ${shown} on the screen:`);
    });
}
