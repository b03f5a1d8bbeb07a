import type { OrderWarning } from '../../api/orders.js';
import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';
import type { OrderRow } from '../../storage/schema.js';
import { NotFoundError } from '../errors.js';
import type { RegisterPrinting } from '../printing/queue.js';
import { receiptWarning } from '../printing/receipt-check.js';

// Small look-ups the order use cases share.

export async function requireOrder(trx: Db, id: number): Promise<OrderRow> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw new NotFoundError('Order not found');
  return order;
}

/** What the asker is told will not print (today: the receipt). */
export function warningsFor(register: RegisterPrinting | null): OrderWarning[] {
  const warning = receiptWarning(register);
  return warning ? [warning] : [];
}

export const registerPrinting = prepared<{ id: string }, RegisterPrinting & { enabled: number }>((db, p) =>
  db.selectFrom('cash_registers').select(['name', 'default_printer_id', 'enabled']).where('id', '=', p.id),
);

/** The order's register as printing sees it (null: none, or deleted since). */
export async function orderRegister(trx: Db, order: OrderRow): Promise<RegisterPrinting | null> {
  if (order.cash_register_id === null) return null;
  const row = await registerPrinting.executeTakeFirst(trx, { id: order.cash_register_id });
  return row ? { name: row.name, default_printer_id: row.default_printer_id } : null;
}
