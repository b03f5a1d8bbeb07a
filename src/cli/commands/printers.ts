import { Command } from 'commander';
import { connect } from '../client.js';
import { flagsOf } from '../field-flags.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { registerResource } from '../resource-command.js';
import { parseInteger, resolveId } from '../resolve.js';

const { parsed, text, toggle } = flagsOf('/v1/printers');

/** `pos printers`: the LAN thermal printers, and a test page. */
export function registerPrinters(program: Command): void {
  registerResource(program, {
    command: 'printers',
    what: 'printer',
    path: '/v1/printers',
    nameOf: (r) => r.name,
    description: 'LAN thermal printers (kitchen stations, bar, register receipts)',
    usedBy: async (client, id) => {
      const [categories, foods, registers] = await Promise.all([
        client.categories(),
        client.foods(),
        client.cashRegisters(),
      ]);
      return [
        ...categories.filter((c) => c.printerId === id).map((c) => `category ${c.name}`),
        ...foods.filter((f) => f.printerId === id).map((f) => `food ${f.name}`),
        ...registers.filter((r) => r.defaultPrinterId === id).map((r) => `register ${r.name}`),
      ];
    },
    usedByMeans: "their tickets would go to the register's printer, or wait with no printer",
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'address', value: (r) => `${r.ip}:${r.port}` },
      // "ERROR PAPER_OUT": what to fix, when the printer said.
      { header: 'status', value: (r) => (r.statusReason ? `${r.status} ${r.statusReason}` : r.status) },
      { header: 'width', value: (r) => r.columns, align: 'right' },
      { header: 'drawer', value: (r) => r.cashDrawer },
      { header: 'tickets', value: (r) => r.kitchenTickets },
    ],
    fields: [
      text('--name <name>', 'name shown to volunteers', 'name', true),
      text('--ip <address>', 'IPv4 address or host name', 'ip', true),
      parsed('--port <port>', 'TCP port (default 9100)', 'port', parseInteger),
      text('--description <text>', 'where it stands, what it prints', 'description'),
      parsed('--width <columns>', 'characters per line: 32, 42 or 48', 'columns', parseInteger),
      toggle('--drawer', 'a cash drawer is wired to it', 'cashDrawer', true),
      toggle('--no-drawer', 'no cash drawer', 'cashDrawer', false),
      toggle('--kitchen-tickets', 'print kitchen tickets here (the default)', 'kitchenTickets', true),
      toggle(
        '--no-kitchen-tickets',
        'no kitchen tickets: its station works from a screen (pos kitchen-url)',
        'kitchenTickets',
        false,
      ),
      text('--status <status>', 'ONLINE, OFFLINE or ERROR', 'status'),
    ],
    // Width, drawer, kitchen tickets and status left out of a PUT are kept as they are.
    toInput: (r) => ({ name: r.name, ip: r.ip, port: r.port, description: r.description }),
    examples:
      '  pos printers add --name Cucina --ip 192.168.1.50 --width 48\n  pos printers edit Cucina --ip 192.168.1.51\n  pos printers test Cucina',
  }).addCommand(printerTestCommand());
}

function printerTestCommand(): Command {
  return new Command('test')
    .description('print a test page on a printer')
    .argument('<printer>', 'printer name or id')
    .action(async (printer: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/printers', printer, 'printer');
      const job = await client.testPrinter(id);
      if (globals.json) return printJson(job);
      print(`test page queued for ${printer} (print job ${job.id}): see \`pos print-jobs list\``);
    });
}
