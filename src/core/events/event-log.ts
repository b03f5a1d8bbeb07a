import type { Db } from '../../storage/database.js';
import { allColumns, prepared, rowParams } from '../../storage/prepared.js';
import type { EventChannel, EventRow } from '../../storage/schema.js';

export const CHANNELS = ['cashier', 'display', 'printer'] as const satisfies readonly EventChannel[];
export type { EventChannel };

/**
 * Appends an event to the durable log inside the caller's transaction (the outbox): it is published only if the
 * change that caused it commits, and a client that reconnects later can replay it.
 */
export async function appendEvent(
  trx: Db,
  at: Date,
  channel: EventChannel,
  name: string,
  payload: unknown,
): Promise<void> {
  await trx
    .insertInto('events')
    .values({ channel, name, payload: JSON.stringify(payload), created_at: at.getTime() })
    .execute();
}

/** The same event on several channels (a confirmation goes to cashiers and displays at once). */
export async function appendEvents(
  trx: Db,
  at: Date,
  events: ReadonlyArray<{ channel: EventChannel; name: string; payload: unknown }>,
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({ channel: event.channel, name: event.name, payload: JSON.stringify(event.payload), created_at: at.getTime() }));
  await insertEvents.run(trx, { rows }, rows.length);
}

type NewEvent = Omit<EventRow, 'id'>;
const EVENT_COLUMNS = allColumns<NewEvent>()(['channel', 'name', 'payload', 'created_at']);

const insertEvents = prepared<{ rows: NewEvent[] }, never>((db, _p, count) =>
  db.insertInto('events').values(Array.from({ length: count }, (_, index) => rowParams<NewEvent>('rows', index, EVENT_COLUMNS))),
);
