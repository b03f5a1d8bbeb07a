import { randomUUID } from 'node:crypto';
import { type Command, Option } from 'commander';
import { DateTime } from 'luxon';
import { ClosureReport, Report } from '../../api/reports.js';
import { z } from 'zod';
import { GROUP_BY } from '../../api/enums.js';
import { closureSummary, wholeMinutes } from '../closure-summary.js';
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/http.js';
import { connect } from '../client.js';
import { CliError, renameFields } from '../errors.js';
import { formatTable, print, printErr, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

import { money } from '../field-flags.js';

export { closureSummary };

// Days and hours are the venue's (the server's --timezone), wherever the CLI runs and whatever zone its machine has.

/** `today`, `yesterday` (venue days), a date, or a date-time (without an offset: venue time), as the API takes it. */
export function resolveDay(value: string, timezone: string, now: number = Date.now()): string {
  const today = DateTime.fromMillis(now, { zone: timezone });
  if (value === 'today') return today.toISODate() as string;
  if (value === 'yesterday') return today.minus({ days: 1 }).toISODate() as string;
  const shaped = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?)?$/.test(value);
  if (shaped && DateTime.fromISO(value, { zone: timezone }).isValid) return value; // not the 45th of the 13th month
  throw new CliError(
    `--from/--to take today, yesterday, a date (2026-11-21) or a date-time (2026-11-21T18:00, venue time), got "${value}"`,
  );
}

/** An instant as the venue's wall clock: 2026-11-21 19:00. */
const venueStamp = (iso: string, timezone: string) =>
  DateTime.fromISO(iso, { zone: timezone }).toFormat('yyyy-MM-dd HH:mm');

export function reportsCsv(reports: Report[], timezone: string): string {
  const header = 'start,start_utc,minutes,orders,revenue,cash,card,average_completion_minutes';
  const rows = reports.map((r) =>
    [
      venueStamp(r.timestamp, timezone),
      r.timestamp,
      r.intervalInMinutes,
      r.totalOrders,
      money(r.totalRevenue),
      money(r.totalCashRevenue),
      money(r.totalCardRevenue),
      r.averageCompletitionTime ?? '',
    ].join(','),
  );
  return [header, ...rows].join('\n');
}

/** The server's venue time zone (its /health says). */
async function venueTimezone(client: PosClient): Promise<string> {
  return (await client.health()).timezone;
}

/** The venue's clock as the server tells it: its zone and where the current business day (07:00) began. */
async function venueDay(client: PosClient): Promise<{ timezone: string; businessDayStart: string }> {
  return client.health();
}

async function findRegister(client: PosClient, nameOrId: string): Promise<{ id: string; name: string }> {
  const registers = await client.cashRegisters();
  const byId = registers.find((r) => r.id === nameOrId);
  if (byId) return byId;
  const byName = registers.filter((r) => r.name.toLowerCase() === nameOrId.toLowerCase());
  if (byName.length === 1) return byName[0] as { id: string; name: string };
  if (byName.length > 1) throw new CliError(`more than one register is called "${nameOrId}": give its id`);
  throw new CliError(`no register "${nameOrId}": see \`pos registers list\``);
}

export function registerReports(program: Command): void {
  program
    .command('report')
    .description('sales figures per hour, block or day (snapshots + live figures up to now)')
    .option(
      '--from <when>',
      'start: today, yesterday, a date or a date-time (venue time unless it has an offset); default: the start of the business day (07:00)',
    )
    .option('--to <when>', 'end, not included (--to 2026-11-22 ends as the 21st does); default: now')
    .addOption(new Option('--group-by <size>', 'bucket size').choices([...GROUP_BY]).default('1h'))
    .option('--csv', 'comma-separated values for a spreadsheet')
    .action(async (flags: { from?: string; to?: string; groupBy: string; csv?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const { timezone, businessDayStart } = await venueDay(client);
      // Like the closure and the dashboard: at 01:30 the evening is still "today", not a new calendar day.
      const from = flags.from ? resolveDay(flags.from, timezone) : businessDayStart;
      const to = flags.to ? resolveDay(flags.to, timezone) : undefined;
      // `--to` is where the report stops, not a day it includes: the common slip is the same day twice.
      if (to !== undefined && to === from && /^\d{4}-\d\d-\d\d$/.test(to)) {
        const next = DateTime.fromISO(to).plus({ days: 1 }).toISODate();
        throw new CliError(
          `--to is where the report stops: for the whole of ${to} give --to ${next}, or leave --to out`,
        );
      }
      const reports = await client
        .reports({
          from,
          to,
          groupBy: flags.groupBy as (typeof GROUP_BY)[number], // commander checked the choices
        })
        .catch((error: unknown) => {
          throw renameFields(error, { from: '--from', to: '--to' });
        });
      if (globals.json) return printJson(reports, z.array(Report));
      if (flags.csv) return print(reportsCsv(reports, timezone));
      const since = flags.from
        ? ''
        : ` since the start of the business day (${venueStamp(businessDayStart, timezone)})`;
      if (reports.length === 0) return print(`no sales${since || ' in this period'}`);
      print(
        formatTable(reports, [
          { header: 'from', value: (r) => venueStamp(r.timestamp, timezone) },
          { header: 'orders', value: (r) => r.totalOrders, align: 'right' },
          { header: 'revenue', value: (r) => money(r.totalRevenue), align: 'right' },
          { header: 'cash', value: (r) => money(r.totalCashRevenue), align: 'right' },
          { header: 'card', value: (r) => money(r.totalCardRevenue), align: 'right' },
          {
            header: 'avg prep',
            value: (r) => (r.averageCompletitionTime === null ? '' : wholeMinutes(r.averageCompletitionTime)),
            align: 'right',
          },
        ]),
      );
      const total = reports.reduce((sum, r) => sum + r.totalRevenue, 0);
      print(`total ${money(total)} in ${reports.reduce((sum, r) => sum + r.totalOrders, 0)} orders${since}`);
    });

  program
    .command('closure')
    .description('run the general closure of the business day and print it on the register’s printer')
    .requiredOption('--register <name-or-id>', 'the register asking for the closure (its printer prints it)')
    .action(async (flags: { register: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const register = await findRegister(client, flags.register);
      // One key for this closure: if the network drops, retrying never makes a second closure.
      const key = randomUUID();
      let report: Report | null = null;
      for (let attempt = 1; report === null; attempt++) {
        try {
          report = await client.generalClosure({ cashRegister: register.id }, key);
        } catch (error) {
          if (error instanceof ApiError || attempt >= 3) throw error;
          printErr(`closure request failed (${(error as Error).message}); retrying...`);
          await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        }
      }
      if (globals.json) return printJson(report, ClosureReport);
      print(closureSummary(report, register.name, await venueTimezone(client)));
    });
}
