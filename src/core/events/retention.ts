import type { Db } from '../../storage/database.js';
import { type CoreContext, write } from '../context.js';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency.js';

const DEFAULT_EVENT_RETENTION_MS = 24 * 3600_000;
const PRUNED_THROUGH = 'events_pruned_through';

/** The highest event id that may have been deleted: a client behind it must resync instead of replaying. */
export async function prunedThrough(db: Db): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PRUNED_THROUGH).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Housekeeping of the durable logs: events past retention, idempotency keys past 24 h, expired revocations. */
export async function pruneLogs(
  ctx: CoreContext,
  eventRetentionMs = DEFAULT_EVENT_RETENTION_MS,
): Promise<{ events: number }> {
  const now = ctx.clock.now().getTime();
  return write(ctx, async (trx) => {
    const { maxId } = await trx
      .selectFrom('events')
      .select((eb) => eb.fn.max<number | null>('id').as('maxId'))
      .where('created_at', '<', now - eventRetentionMs)
      .executeTakeFirstOrThrow();
    let events = 0;
    if (maxId !== null) {
      const deleted = await trx.deleteFrom('events').where('id', '<=', maxId).executeTakeFirst();
      events = Number(deleted.numDeletedRows);
      const through = Math.max(maxId, await prunedThrough(trx));
      await trx
        .insertInto('settings')
        .values({ key: PRUNED_THROUGH, value: String(through) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(through) }))
        .execute();
    }
    await trx
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', now - IDEMPOTENCY_RETENTION_MS)
      .execute();
    await trx.deleteFrom('revoked_tokens').where('expires_at', 'is not', null).where('expires_at', '<', now).execute();
    return { events };
  });
}
