import { CashSessionClosedEvent, CashSessionOpenedEvent } from './cash-sessions.js';
import { z } from 'zod';
import { OpenDrawerEvent } from './cash-registers.js';
import { FoodStockChanged } from './catalog.js';
import { EVENT_CHANNELS, type EventChannel } from './enums.js';
import { OrderCancelledEvent, OrderRecord, OrderStatus, RecordItem, ReprintResponse } from './orders.js';
import { PrinterStatus, PrinterStatusReason } from './printers.js';
import { OrderRefundedEvent } from './refunds.js';
import { ClosureEvent } from './reports.js';
import { OrderStationStatusChanged } from './stations.js';
import { Venue } from './venue.js';

// The events of `GET /events/{channel}` (docs/api.md, "Event stream"): one discriminated union per
// channel on the SSE `event:` name, exactly what the server emits (test/api/events-union.test.ts makes a day of
// changes and compares every logged payload with these, field for field). The emitters are typed from here too
// (`appendEvent` in src/core/events), and docs/api.md's event table is checked against these unions.
// Events a newer server adds are not in a union: readers skip names they do not know.

/** Sent by the hub on any channel when a Last-Event-ID is older than the log keeps: reload the state. Never logged. */
const Resync = z.object({ reason: z.string() });

/** `confirmed-order` on the cashier and display channels: enough to call the customer. */
const ConfirmedOrderSummary = z.object({
  displayCode: z.string(),
  ticketNumber: z.number().int(),
  id: z.number().int(),
});
/** `new-order` (cashier): a PENDING order was created; its items carry ids and amounts, no food object. */
export const NewOrder = OrderRecord.extend({
  orderItems: z.array(RecordItem.omit({ food: true }).extend({ foodId: z.string() })),
});
const OrderStatusChanged = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  ticketNumber: z.number().int().nullable(),
  status: OrderStatus,
});
/** `order-table-changed` (cashier, display, printer): PATCH gave the order a table (a waiter seated it). */
const OrderTableChanged = z.object({ id: z.number().int(), table: z.string() });
const OrderDeleted = z.object({ id: z.number().int(), displayCode: z.string() });
const FoodAvailabilityChanged = z.object({ foodId: z.string(), available: z.boolean() });
const CategoryAvailabilityChanged = z.object({ categoryId: z.string(), available: z.boolean() });
/**
 * `printer-status-changed`: `statusReason` is an extension, so a till can say "Cucina: out of paper"; always
 * sent since, absent from events written before it (a replay after the upgrade).
 */
const PrinterStatusChanged = z.object({
  printerId: z.string(),
  status: PrinterStatus,
  statusReason: PrinterStatusReason.optional(),
});
/** `reprint-order` (printer): the response's warnings are for the asker, events never carry them. */
const ReprintOrder = ReprintResponse.omit({ warnings: true });
/** The later events' payloads are declared beside their resources and gathered here. */
export {
  ClosureEvent as GeneralClosure,
  FoodStockChanged,
  OrderCancelledEvent as OrderCancelled,
  OrderRefundedEvent as OrderRefunded,
  OrderStationStatusChanged,
};
export { OpenDrawerEvent as OpenDrawer };

const event = <N extends string, P extends z.ZodType>(name: N, payload: P) =>
  z.object({ name: z.literal(name), payload });
const resync = event('resync', Resync);

// Kitchen stations put `order-station-status-changed` on all three channels: a further
// station event goes into each union that carries it, beside it.
const stationStatus = event('order-station-status-changed', OrderStationStatusChanged);
/** `venue-changed` (cashier, display): the whole venue after a PATCH, so the till and the TV follow at once. */
const venueChanged = event('venue-changed', Venue);
const tableChanged = event('order-table-changed', OrderTableChanged);

export const CashierEvent = z.discriminatedUnion('name', [
  event('new-order', NewOrder),
  event('confirmed-order', ConfirmedOrderSummary),
  event('order-status-changed', OrderStatusChanged),
  event('order-deleted', OrderDeleted),
  event('order-refunded', OrderRefundedEvent),
  event('food-availability-changed', FoodAvailabilityChanged),
  event('category-availability-changed', CategoryAvailabilityChanged),
  event('food-stock-changed', FoodStockChanged),
  event('printer-status-changed', PrinterStatusChanged),
  stationStatus,
  venueChanged,
  event('cash-session-opened', CashSessionOpenedEvent),
  event('cash-session-closed', CashSessionClosedEvent),
  tableChanged,
  resync,
]);
export type CashierEvent = z.infer<typeof CashierEvent>;

export const DisplayEvent = z.discriminatedUnion('name', [
  event('confirmed-order', ConfirmedOrderSummary),
  event('order-status-changed', OrderStatusChanged),
  event('order-deleted', OrderDeleted),
  stationStatus,
  venueChanged,
  tableChanged,
  resync,
]);
export type DisplayEvent = z.infer<typeof DisplayEvent>;

export const PrinterEvent = z.discriminatedUnion('name', [
  event('confirmed-order', OrderRecord),
  event('reprint-order', ReprintOrder),
  event('general-closure', ClosureEvent),
  event('order-cancelled', OrderCancelledEvent),
  event('order-refunded', OrderRefundedEvent),
  event('open-drawer', OpenDrawerEvent),
  stationStatus,
  tableChanged,
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
export const CHANNEL_EVENTS = {
  cashier: CashierEvent,
  display: DisplayEvent,
  printer: PrinterEvent,
} as const satisfies {
  [C in EventChannel]: z.ZodType<ChannelEvents[C]>;
};

/** What the server writes to the event log of a channel: every event of its union but `resync` (the hub's own). */
export type LoggedEvent<C extends EventChannel> = Exclude<ChannelEvents[C], { name: 'resync' }>;
/** The names a channel's log takes. */
export type LoggedEventName<C extends EventChannel> = LoggedEvent<C>['name'];
/** The payload of one event of one channel. */
export type EventPayload<C extends EventChannel, N extends LoggedEventName<C>> = Extract<
  LoggedEvent<C>,
  { name: N }
>['payload'];
/** One entry for the log: a channel, one of its names and that name's payload (a union over every channel). */
export type NewEvent = {
  [C in EventChannel]: LoggedEvent<C> extends infer E ? (E extends LoggedEvent<C> ? { channel: C } & E : never) : never;
}[EventChannel];

/** The event names each channel carries, `resync` included (docs and tests compare them with the emitters). */
export function eventNames(channel: EventChannelName): string[] {
  return CHANNEL_EVENTS[channel].options.map((option) => option.shape.name.value);
}
