// The price rules (docs/api.md, "Prices") in cents, shared by the server and the till (one rule, never written
// twice). A line's surcharge is per line; unitSurcharge is shown rounded, but totals use the exact line surcharge.
// Pure: no imports, so the browser bundle takes it as is.

export interface LineInput {
  quantity: number;
  unitPriceCents: number;
  surchargeCents: number;
}

export interface PricedLine extends LineInput {
  totalCents: number;
  /** For display only: the line surcharge spread over the quantity, rounded to cents. */
  unitSurchargeCents: number;
}

export interface OrderTotals {
  subtotalCents: number;
  surchargeCents: number;
  discountCents: number;
  totalCents: number;
}

/** A line's unit price: the food's price plus the price change of each option chosen. */
export function unitPriceWithChoices(priceCents: number, priceDeltasCents: readonly number[]): number {
  let unit = priceCents;
  for (const delta of priceDeltasCents) unit += delta;
  return unit;
}

export function unitSurcharge(lineSurchargeCents: number, quantity: number): number {
  return Math.round(lineSurchargeCents / quantity);
}

export function priceLine(line: LineInput): PricedLine {
  return {
    ...line,
    totalCents: line.surchargeCents + line.unitPriceCents * line.quantity,
    unitSurchargeCents: unitSurcharge(line.surchargeCents, line.quantity),
  };
}

/**
 * Subtotal = Σ line totals; total = subtotal − discount. A discount larger than the subtotal is not an order the
 * server takes (it answers 400): callers check `discountTooLarge` first (the server throws, the till disables pay).
 */
export function totalsOf(
  lines: ReadonlyArray<{ totalCents: number; surchargeCents: number }>,
  discountCents: number,
): OrderTotals {
  let subtotalCents = 0;
  let surchargeCents = 0;
  for (const line of lines) {
    subtotalCents += line.totalCents;
    surchargeCents += line.surchargeCents;
  }
  return { subtotalCents, surchargeCents, discountCents, totalCents: subtotalCents - discountCents };
}

export function discountTooLarge(totals: Pick<OrderTotals, 'subtotalCents' | 'discountCents'>): boolean {
  return totals.discountCents > totals.subtotalCents;
}

// ---- covers and takeaway (docs/api.md, "Covers and service") ------------------------------------------------------

export type Service = 'TABLE' | 'TAKEAWAY';

/** The foods that stand for the cover charge and the takeaway fee, when the menu has them (and they can be sold). */
export interface RoleFoodIds {
  cover: string | null;
  takeawayFee: string | null;
}

/**
 * The line the server appends to an order for its service: a TABLE order with covers gets the cover food × covers,
 * a TAKEAWAY order one takeaway fee. None when the order already has a line of that food (the client's line wins:
 * covers 4 with a cover line of 2 means two children ate free), or when the menu has no such food.
 */
export function serviceLine(
  lines: ReadonlyArray<{ foodId: string }>,
  order: { covers: number; service: Service },
  roles: RoleFoodIds,
): { foodId: string; quantity: number } | null {
  const foodId = order.service === 'TAKEAWAY' ? roles.takeawayFee : order.covers > 0 ? roles.cover : null;
  if (foodId === null || lines.some((line) => line.foodId === foodId)) return null;
  return { foodId, quantity: order.service === 'TAKEAWAY' ? 1 : order.covers };
}

/**
 * `amount` cents shared out in proportion to `weights`: each part rounded down to the cent, and the cents left over
 * go one each to the parts with the largest remainders (the earlier one on a tie), so the parts add up to `amount`.
 * With no weight at all, the first part takes it all.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (amount * weight) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  order.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] as number) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * Each line's part of the order's total: its total less its share of the discount, the discount shared out in
 * proportion to the line totals (`shareOut`): the parts add up to the order's total exactly.
 */
export function lineShares(lineTotals: readonly number[], discountCents: number): number[] {
  if (discountCents <= 0) return [...lineTotals];
  const discounts = shareOut(discountCents, lineTotals);
  return lineTotals.map((total, index) => total - (discounts[index] as number));
}

/**
 * What `units` more units of a line are worth, when `refundedBefore` of its `quantity` were refunded already: the
 * line's part of the total spread over its units, rounded down at each step, so that refunding every unit, in any
 * number of refunds, gives back the line's part exactly.
 */
export function unitsShare(lineShareCents: number, quantity: number, refundedBefore: number, units: number): number {
  const upTo = (count: number) => Math.floor((lineShareCents * count) / quantity);
  return upTo(refundedBefore + units) - upTo(refundedBefore);
}
