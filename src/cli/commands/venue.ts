import { type Command, Option } from 'commander';
import type { z } from 'zod';
import type { Venue, VenuePatch } from '../../api/venue.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { formatRecord, print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { parseInteger } from '../resolve.js';

/** `pos venue show|set`: the venue's name, receipt lines and how it serves (the console's Venue screen). */
export function registerVenue(program: Command): void {
  const venue = program.command('venue').description("the venue's name, receipt lines, and table and pickup settings");
  venue
    .command('show')
    .description('show the venue settings')
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const shown = await (await connect(globals)).getVenue();
      if (globals.json) return printJson(shown);
      print(formatVenue(shown));
    });
  const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];
  venue
    .command('set')
    .description('change venue settings (admin): only the options given change')
    .option('--name <name>', 'the venue\'s name, such as "Sagra della castagna"')
    .option('--header <line>', 'a line printed above every receipt (repeat for up to 4 lines)', collect)
    .option('--footer <line>', 'a line printed below every receipt (repeat for up to 4 lines)', collect)
    .option('--no-header', 'print no header lines')
    .option('--no-footer', 'print no footer lines')
    .addOption(new Option('--ask-table', 'the till asks for a table number'))
    .addOption(new Option('--no-ask-table', 'counter service: the till asks no table number'))
    .addOption(new Option('--waiter-tables', 'waiters bring the table number later'))
    .addOption(new Option('--no-waiter-tables', 'no waiters'))
    .option(
      '--pickup-after <minutes>',
      'minutes before a ready order moves to the TV\'s "still to collect" strip',
      (value) => parseInteger(value, '--pickup-after'),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  pos venue set --name "Sagra della castagna" --header "Pro Loco di Borgo" --footer "Documento non fiscale"\n  pos venue set --no-ask-table',
    )
    .action(async (flags: VenueFlags, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const patch = patchOf(flags);
      if (Object.keys(patch).length === 0)
        throw new CliError('nothing to change: give at least one option (see pos venue set --help)');
      const changed = await (await connect(globals)).patchVenue(patch);
      if (globals.json) return printJson(changed);
      print(formatVenue(changed));
    });
}

interface VenueFlags {
  name?: string;
  header?: string[] | boolean;
  footer?: string[] | boolean;
  askTable?: boolean;
  waiterTables?: boolean;
  pickupAfter?: number;
}

/** `--header` given: those lines; `--no-header`: none; neither: unchanged. */
function lines(value: string[] | boolean | undefined): string[] | undefined {
  if (Array.isArray(value)) return value;
  return value === false ? [] : undefined;
}

function patchOf(flags: VenueFlags): z.input<typeof VenuePatch> {
  const patch: z.input<typeof VenuePatch> = {};
  if (flags.name !== undefined) patch.name = flags.name;
  const header = lines(flags.header);
  if (header) patch.receiptHeader = header;
  const footer = lines(flags.footer);
  if (footer) patch.receiptFooter = footer;
  if (flags.askTable !== undefined) patch.askTable = flags.askTable;
  if (flags.waiterTables !== undefined) patch.waiterTables = flags.waiterTables;
  if (flags.pickupAfter !== undefined) patch.pickupAfterMinutes = flags.pickupAfter;
  return patch;
}

function formatVenue(venue: z.infer<typeof Venue>): string {
  return formatRecord([
    ['name', venue.name || '-'],
    ['receipt header', venue.receiptHeader.join(' / ') || '-'],
    ['receipt footer', venue.receiptFooter.join(' / ') || '-'],
    ['ask table', venue.askTable],
    ['waiter tables', venue.waiterTables],
    ['pickup after', `${venue.pickupAfterMinutes} min`],
    ['language', `${venue.locale} (pos serve --locale)`],
    ['time zone', `${venue.timezone} (pos serve --timezone)`],
  ]);
}
