import { z } from 'zod';
import { cuid, moneyInput, text } from './common.js';
import { decimalMoney } from './money-codec.js';
import { LIMITS, PaymentMethod } from './orders.js';

// Refunds of a confirmed order (docs/api.md, "Refunds"): some units of some lines, the money given back for them,
// how, why, by whom and from which register's drawer. Amounts as the order's amounts: decimal strings on the wire.

const RefundItemInput = z.object({
  id: cuid,
  quantity: z.number().int('must be a whole number').min(1).max(LIMITS.quantity),
});

export const RefundInput = z.object({
  items: z.array(RefundItemInput).min(1, 'must contain at least 1 item').max(LIMITS.itemsPerOrder),
  reason: text(LIMITS.refundReason),
  /** What to give back; by default the units' share of their lines' totals, the discount spread over the lines. */
  amount: moneyInput.optional(),
  /** By default the order's payment method. */
  method: PaymentMethod.optional(),
  /** The register whose drawer pays it back; by default the order's. */
  cashRegisterId: cuid.nullish(),
});
export type RefundInput = z.infer<typeof RefundInput>;

const RefundItem = z.object({ id: z.string(), quantity: z.number().int(), amount: decimalMoney });

export const Refund = z.object({
  id: z.string(),
  orderId: z.number().int(),
  items: z.array(RefundItem),
  amount: decimalMoney,
  method: PaymentMethod,
  reason: z.string(),
  userId: z.string().nullable(),
  cashRegisterId: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof Refund>;

export const RefundList = z.array(Refund);

/**
 * `order-refunded` (cashier, printer): the refund, with the order's ticket number and display code, and `printers`:
 * the stations that got a cancellation ticket for the refunded units (none once the order was cooked).
 */
export const OrderRefundedEvent = Refund.extend({
  ticketNumber: z.number().int().nullable(),
  displayCode: z.string(),
  printers: z.array(z.string()),
});
export type OrderRefundedEvent = z.infer<typeof OrderRefundedEvent>;
