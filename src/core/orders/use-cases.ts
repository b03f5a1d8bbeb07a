import {
  type ConfirmInput,
  type CreateOrderInput,
  type OrderCancelledEvent,
  type OrderPatchInput,
  OrderRecord,
  type OrderStatus,
  type OrderWarning,
} from '../../api/orders.js';
import type { Db } from '../../storage/database.js';
import { allColumns, prepared, rowParams } from '../../storage/prepared.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import { type Principal, principalId } from '../auth/principal.js';
import { type CoreContext, write } from '../context.js';
import { ForbiddenError, InvalidError } from '../errors.js';
import { type IdempotencyKey, writeOnce } from '../idempotency.js';
import { appendEvent, appendEvents } from '../events/event-log.js';
import { queueCancellationJobs } from '../printing/cancellation.js';
import type { RegisterPrinting } from '../printing/queue.js';
import { refreshSnapshotsFor } from '../reports/snapshots.js';
import { leaveStations, stationsFollowStatus } from '../stations/rules.js';
import { checkPortions, givePortionsBack, takePortions } from '../catalog/portions.js';
import { applyConfirmation, confirmedOrder, publishConfirmation } from './confirm.js';
import { recordCancellation } from './cancellations.js';
import { pickDisplayCode } from './display-code.js';
import { buildOrderItems, insertItemChoices, loadItems, withServiceLine } from './items.js';
import { componentPortionLines, storedComponentLines } from './choices.js';
import { checkPickupChange } from './pickup-rule.js';
import { orderRegister, requireOrder, warningsFor } from './lookups.js';
import { orderTotals } from './pricing.js';
import { creationResponse, newOrderItem, orderRecord, printerRecordItems } from './records.js';
import { loadChoices, loadRouting, type Routing } from './routing.js';
import { changeOrderTable } from './seating.js';

// The order use cases. Each opens its own transaction (`write`); creating and confirming also take an
// Idempotency-Key, recorded in that same transaction (`writeOnce`). The steps below them take the `trx`.

const ORDER_COLUMNS = allColumns<Omit<OrderRow, 'id'>>()([
  'display_code',
  'code_day',
  'table_name',
  'customer',
  'status',
  'ticket_number',
  'ticket_day',
  'payment_method',
  'subtotal_cents',
  'discount_cents',
  'surcharge_cents',
  'total_cents',
  'user_id',
  'cash_register_id',
  'created_at',
  'updated_at',
  'confirmed_at',
  'completed_at',
  'ever_completed',
  'covers',
  'service',
  'discount_reason',
]);

const ITEM_COLUMNS = allColumns<OrderItemRow>()([
  'id',
  'order_id',
  'position',
  'food_id',
  'food_name',
  'food_description',
  'category_id',
  'category_name',
  'category_position',
  'quantity',
  'notes',
  'unit_price_cents',
  'surcharge_cents',
  'total_cents',
  'role',
  'refunded_quantity',
]);

// The writes of every order, built once (per number of lines).
const insertOrder = prepared<{ rows: Array<Omit<OrderRow, 'id'>> }, { id: number }>((db) =>
  db
    .insertInto('orders')
    .values(rowParams<Omit<OrderRow, 'id'>>('rows', 0, ORDER_COLUMNS))
    .returning('id'),
);
const insertItems = prepared<{ rows: OrderItemRow[] }, never>((db, _p, count) =>
  db
    .insertInto('order_items')
    .values(Array.from({ length: count }, (_, index) => rowParams<OrderItemRow>('rows', index, ITEM_COLUMNS))),
);

async function insertOrderItems(trx: Db, items: OrderItemRow[]): Promise<void> {
  await insertItems.run(trx, { rows: items }, items.length);
}

function callerUserId(actor: Principal): string | null {
  return actor.kind === 'token' ? actor.userId : null;
}

/**
 * Who confirmed the order (`confirm.userId`): the caller, unless named. An admin may name anyone (a cashier who
 * forgot to log in); anyone else may name only themself: 403 before anything is written, or an operator could put a
 * sale, and its cash, on a colleague's name.
 */
function confirmingUser(actor: Principal, named: string | null | undefined): string | null {
  if (named === undefined || named === null) return callerUserId(actor);
  if ((actor.kind === 'token' && actor.role === 'admin') || named === callerUserId(actor)) return named;
  throw new ForbiddenError();
}

