import type { EventPayload } from '../../api/events.js';
import type { ReprintInput, ReprintReceiptInput } from '../../api/orders.js';
import type { Db } from '../../storage/database.js';
import { type Principal, principalId } from '../auth/principal.js';
import { type CoreContext, write } from '../context.js';
import { ConflictError, InvalidError } from '../errors.js';
import { appendEvent } from '../events/event-log.js';
import { queueOrderPrintJobs, type RegisterPrinting } from '../printing/queue.js';
import { loadItems } from './items.js';
import { leftToMake } from './kitchen-lines.js';
import { orderRegister, registerPrinting, requireOrder, warningsFor } from './lookups.js';
import { orderRecord, printerRecordItems } from './records.js';
import { loadRouting } from './routing.js';
import { isAwaitingTable } from './seating.js';

// Reprints: nothing in the order changes, each is recorded in the audit log, announced on the printer channel
// (`reprint-order`) and queued for the built-in printing. Each opens its own transaction and returns the response.

export async function reprintOrder(ctx: CoreContext, id: number, input: ReprintInput, actor: Principal) {
  return write(ctx, async (trx) => reprintItems(trx, ctx, id, input, actor));
}

async function reprintItems(trx: Db, ctx: CoreContext, id: number, input: ReprintInput, actor: Principal) {
  const order = await requireOrder(trx, id);
  if (order.confirmed_at === null) {
    throw new InvalidError(`Order ${id} is not confirmed yet: there is nothing to reprint`, undefined, 'not-confirmed');
  }
  // Waiter tables: its kitchen tickets are not out yet (they go when a waiter seats it), so there is none to reprint.
  if (await isAwaitingTable(trx, id)) {
    throw new ConflictError(
      `Order ${id} waits for a waiter to seat it: its kitchen tickets go out then, with the table`,
      'awaiting-table',
    );
  }
  const items = await loadItems(trx, id);
  const wanted = [...new Set(input.orderItems.map((item) => item.id))];
  const byId = new Map(items.map((item) => [item.id, item]));
  const foreign = wanted.filter((itemId) => !byId.has(itemId));
  if (foreign.length > 0) {
    throw new InvalidError(
      `Items not in order ${id}: ${foreign.join(', ')}`,
      foreign.map((itemId) => ({ path: 'body.orderItems', message: `item ${itemId} is not in this order` })),
    );
  }
  const toMake = leftToMake(items.filter((item) => wanted.includes(item.id)));
  if (toMake.length === 0 && !input.reprintReceipt) {
    throw new ConflictError(
      `Every unit of ${wanted.length === 1 ? 'that line' : 'those lines'} of order ${id} was refunded: nothing is left to make`,
      'conflict',
    );
  }
  const routing = await loadRouting(trx, items);
  const register = await orderRegister(trx, order);
  const registerPrinter = register?.default_printer_id ?? null;
  const payload = {
    ...orderRecord(order, printerRecordItems(items, routing, registerPrinter)),
    reprintReceipt: input.reprintReceipt,
    reprintOrderItems: printerRecordItems(toMake, routing, registerPrinter),
  };
  await recordReprint(trx, ctx, actor, payload, { itemIds: wanted, reprintReceipt: input.reprintReceipt });
  await queueOrderPrintJobs(trx, ctx, {
    order,
    items,
    routing,
    register,
    reprint: { itemIds: wanted, receipt: input.reprintReceipt },
  });
  return { ...payload, warnings: input.reprintReceipt ? warningsFor(register) : [] };
}

/**
 * The customer receipt alone, again (a lost receipt): on the given register's printer, or else on the order's
 * register's. Nothing in the order changes; it is recorded like the other reprints, and announced as a
 * `reprint-order` with no kitchen items, `cashRegisterId` being the register that prints it (what a print service
 * reads to choose the printer).
 */
export async function reprintReceipt(ctx: CoreContext, id: number, input: ReprintReceiptInput, actor: Principal) {
  return write(ctx, async (trx) => reprintReceiptOnly(trx, ctx, id, input, actor));
}

async function reprintReceiptOnly(trx: Db, ctx: CoreContext, id: number, input: ReprintReceiptInput, actor: Principal) {
  const order = await requireOrder(trx, id);
  if (order.confirmed_at === null || order.status === 'PENDING') {
    throw new InvalidError(
      `Order ${id} ${order.status === 'PENDING' ? 'is pending' : 'was never confirmed'}: it has no receipt to reprint`,
      undefined,
      'not-confirmed',
    );
  }
  const registerId = input.cashRegisterId ?? order.cash_register_id;
  const path = 'body.cashRegisterId';
  if (registerId === null) {
    throw new InvalidError(
      `Order ${id} was confirmed without a cash register: give cashRegisterId to print its receipt`,
      [{ path, message: 'required: the order has no register' }],
    );
  }
  const row = await registerPrinting.executeTakeFirst(trx, { id: registerId });
  if (!row) {
    throw new InvalidError(
      input.cashRegisterId
        ? `Unknown cash register ${registerId}`
        : `The register of order ${id} was deleted: give cashRegisterId`,
      [{ path, message: 'unknown cash register' }],
    );
  }
  if (input.cashRegisterId && row.enabled !== 1)
    throw new InvalidError(
      `Cash register "${row.name}" is disabled`,
      [{ path, message: 'disabled cash register' }],
      'register-disabled',
    );
  if (row.default_printer_id === null) {
    throw new InvalidError(
      `Cash register "${row.name}" has no printer: give it one, or choose another register`,
      [{ path, message: 'register without a printer' }],
      'register-without-printer',
    );
  }
  const register: RegisterPrinting = { name: row.name, default_printer_id: row.default_printer_id };
  const items = await loadItems(trx, id);
  const routing = await loadRouting(trx, items);
  // The items are routed as their kitchen tickets were, by the order's register; the receipt goes to `registerId`'s.
  const orderPrinter = (await orderRegister(trx, order))?.default_printer_id ?? null;
  const payload = {
    ...orderRecord(order, printerRecordItems(items, routing, orderPrinter)),
    cashRegisterId: registerId,
    reprintReceipt: true,
    reprintOrderItems: [],
  };
  await recordReprint(trx, ctx, actor, payload, {
    itemIds: [],
    reprintReceipt: true,
    receiptOnly: true,
    cashRegisterId: registerId,
  });
  await queueOrderPrintJobs(trx, ctx, { order, items, routing, register, reprint: { itemIds: [], receipt: true } });
  return { ...payload, warnings: [] };
}

/** A reprint's audit row (what was asked) and its `reprint-order` announcement, at the same instant. */
async function recordReprint(
  trx: Db,
  ctx: CoreContext,
  actor: Principal,
  payload: EventPayload<'printer', 'reprint-order'>,
  asked: Record<string, unknown>,
) {
  const now = ctx.clock.now();
  await trx
    .insertInto('audit_log')
    .values({
      at: now.getTime(),
      actor: principalId(actor),
      action: 'reprint',
      entity: 'order',
      entity_id: String(payload.id),
      data: JSON.stringify(asked),
    })
    .execute();
  await appendEvent(trx, now, 'printer', 'reprint-order', payload);
}
