import type { Locale } from '../api/enums.js';
import type { Venue, VenuePatch } from '../api/venue.js';
import type { Db } from '../storage/database.js';
import { prepared } from '../storage/prepared.js';
import type { VenueRow } from '../storage/schema.js';
import { type CoreContext, reader, write } from './context.js';
import { appendEvents } from './events/event-log.js';

// The venue's settings. Until the first PATCH there is no row and the defaults below apply; `pos serve` gives the
// language and time zone (read-only here) and, through `--no-tables`, whether a fresh venue asks for a table.

/** What `pos serve` was told that the venue resource shows or starts from. */
export interface VenueServeSettings {
  locale: Locale;
  /** `--no-tables` gives false: the default of `askTable` until the venue sets it. */
  tables: boolean;
}

const DEFAULT_PICKUP_AFTER_MINUTES = 10;

function lines(json: string | undefined): string[] {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((line): line is string => typeof line === 'string') : [];
}

function toVenue(row: VenueRow | undefined, ctx: CoreContext, serve: VenueServeSettings): Venue {
  return {
    name: row?.name ?? '',
    receiptHeader: lines(row?.receipt_header),
    receiptFooter: lines(row?.receipt_footer),
    askTable: row?.ask_table == null ? serve.tables : row.ask_table === 1,
    waiterTables: row?.waiter_tables === 1,
    pickupAfterMinutes: row?.pickup_after_minutes ?? DEFAULT_PICKUP_AFTER_MINUTES,
    locale: serve.locale,
    timezone: ctx.venue.timezone,
  };
}

async function venueRow(db: Db): Promise<VenueRow | undefined> {
  return db.selectFrom('venue').selectAll().where('id', '=', 1).executeTakeFirst();
}

const venueReceipt = prepared<{ id: number }, { receipt_header: string; receipt_footer: string }>((db, p) =>
  db.selectFrom('venue').select(['receipt_header', 'receipt_footer']).where('id', '=', p.id),
);

/** The lines a receipt prints above and below the order, read inside the transaction that queues it (each sale). */
export async function receiptLines(trx: Db): Promise<{ header: string[]; footer: string[] }> {
  const row = await venueReceipt.executeTakeFirst(trx, { id: 1 });
  return { header: lines(row?.receipt_header), footer: lines(row?.receipt_footer) };
}

export async function getVenue(ctx: CoreContext, serve: VenueServeSettings): Promise<Venue> {
  return toVenue(await venueRow(reader(ctx)), ctx, serve);
}

/**
 * Changes the given fields, keeping the others (a venue never set starts from the defaults, `askTable` included),
 * and tells the tills and the TVs (`venue-changed`). A PATCH that changes nothing emits nothing.
 */
export async function patchVenue(ctx: CoreContext, serve: VenueServeSettings, patch: VenuePatch): Promise<Venue> {
  return write(ctx, async (trx) => {
    const before = await venueRow(trx);
    const current = toVenue(before, ctx, serve);
    const next: Venue = { ...current, ...patch };
    const row: VenueRow = {
      id: 1,
      name: next.name,
      receipt_header: JSON.stringify(next.receiptHeader),
      receipt_footer: JSON.stringify(next.receiptFooter),
      // Kept "as pos serve says" until a PATCH names askTable.
      ask_table: patch.askTable === undefined ? (before?.ask_table ?? null) : patch.askTable ? 1 : 0,
      waiter_tables: next.waiterTables ? 1 : 0,
      pickup_after_minutes: next.pickupAfterMinutes,
      updated_at: ctx.clock.now().getTime(),
    };
    const venue = toVenue(row, ctx, serve);
    if (before && before.ask_table === row.ask_table && JSON.stringify(current) === JSON.stringify(venue))
      return current;
    await trx
      .insertInto('venue')
      .values(row)
      .onConflict((c) => c.column('id').doUpdateSet(row))
      .execute();
    await appendEvents(trx, ctx.clock.now(), [
      { channel: 'cashier', name: 'venue-changed', payload: venue },
      { channel: 'display', name: 'venue-changed', payload: venue },
    ]);
    return venue;
  });
}