/** A new order, pending or (with `confirm`) confirmed at once. Returns the creation response. */
export async function createOrder(
  ctx: CoreContext,
  input: CreateOrderInput,
  actor: Principal,
  key?: IdempotencyKey | null,
) {
  return writeOnce(ctx, key, async (trx) => (await insertNewOrder(trx, ctx, input, actor)).response);
}

async function insertNewOrder(trx: Db, ctx: CoreContext, input: CreateOrderInput, actor: Principal) {
  const confirmedBy = input.confirm ? confirmingUser(actor, input.confirm.userId) : null;
  const now = ctx.clock.now();
  const codeDay = ctx.venue.ticketDay(now);
  const lines = await withServiceLine(trx, input.orderItems, input);
  // Portions first: a food sold out by running out is a 409 "0 left", not an unavailable food.
  // A set menu's components take their own foods' portions, one per unit of the line.
  const portions = input.confirm
    ? await checkPortions(trx, [...lines, ...(await componentPortionLines(trx, lines))])
    : [];
  const { items, routing, choiceRows } = await buildOrderItems(trx, ctx, 0, lines);
  const totals = orderTotals(
    items.map((item) => ({ totalCents: item.total_cents, surchargeCents: item.surcharge_cents })),
    0,
  );
  let draft: Omit<OrderRow, 'id'> = {
    display_code: await pickDisplayCode(trx, ctx.storage, codeDay, ctx.clock),
    code_day: codeDay,
    table_name: input.table,
    customer: input.customer,
    status: 'PENDING' as const,
    ticket_number: null,
    ticket_day: null,
    payment_method: null,
    subtotal_cents: totals.subtotalCents,
    discount_cents: 0,
    surcharge_cents: totals.surchargeCents,
    total_cents: totals.totalCents,
    user_id: null,
    cash_register_id: null,
    created_at: now.getTime(),
    updated_at: now.getTime(),
    confirmed_at: null,
    completed_at: null,
    ever_completed: 0,
    covers: input.covers,
    service: input.service,
    discount_reason: null,
  };
  // Confirmed at creation: the order is written once, already confirmed, with the same effects as a confirmation
  // (and no `new-order`).
  let register = null;
  if (input.confirm) {
    ({ order: draft, register } = await confirmedOrder(trx, ctx, draft, items, {
      paymentMethod: input.confirm.paymentMethod,
      discountCents: input.confirm.discount ?? 0,
      discountReason: input.confirm.discountReason ?? null,
      userId: confirmedBy,
      cashRegisterId: input.confirm.cashRegisterId ?? null,
      cashReceivedCents: input.confirm.cashReceived ?? null,
      inputPath: 'body.confirm',
    }));
  }
  const { id } = (await insertOrder.executeTakeFirst(trx, { rows: [draft] }, 1)) as { id: number };
  const order: OrderRow = { ...draft, id };
  await takePortions(trx, ctx, id, portions);
  for (const item of items) item.order_id = id;
  await insertOrderItems(trx, items);
  await insertItemChoices(trx, choiceRows);
  if (input.confirm) {
    await publishConfirmation(trx, ctx, order, items, routing, register, input.confirm.cashReceived ?? null);
  } else {
    // Typed as `new-order` items (no food object): the key order of the record is kept.
    await appendEvent(trx, now, 'cashier', 'new-order', {
      ...orderRecord(order, []),
      orderItems: items.map((item) => newOrderItem(item, routing.choices.get(item.id))),
    });
  }
  const warnings = input.confirm ? warningsFor(register) : [];
  return { order, items, response: { ...creationResponse(order), warnings } };
}

/** Confirms a pending order: ticket number, payment, kitchen tickets. Returns the order response. */
export async function confirmOrder(
  ctx: CoreContext,
  id: number,
  input: ConfirmInput,
  actor: Principal,
  key?: IdempotencyKey | null,
) {
  return writeOnce(ctx, key, async (trx) => (await confirmPending(trx, ctx, id, input, actor)).response);
}

