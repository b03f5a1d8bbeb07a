import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { appendEvents } from '../events/event-log.js';
import { queueOrderPrintJobs, type RegisterPrinting } from '../printing/queue.js';
import { enterStations } from '../stations/rules.js';
import type { Routing } from './routing.js';

// Waiter tables (docs/waiter.md). With the venue's `waiterTables` on, the till asks no table and sends the
// placeholder `-`: the order is paid at the till and seated later by a waiter (PATCH {table}). Until then it waits
// in `order_awaiting_table`: its kitchen tickets are not queued and it waits at no station, so the kitchen never
// cooks for a table nobody knows. Seating queues the tickets, with the table, and the stations, in one transaction;
// the waiting state is a row in the database, so a restart loses nothing.

/** The table a till sends when it asks none (waiter tables): the order is not seated yet. */
const TABLE_PLACEHOLDER = '-';
/** What the till writes for "not given" (src/web/till/cart.ts): it means the same. */
const NOT_GIVEN = '—';

/** Whether the order is eaten at a table, so that it has a seat to wait for: a takeaway goes to the kitchen at once. */
function hasSeatToWaitFor(order: Pick<OrderRow, 'service'>): boolean {
  return order.service === 'TABLE';
}

function isPlaceholderTable(table: string): boolean {
  const trimmed = table.trim();
  return trimmed === TABLE_PLACEHOLDER || trimmed === NOT_GIVEN;
}

const waiterTablesOn = prepared<{ id: number }, { waiter_tables: number }>((db, p) =>
  db.selectFrom('venue').select('waiter_tables').where('id', '=', p.id),
);

/** Read inside the confirming transaction (each sale): does this order wait for a waiter before the kitchen? */
export async function waitsForTable(trx: Db, order: Pick<OrderRow, 'table_name' | 'service'>): Promise<boolean> {
  if (!isPlaceholderTable(order.table_name) || !hasSeatToWaitFor(order)) return false;
  return (await waiterTablesOn.executeTakeFirst(trx, { id: 1 }))?.waiter_tables === 1;
}

export async function holdForTable(trx: Db, ctx: CoreContext, orderId: number): Promise<void> {
  await trx
    .insertInto('order_awaiting_table')
    .values({ order_id: orderId, since: ctx.clock.now().getTime() })
    .onConflict((c) => c.doNothing())
    .execute();
}

export async function isAwaitingTable(trx: Db, orderId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('order_awaiting_table')
    .select('order_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new table for the order (PATCH {table}): written, announced (`order-table-changed` on cashier, display and
 * printer), and when the order was waiting for it and the table is a real one, the order is seated: its kitchen
 * tickets go out with the table and it waits at its stations (a completed or picked-up order only gets its
 * tickets: nobody would mark it done at a station). Returns the order as it is now.
 */
export async function changeOrderTable(
  trx: Db,
  ctx: CoreContext,
  order: OrderRow,
  table: string,
  load: () => Promise<{ items: OrderItemRow[]; routing: Routing; register: RegisterPrinting | null }>,
): Promise<OrderRow> {
  if (table === order.table_name && !(await isAwaitingTable(trx, order.id))) return order;
  const now = ctx.clock.now();
  const changed: OrderRow = { ...order, table_name: table, updated_at: now.getTime() };
  if (table !== order.table_name) {
    await trx
      .updateTable('orders')
      .set({ table_name: table, updated_at: changed.updated_at })
      .where('id', '=', order.id)
      .execute();
    const payload = { id: order.id, table };
    await appendEvents(trx, now, [
      { channel: 'cashier', name: 'order-table-changed', payload },
      { channel: 'display', name: 'order-table-changed', payload },
      { channel: 'printer', name: 'order-table-changed', payload },
    ]);
  }
  if (isPlaceholderTable(table)) return changed;
  const seated = await trx.deleteFrom('order_awaiting_table').where('order_id', '=', order.id).executeTakeFirst();
  if (Number(seated.numDeletedRows) === 0) return changed;
  const { items, routing, register } = await load();
  await queueOrderPrintJobs(trx, ctx, { order: changed, items, routing, register, only: 'kitchen' });
  if (changed.status === 'CONFIRMED') await enterStations(trx, changed, items, routing, register);
  return changed;
}
