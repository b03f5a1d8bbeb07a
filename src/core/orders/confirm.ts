import type { PaymentMethod } from '../../api/orders.js';
import type { Db } from '../../storage/database.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { InvalidError } from '../errors.js';
import { appendEvents } from '../events/event-log.js';
import { queueOrderPrintJobs } from '../printing/queue.js';
import { refreshSnapshotsFor } from '../reports/snapshots.js';
import { orderTotals } from './pricing.js';
import { confirmedSummary, orderRecord, printerRecordItems } from './records.js';
import { nextTicketNumber } from './tickets.js';

export interface ConfirmationDetails {
  paymentMethod: PaymentMethod | null;
  discountCents: number;
  userId: string | null;
  cashRegisterId: string | null;
}

async function checkReferences(trx: Db, details: ConfirmationDetails): Promise<void> {
  if (details.cashRegisterId !== null) {
    const register = await trx
      .selectFrom('cash_registers')
      .select(['enabled', 'name'])
      .where('id', '=', details.cashRegisterId)
      .executeTakeFirst();
    if (!register) throw new InvalidError(`Unknown cash register ${details.cashRegisterId}`, [{ path: 'body.cashRegisterId', message: 'unknown cash register' }]);
    if (register.enabled !== 1) {
      throw new InvalidError(`Cash register "${register.name}" is disabled`, [{ path: 'body.cashRegisterId', message: 'disabled cash register' }]);
    }
  }
  if (details.userId !== null) {
    const user = await trx.selectFrom('users').select('id').where('id', '=', details.userId).executeTakeFirst();
    if (!user) throw new InvalidError(`Unknown user ${details.userId}`, [{ path: 'body.userId', message: 'unknown user' }]);
  }
}

/**
 * Confirms an order inside the caller's transaction: takes the next ticket number of the ticket day, records
 * payment and totals, and appends the confirmation events for cashiers, displays and printers (the outbox).
 * Shared by confirm-at-creation, POST /confirm and PATCH to CONFIRMED.
 */
export async function applyConfirmation(
  trx: Db,
  ctx: CoreContext,
  order: OrderRow,
  items: OrderItemRow[],
  details: ConfirmationDetails,
): Promise<OrderRow> {
  await checkReferences(trx, details);
  const totals = orderTotals(
    items.map((item) => ({ totalCents: item.total_cents, surchargeCents: item.surcharge_cents })),
    details.discountCents,
  );
  const now = ctx.clock.now();
  const ticketDay = ctx.venue.ticketDay(now);
  const confirmed: OrderRow = {
    ...order,
    status: 'CONFIRMED',
    ticket_number: await nextTicketNumber(trx, ticketDay),
    ticket_day: ticketDay,
    payment_method: details.paymentMethod,
    subtotal_cents: totals.subtotalCents,
    discount_cents: totals.discountCents,
    surcharge_cents: totals.surchargeCents,
    total_cents: totals.totalCents,
    user_id: details.userId,
    cash_register_id: details.cashRegisterId,
    confirmed_at: now.getTime(),
    completed_at: null,
    updated_at: now.getTime(),
  };
  const { id, ...changes } = confirmed;
  await trx.updateTable('orders').set(changes).where('id', '=', id).execute();
  await refreshSnapshotsFor(trx, ctx, [order, confirmed]);

  const summary = confirmedSummary(confirmed);
  await appendEvents(trx, now, [
    { channel: 'cashier', name: 'confirmed-order', payload: summary },
    { channel: 'display', name: 'confirmed-order', payload: summary },
    { channel: 'printer', name: 'confirmed-order', payload: orderRecord(confirmed, await printerRecordItems(trx, items)) },
  ]);
  await queueOrderPrintJobs(trx, ctx, { order: confirmed, items });
  return confirmed;
}
