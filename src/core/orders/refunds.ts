import { centsToDecimal } from '../../api/money.js';
import { lineShares, shareOut, unitsShare } from '../../api/pricing.js';
import type { OrderRefundedEvent, Refund, RefundInput } from '../../api/refunds.js';
import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';
import type { OrderItemRow, OrderRow, RefundRow } from '../../storage/schema.js';
import type { Principal } from '../auth/principal.js';
import { givePortionsForUnits, wasCooked } from '../catalog/portions.js';
import { type CoreContext, reader } from '../context.js';
import { ConflictError, InvalidError, type IssueDetail } from '../errors.js';
import { appendEvents } from '../events/event-log.js';
import { type IdempotencyKey, writeOnce } from '../idempotency.js';
import { queueRefundTickets } from '../printing/cancellation.js';
import { registerTime } from '../sessions/register-time.js';
import { announceStations } from '../stations/rules.js';
import { loadItems } from './items.js';
import { requireOrder } from './lookups.js';
import { loadChoices } from './routing.js';
import { iso } from './records.js';

// Refunds (docs/api.md, "Refunds"): some units of a paid order given back. The order stays; its lines count the
// refunded units, the reports count the money in the period of the refund (docs/reports.md), and units not cooked
// yet go back to the counts and off the stations.

const REFUNDABLE = new Set<OrderRow['status']>(['CONFIRMED', 'COMPLETED', 'PICKED_UP']);

/** `POST /v1/orders/{id}/refunds`: the refund written, or a 4xx with nothing written. */
export async function refundOrder(
  ctx: CoreContext,
  orderId: number,
  input: RefundInput,
  actor: Principal,
  key?: IdempotencyKey | null,
): Promise<Refund> {
  return writeOnce(ctx, key, (trx) => addRefund(trx, ctx, orderId, input, actor));
}

/** The refunds of an order, oldest first (404 for an order that is not there). */
export async function listRefunds(ctx: CoreContext, orderId: number): Promise<Refund[]> {
  const db = reader(ctx);
  await requireOrder(db, orderId);
  return refundsOf(db, orderId);
}

async function refundsOf(db: Db, orderId: number): Promise<Refund[]> {
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('refund_items')
    .innerJoin('order_items', 'order_items.id', 'refund_items.item_id')
    .select(['refund_items.refund_id', 'refund_items.item_id', 'refund_items.quantity', 'refund_items.amount'])
    .where(
      'refund_items.refund_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('order_items.position')
    .execute();
  return rows.map((row) =>
    refundRecord(
      row,
      items.filter((item) => item.refund_id === row.id).map((item) => ({ id: item.item_id, ...item })),
    ),
  );
}

function refundRecord(row: RefundRow, items: ReadonlyArray<{ id: string; quantity: number; amount: number }>): Refund {
  return {
    id: row.id,
    orderId: row.order_id,
    items: items.map(({ id, quantity, amount }) => ({ id, quantity, amount })),
    amount: row.amount,
    method: row.method,
    reason: row.reason,
    userId: row.user_id,
    cashRegisterId: row.cash_register_id,
    createdAt: iso(row.created_at),
  };
}

// On the hot path (every order's detail): built once.
const refundedTotal = prepared<{ orderId: number }, { total: number }>((db, p) =>
  db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('order_id', '=', p.orderId),
);

/** What the order's earlier refunds gave back, in cents. */
export async function refundedCents(trx: Db, orderId: number): Promise<number> {
  const row = await refundedTotal.executeTakeFirst(trx, { orderId });
  return Number(row?.total ?? 0);
}

/** The units asked for, checked against what is left of each line: 400 naming each wrong one. */
function pickUnits(items: readonly OrderItemRow[], input: RefundInput): Array<{ item: OrderItemRow; units: number }> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const details: IssueDetail[] = [];
  const seen = new Set<string>();
  const picked: Array<{ item: OrderItemRow; units: number }> = [];
  input.items.forEach((line, index) => {
    const item = byId.get(line.id);
    if (!item) {
      details.push({ path: `body.items.${index}.id`, message: 'not a line of this order' });
      return;
    }
    if (seen.has(line.id)) {
      details.push({ path: `body.items.${index}.id`, message: 'this line is listed twice' });
      return;
    }
    seen.add(line.id);
    const left = item.quantity - item.refunded_quantity;
    if (line.quantity > left) {
      details.push({
        path: `body.items.${index}.quantity`,
        message: left === 0 ? 'every unit of this line was refunded' : `only ${left} left to refund`,
        code: 'too-big',
        limit: left,
      });
      return;
    }
    picked.push({ item, units: line.quantity });
  });
  if (details.length > 0) {
    const what = details.map((detail) => `${detail.path.replace('body.items.', 'item ')}: ${detail.message}`);
    throw new InvalidError(`Cannot refund as asked (${what.join('; ')})`, details);
  }
  return picked;
}

async function checkRegister(trx: Db, id: string): Promise<void> {
  const row = await trx.selectFrom('cash_registers').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) {
    throw new InvalidError(`Unknown cash register ${id}`, [
      { path: 'body.cashRegisterId', message: 'unknown cash register' },
    ]);
  }
}

