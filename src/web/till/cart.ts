import { discountTooLarge, priceLine, totalsOf, type OrderTotals } from '../../api/pricing.js';
import type { Paid } from './settle.js';

// The order on screen: pure data and functions (unit-tested), priced by the server's own rules (src/api/pricing).

export interface CartLine {
  /** One line per food and note: the same food with another note is another line (the kitchen reads it). */
  id: string;
  foodId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  notes: string;
  /** Per line, not per unit (docs/api.md, "Prices"). */
  surchargeCents: number;
}

export interface Cart {
  lines: CartLine[];
  customer: string;
  table: string;
  discountCents: number;
  /** Why the discount was given ("Volontari"): sent with a discount only, summed by reason in the reports. */
  discountReason?: string;
  /** A refused order brought back to change it: what the customer paid for it already (see settle.ts). */
  paid?: Paid;
}

/** The longest discount reason the server takes. */
export const DISCOUNT_REASON_MAX = 50;

export const EMPTY_CART: Cart = { lines: [], customer: '', table: '', discountCents: 0 };

/** What the API needs when the cashier leaves customer or table empty (both are required, at least 1 character). */
export const NOT_GIVEN = '—';

let counter = 0;
const lineId = () => `l${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Tapping a food adds one: to its line without a note and surcharge if there is one, else a new line. Never more than is left. */
export function addFood(
  cart: Cart,
  food: { id: string; name: string; priceCents: number; portionsLeft?: number | null },
): Cart {
  if (!canAddOne(cart, food.id, food.portionsLeft ?? null)) return cart;
  const index = cart.lines.findIndex(
    (line) => line.foodId === food.id && line.notes === '' && line.surchargeCents === 0,
  );
  if (index >= 0) return changeQuantity(cart, (cart.lines[index] as CartLine).id, +1);
  const line: CartLine = {
    id: lineId(),
    foodId: food.id,
    name: food.name,
    unitPriceCents: food.priceCents,
    quantity: 1,
    notes: '',
    surchargeCents: 0,
  };
  return { ...cart, lines: [...cart.lines, line] };
}

/** − on a line of one removes it. */
export function changeQuantity(cart: Cart, id: string, delta: number): Cart {
  const lines = cart.lines
    .map((line) => (line.id === id ? { ...line, quantity: Math.min(999, line.quantity + delta) } : line))
    .filter((line) => line.quantity > 0);
  return { ...cart, lines };
}

export function updateLine(cart: Cart, id: string, patch: Partial<Pick<CartLine, 'notes' | 'surchargeCents'>>): Cart {
  return { ...cart, lines: cart.lines.map((line) => (line.id === id ? { ...line, ...patch } : line)) };
}

export function lineTotalCents(line: CartLine): number {
  return priceLine(line).totalCents;
}

export function cartTotals(cart: Cart): OrderTotals {
  return totalsOf(cart.lines.map(priceLine), cart.discountCents);
}

/** Pay is possible with at least one line and a discount no larger than the subtotal (the server refuses more). */
export function canPay(cart: Cart): boolean {
  return cart.lines.length > 0 && !discountTooLarge(cartTotals(cart));
}

/** The body of POST /v1/orders with its amounts in cents: the client writes them as the wire has them. */
export interface OrderBody {
  table: string;
  customer: string;
  orderItems: Array<{ foodId: string; quantity: number; notes?: string; surcharge?: number }>;
  confirm: {
    paymentMethod: 'CASH' | 'CARD';
    discount?: number;
    discountReason?: string;
    userId?: string | null;
    cashRegisterId?: string | null;
    cashReceived?: number;
  };
}

/**
 * The body of POST /v1/orders for this cart, created and confirmed at once. The cash the customer handed over goes
 * with a cash payment (the receipt prints it and the change); never less than the total, which the server refuses.
 */
export function orderBody(
  cart: Cart,
  payment: {
    method: 'CASH' | 'CARD';
    userId: string | null;
    cashRegisterId: string | null;
    receivedCents?: number | null;
  },
): OrderBody {
  const received = payment.receivedCents;
  const cash = payment.method === 'CASH' && typeof received === 'number' && received >= cartTotals(cart).totalCents;
  return {
    table: cart.table.trim() || NOT_GIVEN,
    customer: cart.customer.trim() || NOT_GIVEN,
    orderItems: cart.lines.map((line) => ({
      foodId: line.foodId,
      quantity: line.quantity,
      ...(line.notes.trim() ? { notes: line.notes.trim() } : {}),
      ...(line.surchargeCents ? { surcharge: line.surchargeCents } : {}),
    })),
    confirm: {
      paymentMethod: payment.method,
      ...(cart.discountCents ? { discount: cart.discountCents } : {}),
      ...(cart.discountCents && cart.discountReason?.trim()
        ? { discountReason: cart.discountReason.trim().slice(0, DISCOUNT_REASON_MAX) }
        : {}),
      userId: payment.userId,
      cashRegisterId: payment.cashRegisterId,
      ...(cash ? { cashReceived: received } : {}),
    },
  };
}

/** A food the order asks more of than is left (the server's 409 says the same, with these fields). */
export interface Shortage {
  foodId: string;
  name: string;
  requested: number;
  left: number;
}

/** How many of this food the order holds, over all its lines (one per note). */
export function quantityOf(cart: Cart, foodId: string): number {
  return cart.lines.reduce((sum, line) => (line.foodId === foodId ? sum + line.quantity : sum), 0);
}

/** One more of this food fits in what is left (`left` null: not counted). */
export function canAddOne(cart: Cart, foodId: string, left: number | null): boolean {
  return left === null || quantityOf(cart, foodId) < left;
}

/**
 * The foods the order asks more of than the tablet knows are left: paying is held back until the cashier takes
 * some off. (Ingredients shared by two foods are counted by the server only: its 409 covers them.)
 */
export function shortages(cart: Cart, leftOf: (foodId: string) => number | null): Shortage[] {
  const seen = new Map<string, Shortage>();
  for (const line of cart.lines) {
    const left = leftOf(line.foodId);
    if (left === null || seen.has(line.foodId)) continue;
    const requested = quantityOf(cart, line.foodId);
    if (requested > left) seen.set(line.foodId, { foodId: line.foodId, name: line.name, requested, left });
  }
  return [...seen.values()];
}
