import { z } from 'zod';
import { cuid, decimalInteger, isoDateTimeBound, moneyInput, repeatable, text, upperOrLowerCase } from './common.js';
import { decimalMoney, numberMoney } from './money-codec.js';
import {
  FOOD_ROLES,
  ORDER_SERVICES,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  STATION_STATUSES,
} from './enums.js';

export { ORDER_SORT_FIELDS, ORDER_STATUSES };
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
/** TABLE: eaten at the venue's tables; TAKEAWAY: taken away (asporto). */
export const OrderService = z.enum(ORDER_SERVICES);
export type OrderService = z.infer<typeof OrderService>;

export const LIMITS = {
  table: 50,
  customer: 100,
  notes: 200,
  quantity: 999,
  itemsPerOrder: 100,
  idempotencyKey: 255,
  covers: 99,
  discountReason: 50,
  refundReason: 100,
} as const;

// ---- inputs ---------------------------------------------------------------------------------------------------

export const OrderItemInput = z.object({
  foodId: cuid,
  quantity: z.number().int('must be a whole number').min(1).max(LIMITS.quantity),
  notes: text(LIMITS.notes, { mayBeEmpty: true }).optional(),
  /** Per line (not per unit): line total = surcharge + unit price × quantity. */
  surcharge: moneyInput.optional(),
  /** The options chosen, by id, each at most once (docs/api.md, "Choices"). */
  choices: z.array(cuid).max(100).optional(),
});
export type OrderItemInput = z.infer<typeof OrderItemInput>;

const orderItems = z.array(OrderItemInput).min(1, 'must contain at least 1 item').max(LIMITS.itemsPerOrder);

export const ConfirmInput = z.object({
  paymentMethod: PaymentMethod,
  discount: moneyInput.optional(),
  /** Extension: why the discount was given ("volunteer", "staff meal"); the reports sum discounts by it. */
  discountReason: text(LIMITS.discountReason, { mayBeEmpty: true }).optional(),
  userId: cuid.nullish(),
  cashRegisterId: cuid.nullish(),
  /** When given, replaces every item of the order. */
  orderItems: orderItems.optional(),
  /** Extension: the cash the customer handed over (CASH, at least the total): the receipt prints it and the change. */
  cashReceived: moneyInput.optional(),
});
export type ConfirmInput = z.infer<typeof ConfirmInput>;

export const CreateOrderInput = z
  .object({
    table: text(LIMITS.table),
    customer: text(LIMITS.customer),
    orderItems,
    confirm: ConfirmInput.optional(),
    /** People at the table: with a COVER food on the menu, the server appends its line (docs/api.md). */
    covers: z.number().int('must be a whole number').min(0).max(LIMITS.covers).default(0),
    service: OrderService.default('TABLE'),
  })
  .refine((order) => order.service === 'TABLE' || order.covers === 0, {
    message: 'an order taken away has no covers',
    path: ['covers'],
    params: { code: 'takeaway-with-covers' },
  });
export type CreateOrderInput = z.infer<typeof CreateOrderInput>;

export const ReprintInput = z.object({
  orderItems: z
    .array(z.object({ id: cuid }))
    .min(1, 'must contain at least 1 item')
    .max(LIMITS.itemsPerOrder),
  reprintReceipt: z.boolean(),
});
export type ReprintInput = z.infer<typeof ReprintInput>;

export const StatusInput = z.object({
  status: upperOrLowerCase(ORDER_STATUSES),
});

/**
 * `PATCH /v1/orders/{id}`: its status, its table, or both. Setting the table of an order that waits for one (waiter
 * tables, docs/waiter.md) seats it: its kitchen tickets go out with the table.
 */
export const OrderPatchInput = z
  .object({
    status: upperOrLowerCase(ORDER_STATUSES).optional(),
    table: text(LIMITS.table).optional(),
  })
  .refine((value) => value.status !== undefined || value.table !== undefined, {
    message: 'must change at least one of status, table',
  });
export type OrderPatchInput = z.infer<typeof OrderPatchInput>;

