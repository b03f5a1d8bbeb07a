import type { Command } from 'commander';
import { CashSession, CashSessionList, ClosedCashSession } from '../../api/cash-sessions.js';
import type { PosClient } from '../../client/http.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { money } from '../field-flags.js';
import { type Cell, formatRecord, formatTable, print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { parseInteger, parseMoney, resolveId } from '../resolve.js';

// `pos sessions`: a drawer's shift on a register, from the float to the count at the handover (docs/cli.md).

type Record = Awaited<ReturnType<PosClient['cashSessions']>>[number];

const when = (iso: string | null, timeZone: string) =>
  iso === null
    ? null
    : new Date(iso).toLocaleString('en-GB', {
        day: '2-digit',
        month: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      });

/** `--denomination 20=5` (five 20 € notes), `0,50=3`: the euro value as the server takes it, and a count. */
function collectDenomination(value: string, previous: Array<[string, number]> = []): Array<[string, number]> {
  const match = /^\s*(\d{1,3}(?:[.,]\d{1,2})?)\s*=\s*(\S+)\s*$/.exec(value);
  if (!match) throw new CliError(`--denomination must be VALUE=COUNT, such as 20=5 or 0,50=3, got "${value}"`);
  return [...previous, [(match[1] as string).replace(',', '.'), parseInteger(match[2] as string, '--denomination')]];
}

function figures(session: Record, timeZone: string): Array<[string, Cell]> {
  return [
    ['register', session.cashRegisterName ?? session.cashRegisterId],
    ['cashier', session.userName],
    ['opened', when(session.openedAt, timeZone)],
    ['closed', when(session.closedAt, timeZone) ?? 'open'],
    ['orders', session.orders],
    ['float', money(session.float)],
    ['cash sales', money(session.cashSales)],
    ['cash refunds', money(session.cashRefunds)],
    ['expected cash', money(session.expectedCash)],
    ['counted', money(session.counted)],
    ['difference', money(session.difference)],
    ['card sales', money(session.cardSales)],
    ['card refunds', money(session.cardRefunds)],
    ['card terminal', money(session.cardTerminalTotal)],
    ['card difference', money(session.cardDifference)],
    ...(session.note ? [['note', session.note] as [string, Cell]] : []),
  ];
}

export function registerSessions(program: Command): void {
  const sessions = program
    .command('sessions')
    .description("cash sessions: a drawer's shift on a register, from the float to the count at the handover")
    .addHelpText(
      'after',
      '\nExamples:\n  pos sessions open "Cassa 1" --float 100,00\n' +
        '  pos sessions close "Cassa 1" --denomination 50=4 --denomination 20=10 --denomination 0,50=6 --card-total 312,50\n' +
        '  pos sessions close "Cassa 1" --counted 612,00\n  pos sessions list "Cassa 1"',
    );

  sessions
    .command('open')
    .description('open a session on a register with the float put in the drawer')
    .argument('<register>', 'register name or id')
    .requiredOption('--float <amount>', 'the change put in the drawer, such as 100 or 100,00')
    .action(async (register: string, flags: { float: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const float = parseMoney(flags.float, '--float');
      const client = await connect(globals);
      const id = await resolveId(client, '/v1/cash-registers', register, 'register');
      const opened = await client.openCashSession(id, { float }, crypto.randomUUID());
      if (globals.json) return printJson(opened, CashSession);
      print(`session opened on ${register} with a float of ${money(opened.float)}`);
    });

  sessions
    .command('close')
    .description("close the register's open session with the count; the handover slip prints on its printer")
    .argument('<register>', 'register name or id')
    .option('--counted <amount>', 'the cash counted in the drawer, in all')
    .option('--denomination <value=count>', 'or the count by coin and note, repeated: 20=5 0,50=3', collectDenomination)
    .option('--card-total <amount>', "the card terminal's own total for the shift")
    .option('--note <text>', 'a note for the treasurer')
    .option('--uncounted', 'close it without a count (the difference stays unknown)')
    .action(
      async (
        register: string,
        flags: {
          counted?: string;
          denomination?: Array<[string, number]>;
          cardTotal?: string;
          note?: string;
          uncounted?: boolean;
        },
        command: Command,
      ) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        if (flags.counted !== undefined && flags.denomination) {
          throw new CliError('give --counted or --denomination, not both');
        }
        const counting = flags.counted !== undefined || flags.denomination !== undefined;
        if (counting && flags.uncounted) throw new CliError('--uncounted closes without a count: give it alone');
        // A close cannot be undone: a drawer closed by a forgotten flag would leave its difference unknown for good.
        if (!counting && !flags.uncounted) {
          throw new CliError(
            'give the cash counted (--counted 612,00, or --denomination 50=4 …), or --uncounted to close without a count',
          );
        }
        const input = {
          ...(flags.counted !== undefined ? { counted: parseMoney(flags.counted, '--counted') } : {}),
          ...(flags.denomination ? { denominations: denominationMap(flags.denomination) } : {}),
          ...(flags.cardTotal !== undefined ? { cardTerminalTotal: parseMoney(flags.cardTotal, '--card-total') } : {}),
          ...(flags.note !== undefined ? { note: flags.note } : {}),
        };
        const client = await connect(globals);
        const id = await resolveId(client, '/v1/cash-registers', register, 'register');
        const closed = await client.closeCashSession(id, input, crypto.randomUUID());
        if (globals.json) return printJson(closed, ClosedCashSession);
        const { timezone } = await client.health();
        print(formatRecord(figures(closed, timezone)));
      },
    );

  sessions
    .command('list')
    .description('the sessions of a register (or of every register), newest first, with their figures')
    .argument('[register]', 'register name or id')
    .action(async (register: string | undefined, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const ids = register
        ? [await resolveId(client, '/v1/cash-registers', register, 'register')]
        : (await client.list('/v1/cash-registers')).map((row) => row.id);
      const rows = (await Promise.all(ids.map((id) => client.cashSessions(id))))
        .flat()
        .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
      if (globals.json) return printJson(rows, CashSessionList);
      const { timezone } = await client.health();
      print(
        formatTable(rows, [
          { header: 'register', value: (s) => s.cashRegisterName ?? s.cashRegisterId },
          { header: 'cashier', value: (s) => s.userName },
          { header: 'opened', value: (s) => when(s.openedAt, timezone) },
          { header: 'closed', value: (s) => when(s.closedAt, timezone) ?? 'open' },
          { header: 'float', value: (s) => money(s.float), align: 'right' },
          { header: 'expected', value: (s) => money(s.expectedCash), align: 'right' },
          { header: 'counted', value: (s) => money(s.counted), align: 'right' },
          { header: 'difference', value: (s) => money(s.difference), align: 'right' },
        ]),
      );
    });
}

function denominationMap(pairs: Array<[string, number]>): { [value: string]: number } {
  const map: { [value: string]: number } = {};
  for (const [value, count] of pairs) map[value] = (map[value] ?? 0) + count;
  return map;
}
