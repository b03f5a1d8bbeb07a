import type { Db } from '../../storage/database.js';
import type { OrderRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { liveFigures, nextActivity } from './aggregate.js';
import { floorHour, nextHour } from './buckets.js';

// Hourly snapshots (docs/reports.md). Everything before the watermark is covered: an hour with activity has a
// row, an hour without has none. Snapshots are only ever written for finished hours, and writing one twice
// replaces it, so the job can run as often as it likes.

const WATERMARK = 'snapshots_through';

export async function snapshotWatermark(db: Db): Promise<number | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', WATERMARK).executeTakeFirst();
  return row ? Number(row.value) : null;
}

async function setWatermark(trx: Db, at: number): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: WATERMARK, value: String(at) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(at) }))
    .execute();
}

/** (Re)writes the snapshot of the venue hour starting at `hourStart` from the orders, inside the caller's transaction. */
async function writeHourSnapshot(trx: Db, ctx: CoreContext, hourStart: number): Promise<void> {
  const hourEnd = nextHour(ctx.venue, hourStart);
  const figures = await liveFigures(trx, hourStart, hourEnd);
  await trx.deleteFrom('snapshot_hours').where('hour_start', '=', hourStart).execute(); // cascades to the breakdowns
  if (figures.orders === 0 && figures.completedOrders === 0) return;
  await trx
    .insertInto('snapshot_hours')
    .values({
      hour_start: hourStart,
      hour_end: hourEnd,
      orders: figures.orders,
      revenue_cents: figures.revenueCents,
      cash_cents: figures.cashCents,
      card_cents: figures.cardCents,
      completed_orders: figures.completedOrders,
      completion_ms: figures.completionMs,
      covers: figures.covers,
      takeaway_orders: figures.takeawayOrders,
      takeaway_cents: figures.takeawayCents,
      written_at: ctx.clock.now().getTime(),
    })
    .execute();
  if (figures.foods.size > 0) {
    await trx
      .insertInto('snapshot_foods')
      .values(
        [...figures.foods.values()].map((food) => ({
          hour_start: hourStart,
          category_id: food.categoryId,
          category_name: food.categoryName,
          category_position: food.categoryPosition,
          food_id: food.foodId,
          food_name: food.foodName,
          revenue_cents: food.revenueCents,
          quantity: food.quantity,
        })),
      )
      .execute();
  }
  if (figures.registers.size > 0) {
    await trx
      .insertInto('snapshot_registers')
      .values(
        [...figures.registers.values()].map((register) => ({
          hour_start: hourStart,
          cash_register_id: register.cashRegisterId,
          revenue_cents: register.revenueCents,
          cash_cents: register.cashCents,
          card_cents: register.cardCents,
        })),
      )
      .execute();
  }
}

/**
 * Writes the snapshot of every finished hour not covered yet: after each hour at runtime, and at start-up for
 * the hours missed while the appliance was off. Each hour commits on its own with the watermark, so a crash in
 * the middle (or `signal`, on shutdown) resumes where it stopped at the next run. Returns the hours written.
 */
export async function writeDueSnapshots(ctx: CoreContext, signal?: AbortSignal): Promise<number[]> {
  const target = floorHour(ctx.venue, ctx.clock.now().getTime()); // the current hour is never snapshotted
  const db = reader(ctx); // outside a transaction: each read sees the last commit
  let cursor = (await snapshotWatermark(db)) ?? null;
  if (cursor === null) {
    const first = await nextActivity(db, 0);
    cursor = first === null ? target : Math.min(floorHour(ctx.venue, first), target);
  }
  const written: number[] = [];
  while (cursor < target) {
    // SQLite calls are synchronous: without a turn of the event loop between hours, catching up on weeks of
    // history would hold every request (and the start-up) until it is done. Stopping half-way is safe.
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) return written;
    const activity = await nextActivity(db, cursor);
    if (activity === null || activity >= target) break;
    const hour = floorHour(ctx.venue, activity);
    await write(ctx, async (trx) => {
      await writeHourSnapshot(trx, ctx, hour);
      await setWatermark(trx, nextHour(ctx.venue, hour));
    });
    written.push(hour);
    cursor = nextHour(ctx.venue, hour);
  }
  if ((await snapshotWatermark(db)) !== target) await write(ctx, (trx) => setWatermark(trx, target));
  return written;
}

/**
 * Keeps reports true when an order changes after its hour was snapshotted (a late deletion, a status moved back):
 * rewrites the affected snapshots in the caller's transaction. Cheap on the hot path: an order touched only in the
 * current hour needs no lookup at all.
 */
export async function refreshSnapshotsFor(
  trx: Db,
  ctx: CoreContext,
  orders: ReadonlyArray<Pick<OrderRow, 'confirmed_at' | 'completed_at'> | null | undefined>,
): Promise<void> {
  const currentHour = floorHour(ctx.venue, ctx.clock.now().getTime());
  const instants = new Set<number>();
  for (const order of orders) {
    if (!order) continue;
    for (const at of [order.confirmed_at, order.completed_at]) if (at !== null && at < currentHour) instants.add(at);
  }
  if (instants.size === 0) return;
  const watermark = await snapshotWatermark(trx);
  if (watermark === null) return;
  const hours = new Set([...instants].filter((at) => at < watermark).map((at) => floorHour(ctx.venue, at)));
  for (const hour of hours) await writeHourSnapshot(trx, ctx, hour);
}
