import type { PickupOrder, PickupState } from '../api/pickup.js';
import { type CoreContext, reader } from './context.js';
import { DISPLAY_HORIZON_MS } from './display.js';
import { stationsOfOrders } from './stations/queries.js';

/** The handed-out orders the counter keeps in view: enough for "already picked up" over an evening's rush. */
const PICKED_UP_KEPT = 200;

/**
 * What the pickup counter shows and checks a scanned code against: ready orders oldest first, the orders still in
 * the kitchen with their stations, and the ones handed out lately. Within the TV's horizon (a forgotten order from
 * yesterday is not waiting at the counter). The event position is read first, as for the TV.
 */
export async function pickupState(ctx: CoreContext): Promise<PickupState> {
  const db = reader(ctx);
  const { maxId } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const since = ctx.clock.now().getTime() - DISPLAY_HORIZON_MS;
  const columns = [
    'id',
    'ticket_number',
    'display_code',
    'customer',
    'status',
    'confirmed_at',
    'completed_at',
    'updated_at',
  ] as const;
  const open = await db
    .selectFrom('orders')
    .select(columns)
    .where('status', 'in', ['CONFIRMED', 'COMPLETED'])
    .where('confirmed_at', '>=', since)
    .execute();
  const pickedUp = await db
    .selectFrom('orders')
    .select(columns)
    .where('status', '=', 'PICKED_UP')
    .where('confirmed_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .limit(PICKED_UP_KEPT)
    .execute();
  const stations = await stationsOfOrders(
    db,
    [...open, ...pickedUp].map((order) => order.id),
  );
  const entry = (order: (typeof open)[number], at: number | null): PickupOrder => ({
    id: order.id,
    ticketNumber: order.ticket_number,
    displayCode: order.display_code,
    customer: order.customer,
    since: new Date(at ?? order.confirmed_at ?? 0).toISOString(),
    stations: stations.get(order.id) ?? [],
  });
  const by = (at: (order: (typeof open)[number]) => number | null) => (a: (typeof open)[number], b: typeof a) =>
    (at(a) ?? 0) - (at(b) ?? 0) || a.id - b.id;
  return {
    ready: open
      .filter((order) => order.status === 'COMPLETED')
      .sort(by((order) => order.completed_at))
      .map((order) => entry(order, order.completed_at)),
    preparing: open
      .filter((order) => order.status === 'CONFIRMED')
      .sort(by((order) => order.confirmed_at))
      .map((order) => entry(order, order.confirmed_at)),
    pickedUp: pickedUp.map((order) => entry(order, order.updated_at)),
    lastEventId: maxId ?? 0,
  };
}
