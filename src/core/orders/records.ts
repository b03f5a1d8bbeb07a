import type { OrderRecord } from '../../api/orders.js';
import type { OrderItemChoiceRow, OrderItemRow, OrderRow } from '../../storage/schema.js';
import { unitSurcharge } from './pricing.js';
import { printerFor, type Routing } from './routing.js';

// The shapes orders take in responses and events (docs/api.md, "Shapes" and "Events"), built here once, in cents:
// the codec of src/api writes the amounts as the wire has them (decimal strings or numbers) when they go out.

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** A line's choice as responses, events and station views show it (docs/api.md, "Choices"). */
export function itemChoice(choice: OrderItemChoiceRow) {
  return {
    id: choice.option_id,
    group: choice.group_name,
    name: choice.name,
    priceDelta: choice.price_delta_cents,
    foodId: choice.component_food_id,
  };
}

/** Item shape of `new-order`: ids and amounts, no food object. */
export function newOrderItem(item: OrderItemRow, choices: readonly OrderItemChoiceRow[] = []) {
  return {
    id: item.id,
    quantity: item.quantity,
    orderId: item.order_id,
    foodId: item.food_id,
    unitPrice: item.unit_price_cents,
    unitSurcharge: unitSurcharge(item.surcharge_cents, item.quantity),
    total: item.total_cents,
    notes: item.notes,
    choices: choices.map(itemChoice),
  };
}

/** Item shape of `confirmed-order` (printer) and `reprint-order`: with the food and the printer it is routed to. */
function printerItem(item: OrderItemRow, foodPrinterId: string | null, choices: readonly OrderItemChoiceRow[] = []) {
  return {
    id: item.id,
    orderId: item.order_id,
    foodId: item.food_id,
    quantity: item.quantity,
    notes: item.notes,
    unitPrice: item.unit_price_cents,
    unitSurcharge: unitSurcharge(item.surcharge_cents, item.quantity),
    total: item.total_cents,
    food: { id: item.food_id, name: item.food_name, printerId: foodPrinterId },
    choices: choices.map(itemChoice),
  };
}

export type RecordItem = ReturnType<typeof newOrderItem> | ReturnType<typeof printerItem>;

/**
 * The fields every shape of an order shares (the list, the detail, the record of responses and events, the
 * creation response), in cents. Each shape is this and what it adds; its schema keeps the fields it shows.
 */
export function orderFields(order: OrderRow) {
  return {
    id: order.id,
    displayCode: order.display_code,
    table: order.table_name,
    customer: order.customer,
    createdAt: iso(order.created_at),
    confirmedAt: isoOrNull(order.confirmed_at),
    completedAt: isoOrNull(order.completed_at),
    updatedAt: iso(order.updated_at),
    ticketNumber: order.ticket_number,
    status: order.status,
    paymentMethod: order.payment_method,
    subTotal: order.subtotal_cents,
    discount: order.discount_cents,
    surcharge: order.surcharge_cents,
    total: order.total_cents,
    userId: order.user_id,
    cashRegisterId: order.cash_register_id,
    covers: order.covers,
    service: order.service,
  };
}

export function orderRecord(order: OrderRow, orderItems: RecordItem[]): OrderRecord {
  return { ...orderFields(order), orderItems };
}

/** The payload cashiers and displays get for a confirmation: `{displayCode, ticketNumber, id}`. */
export function confirmedSummary(order: OrderRow) {
  return { displayCode: order.display_code, ticketNumber: order.ticket_number as number, id: order.id };
}

/**
 * The printer channel's items. `food.printerId` is where the item is routed now (the food's printer, else its
 * category's, else the register's default; null when none), the same rule the built-in printing follows, so a print
 * service that prints each item on its `food.printerId` misses none routed by category or register.
 */
export function printerRecordItems(items: readonly OrderItemRow[], routing: Routing, registerPrinter: string | null) {
  return items.map((item) =>
    printerItem(item, printerFor(routing, item, registerPrinter), routing.choices.get(item.id)),
  );
}

/** The answer to a creation: the schema keeps its fields (with `discount` and `total`, what the customer owes). */
export function creationResponse(order: OrderRow) {
  return { ...orderFields(order), orderItems: true as const };
}
