import type { OrderStatus } from '../../api/enums.js';
import type { Db } from '../../storage/database.js';
import type { Principal } from '../auth/principal.js';
import { ForbiddenError } from '../errors.js';
import { requireOrder } from './lookups.js';

/** The two statuses a pickup counter moves an order between: handed out, and back (its undo). */
const PICKUP_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'PICKED_UP'];

/**
 * A device key (only `pickup` keys reach the status PATCH) may only hand a ready order out or take that back; any
 * other change is refused with 403, inside the change's own transaction so it judges the status it would change.
 * Setting the status an order already has between the two is allowed (two counters tapping the same order).
 */
export async function checkPickupChange(trx: Db, actor: Principal, id: number, status: OrderStatus): Promise<void> {
  if (actor.kind !== 'key') return;
  const order = await requireOrder(trx, id);
  if (actor.scope !== 'pickup' || !PICKUP_STATUSES.includes(order.status) || !PICKUP_STATUSES.includes(status)) {
    throw new ForbiddenError(
      `A pickup key may only move a COMPLETED order to PICKED_UP and back (order ${id} is ${order.status})`,
    );
  }
}
