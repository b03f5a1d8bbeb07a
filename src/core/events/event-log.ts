import { z } from 'zod';
import { CHANNEL_EVENTS, type EventPayload, type LoggedEventName, type NewEvent } from '../../api/events.js';
import type { EventChannel } from '../../api/enums.js';
import type { Db } from '../../storage/database.js';
import { allColumns, prepared, rowParams } from '../../storage/prepared.js';
import type { EventRow } from '../../storage/schema.js';

// The channels and their events are the contract's (src/api/enums.ts, src/api/events.ts): a name a channel does not
// carry, or a payload that is not that event's, does not compile (test/core/events/typed-events.test.ts).
export { EVENT_CHANNELS as CHANNELS } from '../../api/enums.js';
export type { EventChannel, NewEvent };

/** The payload as the wire carries it: amounts in cents become decimal strings or numbers (src/api/money-codec.ts). */
function wirePayload(channel: EventChannel, name: string, payload: unknown): string {
  const event = z.encode(CHANNEL_EVENTS[channel] as z.ZodType, { name, payload }) as { payload: unknown };
  return JSON.stringify(event.payload);
}

/**
 * Appends an event to the durable log inside the caller's transaction (the outbox): it is published only if the
 * change that caused it commits, and a client that reconnects later can replay it.
 */
export async function appendEvent<C extends EventChannel, N extends LoggedEventName<C>>(
  trx: Db,
  at: Date,
  channel: C,
  name: N,
  payload: EventPayload<C, N>,
): Promise<void> {
  await trx
    .insertInto('events')
    .values({ channel, name, payload: wirePayload(channel, name, payload), created_at: at.getTime() })
    .execute();
}

/** Several events in one statement (a confirmation goes to cashiers, displays and printers at once). */
export async function appendEvents(trx: Db, at: Date, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    channel: event.channel,
    name: event.name,
    payload: wirePayload(event.channel, event.name, event.payload),
    created_at: at.getTime(),
  }));
  await insertEvents.run(trx, { rows }, rows.length);
}

type NewEventRow = Omit<EventRow, 'id'>;
const EVENT_COLUMNS = allColumns<NewEventRow>()(['channel', 'name', 'payload', 'created_at']);

const insertEvents = prepared<{ rows: NewEventRow[] }, never>((db, _p, count) =>
  db
    .insertInto('events')
    .values(Array.from({ length: count }, (_, index) => rowParams<NewEventRow>('rows', index, EVENT_COLUMNS))),
);
