import type { Db } from '../../storage/database.js';
import type { OrderRow } from '../../storage/schema.js';
import { refundedCents } from './refunds.js';

// The record of cancellations (docs/reports.md, "Refunds and cancellations"): when a confirmed order is deleted,
// what was paid back for it, how, by whom, at which register and when. Information for the treasurer, not a refund:
// the sale leaves the figures with the order (and so do its earlier refunds), so the money paid back here enters
// neither the refunds nor a drawer's expected cash. Read before the order's refunds go with it.

export async function recordCancellation(trx: Db, order: OrderRow, userId: string | null, at: number): Promise<void> {
  const refunded = await refundedCents(trx, order.id);
  await trx
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
    })
    .execute();
}
