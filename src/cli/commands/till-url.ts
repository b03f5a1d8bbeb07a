import type { Command } from 'commander';
import { lanUrls } from '../../server/lan-urls.js';
import { localServerInfo, resolveUrl } from '../client.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

/** The till needs no key (the cashier logs in on it): the address, per network, and a QR to open it on a tablet. */
export function registerTillUrl(program: Command): void {
  program
    .command('till-url')
    .description('print the address of the cashier till for each network, with a QR code to open it on a tablet')
    .addHelpText('after', '\nExample:\n  pos till-url')
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const server = new URL(resolveUrl(globals));
      const isLocal = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(server.hostname);
      // On the server's machine: the addresses it really listens on (every network, or only this machine).
      const info = isLocal ? localServerInfo(globals.dataDir) : null;
      const host = info && info.port === Number(server.port) ? info.host : '0.0.0.0';
      const bases = isLocal ? lanUrls(host, Number(server.port || 80)) : [server.origin];
      if (isLocal && !['0.0.0.0', '::'].includes(host)) {
        process.stderr.write(`warning: the server listens on ${host} only: tablets on the Wi-Fi cannot reach it (start it with --host 0.0.0.0)\n`);
      }
      const urls = bases.map((base) => `${base}/`);
      if (globals.json) return printJson({ urls });
      for (const url of urls) print(url);
      const forTablets = urls.find((url) => !url.includes('//localhost')) ?? (urls[0] as string);
      print(`\nScan to open the till (${forTablets}) on a tablet:\n`);
      const { default: QRCode } = await import('qrcode');
      print(await QRCode.toString(forTablets, { type: 'terminal', small: true }));
    });
}