export const OrderIdParams = z.object({
  id: decimalInteger({ min: 1, max: Number.MAX_SAFE_INTEGER, message: 'must be an order number' }),
});

/** A date-time, or a plain date meaning that whole day in venue time. */
const dateBound = z.union([isoDateTimeBound({ local: false }), z.iso.date()], {
  message: 'must be an ISO 8601 date (2026-11-21) or date-time with an offset (2026-11-21T18:00+01:00)',
});

export const ListOrdersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  displayCode: z.string().trim().max(10).optional(),
  page: decimalInteger({ min: 1, max: 1_000_000 }).default(1),
  limit: decimalInteger({ min: 1, max: 100 }).default(20),
  sortBy: z.enum(ORDER_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: repeatable(upperOrLowerCase(ORDER_STATUSES)).optional(),
  dateFrom: dateBound.optional(),
  dateTo: dateBound.optional(),
  /** Extension: the orders confirmed at this register (a till's "today at this register"). */
  cashRegisterId: cuid.optional(),
  /** Extension: `true`, the paid orders waiting for a waiter to seat them (waiter tables); `false`, the others. */
  awaitingTable: z.enum(['true', 'false']).optional(),
});
export type ListOrdersQuery = z.infer<typeof ListOrdersQuery>;

// ---- outputs --------------------------------------------------------------------------------------------------

/** Amounts: a decimal string ("12.50") or a number (12.5) on the wire, as each field always was; cents inside. */
const decimal = decimalMoney;
const isoOrNull = z.string().nullable();

/** A choice of an order line: the option's id, its group's and its own name, its price change, its component. */
const itemChoice = <M extends typeof decimalMoney | typeof numberMoney>(money: M) =>
  z.object({ id: z.string(), group: z.string(), name: z.string(), priceDelta: money, foodId: z.string().nullable() });
export const ItemChoice = itemChoice(numberMoney);
export type ItemChoice = z.infer<typeof ItemChoice>;
const RecordItemChoice = itemChoice(decimalMoney);

/** One kitchen station of a confirmed order: the dashboard shows which are done. */
export const OrderStation = z.object({
  printerId: z.string(),
  name: z.string(),
  status: z.enum(STATION_STATUSES),
  /** When the station marked its part done; null while waiting, or when a person completed the order. */
  doneAt: isoOrNull,
});
export type OrderStation = z.infer<typeof OrderStation>;

export const OrderListItem = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  table: z.string(),
  customer: z.string(),
  subTotal: decimal,
  status: z.enum(['pending', 'confirmed', 'completed', 'picked_up']),
  createdAt: z.string(),
  confirmedAt: isoOrNull,
  completedAt: isoOrNull,
  // Extensions
  ticketNumber: z.number().int().nullable(),
  total: decimal,
  paymentMethod: PaymentMethod.nullable(),
  stations: z.array(OrderStation),
  covers: z.number().int(),
  service: OrderService,
});

export const OrderList = z.object({
  orders: z.array(OrderListItem),
  pagination: z.object({ currentPage: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int() }),
});

export const OrderDetail = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  table: z.string(),
  customer: z.string(),
  subTotal: decimal,
  createdAt: z.string(),
  confirmedAt: isoOrNull,
  completedAt: isoOrNull,
  categorizedItems: z.array(
    z.object({
      category: z.object({ id: z.string(), name: z.string() }),
      items: z.array(
        z.object({
          id: z.string(),
          quantity: z.number().int(),
          notes: z.string(),
          unitPrice: numberMoney,
          unitSurcharge: numberMoney,
          total: numberMoney,
          /** Extension: units of the line refunded since (POST /v1/orders/{id}/refunds). */
          refundedQuantity: z.number().int(),
          food: z.object({
            id: z.string(),
            name: z.string(),
            description: z.string(),
            price: decimal,
            available: z.boolean(),
            ingredients: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
          /** The cover charge (COVER) or the takeaway fee (TAKEAWAY_FEE) line; null for food. */
          role: z.enum(FOOD_ROLES).nullable(),
          /** Extension: the options chosen, in the menu's order (empty: none). */
          choices: z.array(ItemChoice),
        }),
      ),
    }),
  ),
  // Extensions
  status: OrderStatus,
  ticketNumber: z.number().int().nullable(),
  paymentMethod: PaymentMethod.nullable(),
  discount: decimal,
  surcharge: decimal,
  total: decimal,
  userId: z.string().nullable(),
  cashRegisterId: z.string().nullable(),
  updatedAt: z.string(),
  stations: z.array(OrderStation),
  covers: z.number().int(),
  service: OrderService,
  /** Why the discount was given, as the till said at confirmation; null: none given. */
  discountReason: z.string().nullable(),
  /** What the order's refunds gave back in all (0.00: none). */
  refunded: decimal,
});

