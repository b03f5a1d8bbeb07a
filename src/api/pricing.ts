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