async function confirmPending(trx: Db, ctx: CoreContext, id: number, input: ConfirmInput, actor: Principal) {
  const confirmedBy = confirmingUser(actor, input.userId);
  const order = await requireOrder(trx, id);
  // An order confirmed once keeps its ticket number and its kitchen tickets are out: even moved back to PENDING it
  // is not confirmed (and printed) a second time. PATCH moves it back to CONFIRMED, with the same ticket.
  if (order.confirmed_at !== null) {
    throw new InvalidError(
      order.status === 'PENDING'
        ? `Order ${id} was already confirmed (ticket ${order.ticket_number}); PATCH its status to CONFIRMED to move it back`
        : `Order ${id} is already confirmed (ticket ${order.ticket_number})`,
      undefined,
      'already-confirmed',
    );
  }
  if (order.status !== 'PENDING') {
    throw new InvalidError(
      `Order ${id} is ${order.status.toLowerCase()}, only a pending order can be confirmed`,
      undefined,
      'already-confirmed',
    );
  }
  let items: OrderItemRow[];
  let routing: Routing;
  // New lines replace the order's: its covers and service still bring their line, as at creation.
  const lines = input.orderItems ? await withServiceLine(trx, input.orderItems, order) : null;
  const stored = lines ? null : await loadItems(trx, id);
  const portions = await checkPortions(
    trx,
    lines
      ? [...lines, ...(await componentPortionLines(trx, lines))]
      : [
          ...(stored ?? []),
          ...storedComponentLines(
            stored ?? [],
            await loadChoices(
              trx,
              (stored ?? []).map((item) => item.id),
            ),
          ),
        ],
  );
  if (lines) {
    await trx.deleteFrom('order_items').where('order_id', '=', id).execute();
    let choiceRows: Awaited<ReturnType<typeof buildOrderItems>>['choiceRows'];
    ({ items, routing, choiceRows } = await buildOrderItems(trx, ctx, id, lines));
    await insertOrderItems(trx, items);
    await insertItemChoices(trx, choiceRows);
  } else {
    items = stored ?? [];
    routing = await loadRouting(trx, items);
  }
  await takePortions(trx, ctx, id, portions);
  const confirmed = await applyConfirmation(trx, ctx, order, items, routing, {
    paymentMethod: input.paymentMethod,
    discountCents: input.discount ?? 0,
    discountReason: input.discountReason ?? null,
    userId: confirmedBy,
    cashRegisterId: input.cashRegisterId ?? null,
    cashReceivedCents: input.cashReceived ?? null,
  });
  return {
    order: confirmed.order,
    items,
    response: { ...confirmed.record, warnings: warningsFor(confirmed.register) },
  };
}

/**
 * PATCH of an order's status (see `changeOrderStatus`). Returns the order response. A device key (the pickup
 * counter's) may only hand a ready order out and take that back (`checkPickupChange`).
 */
export async function setOrderStatus(ctx: CoreContext, id: number, status: OrderStatus, actor?: Principal) {
  return write(ctx, async (trx) => {
    if (actor) await checkPickupChange(trx, actor, id, status);
    return (await changeOrderStatus(trx, ctx, id, status)).response;
  });
}

/**
 * PATCH of an order: its table (which seats an order waiting for one, docs/waiter.md), then its status. A device key
 * (the pickup counter's) may only hand a ready order out and back. Returns the order response.
 */
export async function patchOrder(ctx: CoreContext, id: number, input: OrderPatchInput, actor?: Principal) {
  return write(ctx, async (trx) => {
    if (actor?.kind === 'key') {
      // Only a pickup key gets here: it hands ready orders out (and takes that back), it seats none.
      if (input.table !== undefined || input.status === undefined)
        throw new ForbiddenError(`A pickup key may only move a COMPLETED order to PICKED_UP and back (order ${id})`);
      await checkPickupChange(trx, actor, id, input.status);
    }
    if (input.table !== undefined) {
      const order = await requireOrder(trx, id);
      await changeOrderTable(trx, ctx, order, input.table, async () => {
        const items = await loadItems(trx, id);
        return { items, routing: await loadRouting(trx, items), register: await orderRegister(trx, order) };
      });
    }
    const status = input.status ?? (await requireOrder(trx, id)).status;
    return (await changeOrderStatus(trx, ctx, id, status)).response;
  });
}

/**
 * Any state to any state, inside the caller's transaction (the stations complete and reopen orders with it).
 * `completedAt` is set when the order first reaches COMPLETED or PICKED_UP and cleared when it goes back to PENDING
 * or CONFIRMED, while `ever_completed` stays set for good (a cooked order gives no portions back); ticket number and
 * confirmedAt are kept once set. Moving a never-confirmed order to CONFIRMED
 * confirms it (ticket number, kitchen tickets) without a payment method.
 */
