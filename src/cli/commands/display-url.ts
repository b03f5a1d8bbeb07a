import type { Command } from 'commander';
import { lanUrls } from '../../server/lan-urls.js';
import { connect, localServerInfo } from '../client.js';
import { CliError } from '../errors.js';
import { print, printJson, terminalQr } from '../output.js';
import type { GlobalOptions } from '../program.js';

export function registerDisplayUrl(program: Command): void {
  program
    .command('display-url')
    .description('print the address of the ready-number screen for each network, with a QR code to open it on a TV or tablet')
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
      if (!key.startsWith('posk_display_')) throw new CliError('that is not a display key (they start with posk_display_)');
      const server = new URL(client.baseUrl);
      const isLocal = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(server.hostname);
      // On the server's machine: the addresses it really listens on (every network, or only this machine).
      const info = isLocal ? localServerInfo(globals.dataDir) : null;
      const host = info && info.port === Number(server.port) ? info.host : '0.0.0.0';
      const bases = isLocal ? lanUrls(host, Number(server.port || 80)) : [client.baseUrl];
      if (isLocal && !['0.0.0.0', '::'].includes(host)) {
        process.stderr.write(`warning: the server listens on ${host} only: screens on the Wi-Fi cannot reach it (start it with --host 0.0.0.0)\n`);
      }
      const urls = bases.map((base) => `${base}/display?key=${encodeURIComponent(key as string)}`);
      if (globals.json) return printJson({ urls });
      for (const url of urls) print(url);
      const forScreens = urls.find((url) => !url.includes('//localhost')) ?? urls[0] as string;
      print(`\nScan to open ${forScreens.replace(/key=.*/, 'key=…')} on the screen:\n`);
      print(await terminalQr(forScreens));
    });
}