async function addRefund(
  trx: Db,
  ctx: CoreContext,
  orderId: number,
  input: RefundInput,
  actor: Principal,
): Promise<Refund> {
  const order = await requireOrder(trx, orderId);
  if (!REFUNDABLE.has(order.status)) {
    throw new ConflictError(
      `Order ${orderId} is ${order.status.toLowerCase()}: only a confirmed, completed or picked-up order can be refunded`,
      'not-refundable',
    );
  }
  const items = await loadItems(trx, orderId);
  const picked = pickUnits(items, input);
  const shares = new Map(
    lineShares(
      items.map((item) => item.total_cents),
      order.discount_cents,
    ).map((share, index) => [(items[index] as OrderItemRow).id, share]),
  );
  const worth = picked.map(({ item, units }) =>
    unitsShare(shares.get(item.id) ?? 0, item.quantity, item.refunded_quantity, units),
  );
  const byUnits = worth.reduce((sum, value) => sum + value, 0);
  const left = order.total_cents - (await refundedCents(trx, orderId));
  // By default the units' worth, never more than is left of what was paid (an earlier refund may have given more).
  const amount = input.amount ?? Math.min(byUnits, left);
  if (amount > left) {
    throw new InvalidError(
      `The refund (${centsToDecimal(amount)}) is more than what is left of the order's total (${centsToDecimal(left)})`,
      [{ path: input.amount === undefined ? 'body.items' : 'body.amount', message: `at most ${centsToDecimal(left)}` }],
      'refund-too-large',
    );
  }
  const method = input.method ?? order.payment_method;
  if (method === null) {
    throw new InvalidError(`Order ${orderId} was confirmed without a payment method: say how the money goes back`, [
      { path: 'body.method', message: 'required: the order has no payment method' },
    ]);
  }
  const cashRegisterId = input.cashRegisterId ?? order.cash_register_id;
  if (input.cashRegisterId) await checkRegister(trx, input.cashRegisterId);

  const now = await registerTime(trx, cashRegisterId, ctx.clock.now());
  const amounts = amount === byUnits ? worth : shareOut(amount, worth);
  const row: RefundRow = {
    id: ctx.newId(),
    order_id: orderId,
    amount,
    method,
    reason: input.reason,
    user_id: actor.kind === 'token' ? actor.userId : null,
    cash_register_id: cashRegisterId,
    created_at: now.getTime(),
  };
  await trx.insertInto('refunds').values(row).execute();
  const refundItems = picked.map(({ item, units }, index) => ({
    refund_id: row.id,
    item_id: item.id,
    quantity: units,
    amount: amounts[index] as number,
  }));
  await trx.insertInto('refund_items').values(refundItems).execute();
  for (const { item, units } of picked) {
    item.refunded_quantity += units;
    await trx
      .updateTable('order_items')
      .set({ refunded_quantity: item.refunded_quantity })
      .where('id', '=', item.id)
      .execute();
  }
  await trx.updateTable('orders').set({ updated_at: now.getTime() }).where('id', '=', orderId).execute();

  // Not cooked yet: the units go back to the counts, and the stations stop making them.
  let printers: string[] = [];
  if (!wasCooked(order)) {
    // A set menu's components took their own foods' portions, one per unit of the line: they come back too.
    const chosen = await loadChoices(
      trx,
      picked.map(({ item }) => item.id),
    );
    await givePortionsForUnits(
      trx,
      ctx,
      orderId,
      picked.flatMap(({ item, units }) => [
        { foodId: item.food_id, units },
        ...(chosen.get(item.id) ?? []).flatMap((choice) =>
          choice.component_food_id === null ? [] : [{ foodId: choice.component_food_id, units }],
        ),
      ]),
    );
    printers = await queueRefundTickets(trx, ctx, order, picked);
    await leaveEmptiedStations(trx, ctx, orderId, items);
  }
  const refund = refundRecord(
    row,
    refundItems.map((item) => ({ id: item.item_id, quantity: item.quantity, amount: item.amount })),
  );
  const event: OrderRefundedEvent = {
    ...refund,
    ticketNumber: order.ticket_number,
    displayCode: order.display_code,
    printers,
  };
  await appendEvents(trx, now, [
    { channel: 'cashier', name: 'order-refunded', payload: event },
    { channel: 'printer', name: 'order-refunded', payload: event },
  ]);
  return refund;
}

/** A station whose every unit of the order was refunded has nothing left to make: its part is over, unmade. */
async function leaveEmptiedStations(
  trx: Db,
  ctx: CoreContext,
  orderId: number,
  items: readonly OrderItemRow[],
): Promise<void> {
  const rows = await trx
    .selectFrom('order_stations')
    .innerJoin('order_station_items', (join) =>
      join
        .onRef('order_station_items.order_id', '=', 'order_stations.order_id')
        .onRef('order_station_items.printer_id', '=', 'order_stations.printer_id'),
    )
    .select(['order_stations.printer_id', 'order_station_items.item_id'])
    .where('order_stations.order_id', '=', orderId)
    .where('order_stations.status', '=', 'WAITING')
    .execute();
  const left = new Map(items.map((item) => [item.id, item.quantity - item.refunded_quantity]));
  const stations = new Map<string, number>();
  for (const row of rows) {
    stations.set(row.printer_id, (stations.get(row.printer_id) ?? 0) + (left.get(row.item_id) ?? 0));
  }
  const emptied = [...stations].filter(([, units]) => units === 0).map(([printerId]) => printerId);
  if (emptied.length === 0) return;
  await trx
    .updateTable('order_stations')
    .set({ status: 'DONE', done_at: null })
    .where('order_id', '=', orderId)
    .where('printer_id', 'in', emptied)
    .execute();
  await announceStations(trx, ctx, orderId, emptied, 'DONE');
}
