import type { Db } from '../../storage/database.js';
import type { OrderRow } from '../../storage/schema.js';
import { registerTime } from '../sessions/register-time.js';
import { refundedCents } from './refunds.js';

// The record of cancellations (docs/reports.md, "Refunds and cancellations"): when a confirmed order is deleted,
// what was paid back for it, how, by whom, at which register and when. For the reports the sale never happened: it
// leaves their figures with the order, and so do its earlier refunds. The drawers count money as it moved, so the
// record keeps what they need: when the order was confirmed (its sale's drawer) and a copy of its refunds (the
// drawers that paid them). Read before the order's refunds go with it.

export async function recordCancellation(trx: Db, order: OrderRow, userId: string | null, now: Date): Promise<void> {
  const refunded = await refundedCents(trx, order.id);
  // The money goes back at the order's register: in the drawer open there, even one a millisecond ahead of the clock.
  const at = (await registerTime(trx, order.cash_register_id, now)).getTime();
  const { id } = await trx
    .insertInto('cancellations')
    .values({
      order_id: order.id,
      ticket_number: order.ticket_number,
      display_code: order.display_code,
      total: order.total_cents,
      refunded,
      amount: Math.max(0, order.total_cents - refunded),
      method: order.payment_method,
      user_id: userId,
      cash_register_id: order.cash_register_id,
      created_at: at,
      confirmed_at: order.confirmed_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refunds = await trx
    .selectFrom('refunds')
    .select(['id', 'amount', 'method', 'cash_register_id', 'created_at'])
    .where('order_id', '=', order.id)
    .execute();
  if (refunds.length > 0)
    await trx
      .insertInto('cancelled_refunds')
      .values(refunds.map((refund) => ({ ...refund, cancellation_id: Number(id) })))
      .execute();
}
