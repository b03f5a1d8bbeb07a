import { centsToDecimal } from '../../api/money.js';
import type { PaymentMethod } from '../../api/orders.js';
import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { InvalidError } from '../errors.js';
import { appendEvents } from '../events/event-log.js';
import { queueOrderPrintJobs, type RegisterPrinting } from '../printing/queue.js';
import { refreshSnapshotsFor } from '../reports/snapshots.js';
import { registerTime } from '../sessions/register-time.js';
import { enterStations } from '../stations/rules.js';
import { orderTotals } from './pricing.js';
import { confirmedSummary, orderRecord, printerRecordItems } from './records.js';
import { holdForTable, waitsForTable } from './seating.js';
import type { Routing } from './routing.js';
import { nextTicketNumber } from './tickets.js';

export interface ConfirmationDetails {
  paymentMethod: PaymentMethod | null;
  discountCents: number;
  /** Why the discount was given (kept only with a discount); null: none given. */
  discountReason?: string | null;
  userId: string | null;
  cashRegisterId: string | null;
  /** The cash handed over (CASH only, at least the total), printed on the receipt with the change. */
  cashReceivedCents?: number | null;
  /** Where these came from in the request, for error details (`body`, or `body.confirm` at creation). */
  inputPath?: string;
}

const confirmingRegister = prepared<
  { id: string },
  { enabled: number; name: string; default_printer_id: string | null }
>((db, p) => db.selectFrom('cash_registers').select(['enabled', 'name', 'default_printer_id']).where('id', '=', p.id));

/** The register must exist and be enabled, the user must exist. Returns the register (null: none given). */
async function checkReferences(trx: Db, details: ConfirmationDetails): Promise<RegisterPrinting | null> {
  let register: RegisterPrinting | null = null;
  const at = details.inputPath ?? 'body';
  if (details.cashRegisterId !== null) {
    const row = await confirmingRegister.executeTakeFirst(trx, { id: details.cashRegisterId });
    if (!row)
      throw new InvalidError(`Unknown cash register ${details.cashRegisterId}`, [
        { path: `${at}.cashRegisterId`, message: 'unknown cash register' },
      ]);
    if (row.enabled !== 1) {
      throw new InvalidError(
        `Cash register "${row.name}" is disabled`,
        [{ path: `${at}.cashRegisterId`, message: 'disabled cash register' }],
        'register-disabled',
      );
    }
    register = { name: row.name, default_printer_id: row.default_printer_id };
  }
  if (details.userId !== null) {
    const user = await trx.selectFrom('users').select('id').where('id', '=', details.userId).executeTakeFirst();
    if (!user)
      throw new InvalidError(`Unknown user ${details.userId}`, [{ path: `${at}.userId`, message: 'unknown user' }]);
  }
  return register;
}

function checkCashReceived(details: ConfirmationDetails, totalCents: number): void {
  const received = details.cashReceivedCents;
  if (received === undefined || received === null) return;
  const path = `${details.inputPath ?? 'body'}.cashReceived`;
  if (details.paymentMethod !== 'CASH') {
    throw new InvalidError('cashReceived is only for orders paid in cash', [
      { path, message: 'only with paymentMethod CASH' },
    ]);
  }
  if (received < totalCents) {
    const message = `must be at least the total (${centsToDecimal(totalCents)})`;
    throw new InvalidError(
      `The cash received (${centsToDecimal(received)}) is less than the total (${centsToDecimal(totalCents)})`,
      [{ path, message }],
    );
  }
}

/**
 * What a confirmation makes of an order, not written yet: the next ticket number of the ticket day (taken inside
 * the caller's transaction, so a rollback gives it back), payment and totals. Checks the register and the user.
 */
export async function confirmedOrder<T extends Omit<OrderRow, 'id'>>(
  trx: Db,
  ctx: CoreContext,
  order: T,
  items: readonly OrderItemRow[],
  details: ConfirmationDetails,
): Promise<{ order: T; register: RegisterPrinting | null }> {
  const register = await checkReferences(trx, details);
  const totals = orderTotals(
    items.map((item) => ({ totalCents: item.total_cents, surchargeCents: item.surcharge_cents })),
    details.discountCents,
  );
  checkCashReceived(details, totals.totalCents);
  const now = await registerTime(trx, details.cashRegisterId, ctx.clock.now());
  const ticketDay = ctx.venue.ticketDay(now);
  const confirmed: T = {
    ...order,
    status: 'CONFIRMED',
    ticket_number: await nextTicketNumber(trx, ticketDay),
    ticket_day: ticketDay,
    payment_method: details.paymentMethod,
    subtotal_cents: totals.subtotalCents,
    discount_cents: totals.discountCents,
    discount_reason: totals.discountCents > 0 ? details.discountReason || null : null,
    surcharge_cents: totals.surchargeCents,
    total_cents: totals.totalCents,
    user_id: details.userId,
    cash_register_id: details.cashRegisterId,
    confirmed_at: now.getTime(),
    completed_at: null,
    updated_at: now.getTime(),
  };
  return { order: confirmed, register };
}

/**
 * The outbox of a confirmation that is written: `confirmed-order` for cashiers, displays and printers, the kitchen
 * tickets and receipt; and the order waits at its kitchen stations. Returns the printer channel's record, which is
 * also the confirm response.
 */
export async function publishConfirmation(
  trx: Db,
  ctx: CoreContext,
  confirmed: OrderRow,
  items: readonly OrderItemRow[],
  routing: Routing,
  register: RegisterPrinting | null,
  cashReceivedCents: number | null = null,
) {
  const summary = confirmedSummary(confirmed);
  const record = orderRecord(confirmed, printerRecordItems(items, routing, register?.default_printer_id ?? null));
  await appendEvents(trx, ctx.clock.now(), [
    { channel: 'cashier', name: 'confirmed-order', payload: summary },
    { channel: 'display', name: 'confirmed-order', payload: summary },
    { channel: 'printer', name: 'confirmed-order', payload: record },
  ]);
  // Waiter tables: an order waiting for its table gets its receipt now, its kitchen tickets and stations when seated.
  const held = await waitsForTable(trx, confirmed);
  if (held) await holdForTable(trx, ctx, confirmed.id);
  await queueOrderPrintJobs(trx, ctx, {
    order: confirmed,
    items,
    routing,
    register,
    cashReceivedCents,
    ...(held ? { only: 'receipt' as const } : {}),
  });
  if (!held) await enterStations(trx, confirmed, items, routing, register);
  return record;
}

/**
 * Confirms an existing order inside the caller's transaction: ticket number, payment and totals, the snapshots
 * kept true, and the outbox. Shared by POST /confirm and PATCH to CONFIRMED.
 */
export async function applyConfirmation(
  trx: Db,
  ctx: CoreContext,
  order: OrderRow,
  items: readonly OrderItemRow[],
  routing: Routing,
  details: ConfirmationDetails,
): Promise<{ order: OrderRow; record: ReturnType<typeof orderRecord>; register: RegisterPrinting | null }> {
  const { order: confirmed, register } = await confirmedOrder(trx, ctx, order, items, details);
  const { id, ...changes } = confirmed;
  await trx.updateTable('orders').set(changes).where('id', '=', id).execute();
  await refreshSnapshotsFor(trx, ctx, [order, confirmed]);
  return {
    order: confirmed,
    record: await publishConfirmation(trx, ctx, confirmed, items, routing, register, details.cashReceivedCents),
    register,
  };
}
