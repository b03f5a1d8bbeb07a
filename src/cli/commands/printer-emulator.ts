import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { print } from '../output.js';

const HELP = 'commands: paper-out, paper-ok, cover-open, cover-closed, offline, online, stall, unstall, status, help';

export function registerPrinterEmulator(program: Command): void {
  program
    .command('printer-emulator')
    .description('a virtual ESC/POS network printer: tickets become text files (for trying pos without hardware)')
    .option('--port <port>', 'TCP port', '9100')
    .option('--host <address>', 'address to listen on (0.0.0.0 to reach it from other machines)', '127.0.0.1')
    .option('--out <dir>', 'write each ticket to a text file in this folder')
    .option('--width <columns>', 'paper width used to lay the text out: 32, 42 or 48', '48')
    .addHelpText('after', `\nWhile it runs, type a command and Enter to simulate trouble:\n  ${HELP}`)
    .action(async (flags: { port: string; host: string; out?: string; width: string }) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new CliError(`--port must be 0 to 65535, got "${flags.port}"`);
      const columns = Number(flags.width);
      if (![32, 42, 48].includes(columns)) throw new CliError(`--width must be 32, 42 or 48, got "${flags.width}"`);
      const outDir = flags.out ? resolve(flags.out) : undefined;
      const { PrinterEmulator } = await import('../../printer/emulator.js');
      const emulator = new PrinterEmulator({
        port,
        host: flags.host,
        columns,
        ...(outDir ? { outDir } : {}),
        onTicket: (ticket) => {
          const first =
            ticket.text
              .split('\n')
              .find((line) => line.trim() !== '' && line !== '[drawer]')
              ?.trim() ?? '';
          print(
            `ticket ${ticket.sequence}: ${first} (${ticket.text.split('\n').length - 1} lines)${ticket.file ? ` -> ${ticket.file}` : ''}`,
          );
          if (!outDir) print(ticket.text);
        },
      });
      try {
        await emulator.start();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new CliError(`port ${port} is already in use: choose another with --port`);
        throw error;
      }
      print(`printer emulator listening on ${flags.host}:${emulator.port}${outDir ? `, tickets go to ${outDir}` : ''}`);
      print(HELP);
      const state = { paperOut: false, coverOpen: false, offline: false, stalled: false };
      const lines = createInterface({ input: process.stdin });
      lines.on('line', (line) => {
        const command = line.trim();
        const actions: Record<string, () => Promise<void> | void> = {
          'paper-out': () => emulator.setPaperOut((state.paperOut = true)),
          'paper-ok': () => emulator.setPaperOut((state.paperOut = false)),
          'cover-open': () => emulator.setCoverOpen((state.coverOpen = true)),
          'cover-closed': () => emulator.setCoverOpen((state.coverOpen = false)),
          offline: () => emulator.setOffline((state.offline = true)),
          online: () => emulator.setOffline((state.offline = false)),
          stall: () => emulator.setStalled((state.stalled = true)),
          unstall: () => emulator.setStalled((state.stalled = false)),
          status: () => {},
          help: () => print(HELP),
        };
        const action = actions[command];
        if (!command) return;
        if (!action) return print(`unknown command "${command}"; ${HELP}`);
        void Promise.resolve(action()).then(() =>
          print(`state: ${JSON.stringify(state)} (${emulator.tickets.length} tickets printed)`),
        );
      });
      await new Promise<void>((done) => {
        const stop = () => {
          lines.close();
          void emulator.stop().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
