import type { Command } from 'commander';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../program.js';
import { pick } from '../resolve.js';
import { printAddresses, screenBases } from '../screen-addresses.js';

/** The address of one station's kitchen screen, with a `kitchen` device key in it (modelled on display-url). */
export function registerKitchenUrl(program: Command): void {
  program
    .command('kitchen-url')
    .description(
      "print the address of a kitchen station's screen for each network, with a QR code to open it on the station's tablet",
    )
    .requiredOption('--station <name>', 'the station: the name (or id) of the printer its kitchen tickets go to')
    .option('--key <key>', 'an existing kitchen key (posk_kitchen_...)')
    .option('--create-key [name]', 'create a new kitchen key for this screen, tied to this station (it sees no other)')
    .addHelpText('after', '\nExample:\n  pos kitchen-url --station Cucina --create-key "Cucina tablet"')
    .action(async (flags: { station: string; key?: string; createKey?: string | boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const printers = await client.printers();
      if (printers.length === 0)
        throw new CliError(
          'there are no printers yet: a station is a printer that gets kitchen tickets (pos printers add)',
        );
      const wanted = flags.station.toLowerCase();
      if (!printers.some((printer) => printer.id === flags.station || printer.name.toLowerCase() === wanted)) {
        throw new CliError(
          `no station "${flags.station}": the stations are the printers ${printers.map((printer) => `"${printer.name}"`).join(', ')}`,
        );
      }
      const station = pick(printers, flags.station, (printer) => printer.name, 'station');
      let key = flags.key;
      if (!key && flags.createKey !== undefined) {
        const name = typeof flags.createKey === 'string' ? flags.createKey : `kitchen ${station.name}`;
        key = (await client.createApiKey({ name, scope: 'kitchen', printerId: station.id })).key;
      }
      if (!key)
        throw new CliError(`give the kitchen key with --key, or make one with --create-key "${station.name} tablet"`);
      if (!key.startsWith('posk_kitchen_'))
        throw new CliError('that is not a kitchen key (they start with posk_kitchen_)');
      const bases = screenBases(globals, client.baseUrl, 'screens');
      const urls = bases.map(
        (base) => `${base}/kitchen?station=${encodeURIComponent(station.id)}&key=${encodeURIComponent(key as string)}`,
      );
      await printAddresses(
        globals,
        urls,
        { station: { id: station.id, name: station.name }, urls },
        (shown) => `Scan to open the ${station.name} screen (${shown}) on its tablet:`,
      );
    });
}
