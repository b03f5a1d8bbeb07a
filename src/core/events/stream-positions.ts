import type { EventChannel } from '../../api/enums.js';
import { type CoreContext, reader, write } from '../context.js';

// Where each device key's stream of each channel got to. A print service that restarts opens its stream without
// Last-Event-ID; it resumes after the last event written to its key's stream instead of live, so orders confirmed
// while it was down are not lost. The SSE hub records positions in batches (every few seconds and when a stream
// closes), never once per event.

export interface StreamPosition {
  keyId: string;
  channel: EventChannel;
  lastEventId: number;
}

/** The last event written to the key's stream of the channel; undefined when the key never had one. */
export async function streamPosition(
  ctx: CoreContext,
  keyId: string,
  channel: EventChannel,
): Promise<number | undefined> {
  const row = await reader(ctx)
    .selectFrom('stream_positions')
    .select('last_event_id')
    .where('key_id', '=', keyId)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row?.last_event_id;
}

/** Records positions in one transaction; a key deleted meanwhile gets none. */
export async function saveStreamPositions(ctx: CoreContext, positions: readonly StreamPosition[]): Promise<void> {
  if (positions.length === 0) return;
  const now = ctx.clock.now().getTime();
  await write(ctx, async (trx) => {
    const ids = [...new Set(positions.map((position) => position.keyId))];
    const rows = await trx.selectFrom('api_keys').select('id').where('id', 'in', ids).execute();
    const existing = new Set(rows.map((row) => row.id));
    for (const { keyId, channel, lastEventId } of positions) {
      if (!existing.has(keyId)) continue;
      await trx
        .insertInto('stream_positions')
        .values({ key_id: keyId, channel, last_event_id: lastEventId, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['key_id', 'channel']).doUpdateSet({ last_event_id: lastEventId, updated_at: now }),
        )
        .execute();
    }
  });
}
