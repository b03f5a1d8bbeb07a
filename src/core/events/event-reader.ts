import { sql } from 'kysely';
import type { EventChannel } from '../../api/enums.js';
import { prepared } from '../../storage/prepared.js';
import type { EventRow } from '../../storage/schema.js';
import { type CoreContext, reader } from '../context.js';
import { prunedThrough } from './retention.js';

// How the event log is read back: the SSE hub (src/server/sse/hub.ts) fans it out live and replays it to clients
// that reconnect, through these reads only. Rows are given as stored: the payload stays the JSON text written by
// appendEvent, so a frame is written without parsing it again.

/** A logged event: `payload` is its JSON text. */
export type LoggedEventRow = EventRow;

/** Events are read in pages of this many rows. */
export const EVENT_PAGE = 500;

/** The position of the newest event (0 for an empty log). */
export async function latestEventId(ctx: CoreContext): Promise<number> {
  const row = await reader(ctx)
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('id').as('maxId'))
    .executeTakeFirstOrThrow();
  return row.maxId ?? 0;
}

/** What was committed after `after`, every channel, oldest first (after every commit: built once). */
const newEvents = prepared<{ after: number }, EventRow>((db, p) =>
  db.selectFrom('events').selectAll().where('id', '>', p.after).orderBy('id').limit(EVENT_PAGE),
);

/** Up to a page of events after `after`, every channel, oldest first. */
export function eventsAfter(ctx: CoreContext, after: number): Promise<LoggedEventRow[]> {
  return newEvents.execute(reader(ctx), { after });
}

/** Up to a page of one channel's events in (after, through], oldest first (a replay). */
function channelEvents(
  ctx: CoreContext,
  channel: EventChannel,
  after: number,
  through: number,
): Promise<LoggedEventRow[]> {
  return reader(ctx)
    .selectFrom('events')
    .selectAll()
    .where('channel', '=', channel)
    .where('id', '>', after)
    .where('id', '<=', through)
    .orderBy('id')
    .limit(EVENT_PAGE)
    .execute();
}

/**
 * A replay page looks at most this many rows ahead to find where its bytes run out. `octet_length` reads a row's
 * size from its header without loading the payload (`length` would read every byte of it).
 */
const SIZED_ROWS = 64;

/**
 * One channel's events in (after, through], oldest first, as many as fit in `maxBytes` of payload (at least one):
 * a replay holds one such page per client at a time, however large the events are.
 */
export async function channelPage(
  ctx: CoreContext,
  channel: EventChannel,
  after: number,
  through: number,
  maxBytes: number,
): Promise<LoggedEventRow[]> {
  const sizes = await reader(ctx)
    .selectFrom('events')
    .select(['id', sql<number>`octet_length(payload)`.as('size')])
    .where('channel', '=', channel)
    .where('id', '>', after)
    .where('id', '<=', through)
    .orderBy('id')
    .limit(SIZED_ROWS)
    .execute();
  let bytes = 0;
  let last = after;
  for (const { id, size } of sizes) {
    if (last !== after && bytes + size > maxBytes) break;
    bytes += size;
    last = id;
  }
  return last === after ? [] : channelEvents(ctx, channel, after, last);
}

/** The highest id that may have been pruned: a client behind it must resync instead of replaying. */
export function replayFloor(ctx: CoreContext): Promise<number> {
  return prunedThrough(reader(ctx));
}
