import { lanUrls } from '../server/lan-urls.js';
import { localServerInfo } from './client.js';
import { print, printDrawn, printJson, terminalQr } from './output.js';
import type { GlobalOptions } from './program.js';

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

/**
 * Where a tablet or screen reaches the server (`base`: the address the CLI uses). On the server's machine: the
 * addresses it really listens on (every network, or only this machine, with a warning); elsewhere, `base` itself.
 */
export function screenBases(globals: GlobalOptions, base: string, devices: 'screens' | 'tablets'): string[] {
  const server = new URL(base);
  if (!LOOPBACK.includes(server.hostname)) return [base];
  const info = localServerInfo(globals.dataDir);
  const host = info && info.port === Number(server.port) ? info.host : '0.0.0.0';
  if (!['0.0.0.0', '::'].includes(host)) {
    process.stderr.write(
      `warning: the server listens on ${host} only: ${devices} on the Wi-Fi cannot reach it (start it with --host 0.0.0.0)\n`,
    );
  }
  return lanUrls(host, Number(server.port || 80));
}

/**
 * The addresses one per line (or `json` for --json), then a QR of the first one other machines can open.
 * `caption` says what the QR opens, given the address with its key hidden.
 */
export async function printAddresses(
  globals: GlobalOptions,
  urls: string[],
  json: Record<string, unknown>,
  caption: (shown: string) => string,
): Promise<void> {
  if (globals.json) return printJson(json);
  for (const url of urls) print(url);
  const forDevices = urls.find((url) => !url.includes('//localhost')) ?? (urls[0] as string);
  print(`\n${caption(forDevices.replace(/key=.*/, 'key=…'))}\n`);
  printDrawn(await terminalQr(forDevices));
}
