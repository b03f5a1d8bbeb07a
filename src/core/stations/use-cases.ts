import type { StationOrder, StationStatus } from '../../api/stations.js';
import type { Db } from '../../storage/database.js';
import { type CoreContext, write } from '../context.js';
import { InvalidError, NotFoundError } from '../errors.js';
import { changeOrderStatus } from '../orders/use-cases.js';
import { stationOrder } from './queries.js';
import { announceStations } from './rules.js';

/**
 * A station marks its part of an order done, or takes it back (a recall). The last station done completes a
 * CONFIRMED order, and a recall reopens a COMPLETED one, exactly as a person's PATCH of the order would (completedAt,
 * `order-status-changed`), in the same transaction. Setting the status a part already has changes nothing.
 */
export async function setStationStatus(
  ctx: CoreContext,
  orderId: number,
  printerId: string,
  status: StationStatus,
): Promise<StationOrder> {
  return write(ctx, (trx) => markStation(trx, ctx, orderId, printerId, status));
}

async function markStation(
  trx: Db,
  ctx: CoreContext,
  orderId: number,
  printerId: string,
  status: StationStatus,
): Promise<StationOrder> {
  const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new NotFoundError('Order not found');
  if (order.status !== 'CONFIRMED' && order.status !== 'COMPLETED') {
    throw new InvalidError(
      `Order ${orderId} is ${order.status.toLowerCase()}: only a confirmed or completed order is at the stations`,
      undefined,
      'not-confirmed',
    );
  }
  const part = await trx
    .selectFrom('order_stations')
    .select('status')
    .where('order_id', '=', orderId)
    .where('printer_id', '=', printerId)
    .executeTakeFirst();
  if (!part) throw new NotFoundError('This order does not go to that station');
  if (part.status !== status) {
    await trx
      .updateTable('order_stations')
      .set({ status, done_at: status === 'DONE' ? ctx.clock.now().getTime() : null })
      .where('order_id', '=', orderId)
      .where('printer_id', '=', printerId)
      .execute();
    await announceStations(trx, ctx, orderId, [printerId], status);
    if (status === 'DONE' && order.status === 'CONFIRMED') {
      const waiting = await trx
        .selectFrom('order_stations')
        .select('printer_id')
        .where('order_id', '=', orderId)
        .where('status', '=', 'WAITING')
        .executeTakeFirst();
      if (!waiting) await changeOrderStatus(trx, ctx, orderId, 'COMPLETED');
    } else if (status === 'WAITING' && order.status === 'COMPLETED') {
      await changeOrderStatus(trx, ctx, orderId, 'CONFIRMED');
    }
  }
  return stationOrder(trx, orderId, printerId);
}