/** An item as events and order responses carry it: amounts as decimal strings. */
export const RecordItem = z.object({
  id: z.string(),
  orderId: z.number().int(),
  foodId: z.string().optional(),
  quantity: z.number().int(),
  notes: z.string(),
  unitPrice: decimal,
  unitSurcharge: decimal,
  total: decimal,
  food: z.object({ id: z.string(), name: z.string(), printerId: z.string().nullable() }).optional(),
  /** Extension: the options chosen (empty: none). */
  choices: z.array(RecordItemChoice),
});

export const OrderRecord = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  table: z.string(),
  customer: z.string(),
  createdAt: z.string(),
  confirmedAt: isoOrNull,
  ticketNumber: z.number().int().nullable(),
  status: OrderStatus,
  paymentMethod: PaymentMethod.nullable(),
  subTotal: decimal,
  discount: decimal,
  surcharge: decimal,
  total: decimal,
  userId: z.string().nullable(),
  cashRegisterId: z.string().nullable(),
  orderItems: z.array(RecordItem),
  // Extensions
  completedAt: isoOrNull,
  updatedAt: z.string(),
  covers: z.number().int(),
  service: OrderService,
});
export type OrderRecord = z.infer<typeof OrderRecord>;

/**
 * Something the person who asked should know, though the request succeeded: today, that no customer
 * receipt will print (`code: "no-receipt"`), because no register was chosen or the register has no printer.
 * `message` is meant to be shown as it is.
 */
export const OrderWarning = z.object({
  code: z.literal('no-receipt'),
  reason: z.enum(['no-register', 'register-without-printer']),
  message: z.string(),
});
export type OrderWarning = z.infer<typeof OrderWarning>;
const warnings = z.array(OrderWarning).describe('empty when the receipt will print, or none was asked for');

export const CreateOrderResponse = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  table: z.string(),
  customer: z.string(),
  subTotal: decimal,
  status: OrderStatus,
  ticketNumber: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** As the interface shows it: the boolean true. Full details come from GET /v1/orders/{id}. */
  orderItems: z.literal(true),
  // Extensions: the amount the customer owes, and what will not print.
  discount: decimal,
  total: decimal,
  covers: z.number().int(),
  service: OrderService,
  warnings,
});

/** The confirm and PATCH responses: the order record, and what will not print. */
export const OrderResponse = OrderRecord.extend({ warnings });

export const ReprintResponse = OrderRecord.extend({
  reprintReceipt: z.boolean(),
  reprintOrderItems: z.array(RecordItem),
  warnings,
});

/** `POST /v1/orders/{id}/reprint-receipt`: the customer receipt only, on this register's printer or the order's. */
export const ReprintReceiptInput = z
  .object({ cashRegisterId: cuid.nullish() })
  .nullish()
  .transform((value) => value ?? {});
export type ReprintReceiptInput = z.infer<typeof ReprintReceiptInput>;

/**
 * `order-cancelled` on the printer channel: a confirmed order was deleted; `printers` are the printers
 * that got its kitchen tickets (the payload MySagra's print service reads).
 */
export const OrderCancelledEvent = z.object({
  orderId: z.number().int(),
  ticketNumber: z.number().int().nullable(),
  displayCode: z.string(),
  customer: z.string(),
  table: z.string(),
  status: OrderStatus,
  printers: z.array(z.string()),
});
export type OrderCancelledEvent = z.infer<typeof OrderCancelledEvent>;