export async function changeOrderStatus(trx: Db, ctx: CoreContext, id: number, status: OrderStatus) {
  const before = await requireOrder(trx, id);
  let order = before;
  let warnings: OrderWarning[] = [];
  const items = await loadItems(trx, id);
  const routing = await loadRouting(trx, items);
  if (status !== before.status) {
    if (status === 'CONFIRMED' && before.confirmed_at === null) {
      let register: RegisterPrinting | null;
      await takePortions(
        trx,
        ctx,
        id,
        await checkPortions(trx, [...items, ...storedComponentLines(items, routing.choices)]),
      );
      ({ order, register } = await applyConfirmation(trx, ctx, before, items, routing, {
        paymentMethod: before.payment_method,
        discountCents: before.discount_cents,
        discountReason: before.discount_reason,
        userId: before.user_id,
        cashRegisterId: before.cash_register_id,
      }));
      warnings = warningsFor(register);
    }
    const now = ctx.clock.now();
    const done = status === 'COMPLETED' || status === 'PICKED_UP';
    order = {
      ...order,
      status,
      completed_at: done ? (before.completed_at ?? now.getTime()) : null,
      ever_completed: done ? 1 : before.ever_completed,
      updated_at: now.getTime(),
    };
    await trx
      .updateTable('orders')
      .set({
        status: order.status,
        completed_at: order.completed_at,
        ever_completed: order.ever_completed,
        updated_at: order.updated_at,
      })
      .where('id', '=', id)
      .execute();
    await refreshSnapshotsFor(trx, ctx, [before, order]);
    const payload = { id, displayCode: order.display_code, ticketNumber: order.ticket_number, status };
    await appendEvents(trx, now, [
      { channel: 'cashier', name: 'order-status-changed', payload },
      { channel: 'display', name: 'order-status-changed', payload },
    ]);
    await stationsFollowStatus(trx, ctx, before, order);
  }
  const registerPrinter = (await orderRegister(trx, order))?.default_printer_id ?? null;
  const record = orderRecord(order, printerRecordItems(items, routing, registerPrinter));
  return { before, order, items, response: { ...record, warnings } };
}

/**
 * Deletes the order and its items (and its refunds); the audit log keeps who deleted it and its totals, and a
 * confirmed order leaves a record of what was paid back (`cancellations`, read by the reports).
 */
export async function deleteOrder(ctx: CoreContext, id: number, actor: Principal): Promise<void> {
  await write(ctx, (trx) => removeOrder(trx, ctx, id, actor));
}

async function removeOrder(trx: Db, ctx: CoreContext, id: number, actor: Principal) {
  const order = await requireOrder(trx, id);
  const items = await loadItems(trx, id);
  const routing = await loadRouting(trx, items);
  const now = ctx.clock.now();
  await givePortionsBack(trx, ctx, order);
  await leaveStations(trx, ctx, id);
  if (order.confirmed_at !== null) await recordCancellation(trx, order, callerUserId(actor), now);
  await trx.deleteFrom('orders').where('id', '=', id).execute();
  await refreshSnapshotsFor(trx, ctx, [order]);
  await trx
    .insertInto('audit_log')
    .values({
      at: now.getTime(),
      actor: principalId(actor),
      action: 'delete',
      entity: 'order',
      entity_id: String(id),
      // as the wire writes it
      data: JSON.stringify(
        OrderRecord.encode(
          orderRecord(
            order,
            items.map((item) => newOrderItem(item, routing.choices.get(item.id))),
          ),
        ),
      ),
    })
    .execute();
  const payload = { id, displayCode: order.display_code };
  await appendEvents(trx, now, [
    { channel: 'cashier', name: 'order-deleted', payload },
    { channel: 'display', name: 'order-deleted', payload },
  ]);
  // Its kitchen tickets are out: the stations that got them are told, so nobody cooks it. A pending order was never
  // printed anywhere (an order confirmed once and moved back to PENDING was).
  if (order.confirmed_at !== null) {
    const printers = await queueCancellationJobs(trx, ctx, {
      order,
      items,
      routing,
      register: await orderRegister(trx, order),
    });
    const cancelled: OrderCancelledEvent = {
      orderId: id,
      ticketNumber: order.ticket_number,
      displayCode: order.display_code,
      customer: order.customer,
      table: order.table_name,
      status: order.status,
      printers,
    };
    await appendEvent(trx, now, 'printer', 'order-cancelled', cancelled);
  }
  return { order, items };
}
