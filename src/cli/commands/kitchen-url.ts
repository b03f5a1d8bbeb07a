import type { Command } from 'commander';
import { lanUrls } from '../../server/lan-urls.js';
import { connect, localServerInfo } from '../client.js';
import { CliError } from '../errors.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { pick } from '../resolve.js';

/** The address of one station's kitchen screen, with a `kitchen` device key in it (modelled on display-url). */
export function registerKitchenUrl(program: Command): void {
  program
    .command('kitchen-url')
    .description("print the address of a kitchen station's screen for each network, with a QR code to open it on the station's tablet")
    .requiredOption('--station <name>', 'the station: the name (or id) of the printer its kitchen tickets go to')
    .option('--key <key>', 'an existing kitchen key (posk_kitchen_...)')
    .option('--create-key [name]', 'create a new kitchen key for this screen')
    .addHelpText('after', '\nExample:\n  pos kitchen-url --station Cucina --create-key "Grill tablet"')
    .action(async (flags: { station: string; key?: string; createKey?: string | boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const printers = await client.printers();
      if (printers.length === 0) throw new CliError('there are no printers yet: a station is a printer that gets kitchen tickets (pos printers create)');
      const wanted = flags.station.toLowerCase();
      if (!printers.some((printer) => printer.id === flags.station || printer.name.toLowerCase() === wanted)) {
        throw new CliError(`no station "${flags.station}": the stations are the printers ${printers.map((printer) => `"${printer.name}"`).join(', ')}`);
      }
      const station = pick(printers, flags.station, (printer) => printer.name, 'station');
      let key = flags.key;
      if (!key && flags.createKey !== undefined) {
        const name = typeof flags.createKey === 'string' ? flags.createKey : `kitchen ${station.name}`;
        key = (await client.createApiKey({ name, scope: 'kitchen' })).key;
      }
      if (!key) throw new CliError(`give the kitchen key with --key, or make one with --create-key "${station.name} tablet"`);
      if (!key.startsWith('posk_kitchen_')) throw new CliError('that is not a kitchen key (they start with posk_kitchen_)');
      const server = new URL(client.baseUrl);
      const isLocal = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(server.hostname);
      // On the server's machine: the addresses it really listens on (every network, or only this machine).
      const info = isLocal ? localServerInfo(globals.dataDir) : null;
      const host = info && info.port === Number(server.port) ? info.host : '0.0.0.0';
      const bases = isLocal ? lanUrls(host, Number(server.port || 80)) : [client.baseUrl];
      if (isLocal && !['0.0.0.0', '::'].includes(host)) {
        process.stderr.write(`warning: the server listens on ${host} only: screens on the Wi-Fi cannot reach it (start it with --host 0.0.0.0)\n`);
      }
      const urls = bases.map((base) => `${base}/kitchen?station=${encodeURIComponent(station.id)}&key=${encodeURIComponent(key as string)}`);
      if (globals.json) return printJson({ station: { id: station.id, name: station.name }, urls });
      for (const url of urls) print(url);
      const forScreens = urls.find((url) => !url.includes('//localhost')) ?? (urls[0] as string);
      print(`\nScan to open the ${station.name} screen (${forScreens.replace(/key=.*/, 'key=…')}) on its tablet:\n`);
      const { default: QRCode } = await import('qrcode');
      print(await QRCode.toString(forScreens, { type: 'terminal', small: true }));
    });
}
