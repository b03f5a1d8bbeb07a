import type { OrderRecord } from '../../api/orders.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import { centsToDecimal } from '../money.js';
import { unitSurcharge } from './pricing.js';
import type { Routing } from './routing.js';

// The shapes orders take on the wire (docs/api.md, "Shapes" and "Events"): built here once, for responses and events.

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** Item shape of `new-order`: ids and amounts, no food object. */
export function newOrderItem(item: OrderItemRow) {
  return {
    id: item.id,
    quantity: item.quantity,
    orderId: item.order_id,
    foodId: item.food_id,
    unitPrice: centsToDecimal(item.unit_price_cents),
    unitSurcharge: centsToDecimal(unitSurcharge(item.surcharge_cents, item.quantity)),
    total: centsToDecimal(item.total_cents),
    notes: item.notes,
  };
}

/** Item shape of `confirmed-order` (printer) and `reprint-order`: with the food and its printer override. */
export function printerItem(item: OrderItemRow, foodPrinterId: string | null) {
  return {
    id: item.id,
    orderId: item.order_id,
    foodId: item.food_id,
    quantity: item.quantity,
    notes: item.notes,
    unitPrice: centsToDecimal(item.unit_price_cents),
    unitSurcharge: centsToDecimal(unitSurcharge(item.surcharge_cents, item.quantity)),
    total: centsToDecimal(item.total_cents),
    food: { id: item.food_id, name: item.food_name, printerId: foodPrinterId },
  };
}

export type RecordItem = ReturnType<typeof newOrderItem> | ReturnType<typeof printerItem>;

export function orderRecord(order: OrderRow, orderItems: RecordItem[]): OrderRecord {
  return {
    id: order.id,
    displayCode: order.display_code,
    table: order.table_name,
    customer: order.customer,
    createdAt: iso(order.created_at),
    confirmedAt: isoOrNull(order.confirmed_at),
    ticketNumber: order.ticket_number,
    status: order.status,
    paymentMethod: order.payment_method,
    subTotal: centsToDecimal(order.subtotal_cents),
    discount: centsToDecimal(order.discount_cents),
    surcharge: centsToDecimal(order.surcharge_cents),
    total: centsToDecimal(order.total_cents),
    userId: order.user_id,
    cashRegisterId: order.cash_register_id,
    orderItems,
    completedAt: isoOrNull(order.completed_at),
    updatedAt: iso(order.updated_at),
  };
}

/** The payload cashiers and displays get for a confirmation: `{displayCode, ticketNumber, id}`. */
export function confirmedSummary(order: OrderRow) {
  return { displayCode: order.display_code, ticketNumber: order.ticket_number as number, id: order.id };
}

/** The printer channel's items: with each food's current printer override. */
export function printerRecordItems(items: readonly OrderItemRow[], routing: Routing) {
  return items.map((item) => printerItem(item, routing.foodPrinters.get(item.food_id) ?? null));
}

export function creationResponse(order: OrderRow) {
  return {
    id: order.id,
    displayCode: order.display_code,
    table: order.table_name,
    customer: order.customer,
    subTotal: centsToDecimal(order.subtotal_cents),
    status: order.status,
    ticketNumber: order.ticket_number,
    createdAt: iso(order.created_at),
    updatedAt: iso(order.updated_at),
    orderItems: true as const,
    // Extensions: what the customer owes, so a till need not compute it again.
    discount: centsToDecimal(order.discount_cents),
    total: centsToDecimal(order.total_cents),
  };
}
