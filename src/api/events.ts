import { z } from 'zod';
import { OrderRecord, OrderStatus, RecordItem, ReprintResponse } from './orders.js';
import { PrinterStatus } from './printers.js';
import { EVENT_CHANNELS, type EventChannel } from './enums.js';
import { Report } from './reports.js';

// The events of `GET /events/{channel}` (interface §6 and decisions, Release 1.7): one discriminated union per
// channel on the SSE `event:` name. Clients (the till, the CLI, the dashboard) read payloads typed from here.
// Events a newer server adds are not in a union: readers skip names they do not know.

/** Sent by the hub on any channel when a Last-Event-ID is older than the log keeps: reload the state. */
const resync = z.object({ name: z.literal('resync'), payload: z.object({ reason: z.string() }) });

export const ConfirmedOrderSummary = z.object({ displayCode: z.string(), ticketNumber: z.number().int(), id: z.number().int() });
export const OrderStatusChanged = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  ticketNumber: z.number().int().nullable(),
  status: OrderStatus,
});
export const OrderDeleted = z.object({ id: z.number().int(), displayCode: z.string() });
export const FoodAvailabilityChanged = z.object({ foodId: z.string(), available: z.boolean() });
export const CategoryAvailabilityChanged = z.object({ categoryId: z.string(), available: z.boolean() });
export const PrinterStatusChanged = z.object({ printerId: z.string(), status: PrinterStatus });
/** Release 1.7 (portions): `portionsLeft` null when nothing about the food is counted. */
export const FoodStockChanged = z.object({ foodId: z.string(), portionsLeft: z.number().int().nullable() });
/** Release 1.7 (kitchen stations). */
export const OrderStationStatusChanged = z.object({ orderId: z.number().int(), printerId: z.string(), status: z.enum(['WAITING', 'DONE']) });
/** Release 1.7 (cancellations reach the kitchen). */
export const OrderCancelled = z.object({
  orderId: z.number().int(),
  ticketNumber: z.number().int().nullable(),
  displayCode: z.string(),
  customer: z.string(),
  table: z.string(),
  status: OrderStatus,
  printers: z.array(z.string()),
});
export const GeneralClosure = Report.extend({ cashRegisterId: z.string().optional(), cashRegister: z.string().optional(), report: Report.optional() });

const event = <N extends string, P extends z.ZodType>(name: N, payload: P) => z.object({ name: z.literal(name), payload });

export const CashierEvent = z.discriminatedUnion('name', [
  event('new-order', OrderRecord.extend({ orderItems: z.array(RecordItem) })),
  event('confirmed-order', ConfirmedOrderSummary),
  event('order-status-changed', OrderStatusChanged),
  event('order-deleted', OrderDeleted),
  event('food-availability-changed', FoodAvailabilityChanged),
  event('category-availability-changed', CategoryAvailabilityChanged),
  event('food-stock-changed', FoodStockChanged),
  event('printer-status-changed', PrinterStatusChanged),
  event('order-station-status-changed', OrderStationStatusChanged),
  resync,
]);
export type CashierEvent = z.infer<typeof CashierEvent>;

export const DisplayEvent = z.discriminatedUnion('name', [
  event('confirmed-order', ConfirmedOrderSummary),
  event('order-status-changed', OrderStatusChanged),
  event('order-deleted', OrderDeleted),
  event('order-station-status-changed', OrderStationStatusChanged),
  resync,
]);
export type DisplayEvent = z.infer<typeof DisplayEvent>;

export const PrinterEvent = z.discriminatedUnion('name', [
  event('confirmed-order', OrderRecord),
  // The response's warnings are for the asker: events never carry them.
  event('reprint-order', ReprintResponse.omit({ warnings: true })),
  event('general-closure', GeneralClosure),
  event('order-cancelled', OrderCancelled),
  event('order-station-status-changed', OrderStationStatusChanged),
  resync,
]);
export type PrinterEvent = z.infer<typeof PrinterEvent>;

export { EVENT_CHANNELS };
export type EventChannelName = EventChannel;

/** The union of each channel, for readers that pick the channel at run time. */
export interface ChannelEvents {
  cashier: CashierEvent;
  display: DisplayEvent;
  printer: PrinterEvent;
}
export const CHANNEL_EVENTS = { cashier: CashierEvent, display: DisplayEvent, printer: PrinterEvent } as const;

/** The event names each channel carries (docs and tests compare them with the emitters). */
export function eventNames(channel: EventChannelName): string[] {
  return CHANNEL_EVENTS[channel].options.map((option) => option.shape.name.value);
}
