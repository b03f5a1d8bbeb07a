import { InvalidError } from '../errors.js';

// Price rules of interface §2.9 in integer cents. A line's surcharge is per line; unitSurcharge is shown rounded,
// but totals always use the exact line surcharge.

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

export function priceLine(line: LineInput): PricedLine {
  return {
    ...line,
    totalCents: line.surchargeCents + line.unitPriceCents * line.quantity,
    unitSurchargeCents: unitSurcharge(line.surchargeCents, line.quantity),
  };
}

export function unitSurcharge(lineSurchargeCents: number, quantity: number): number {
  return Math.round(lineSurchargeCents / quantity);
}

/** Subtotal = Σ line totals; total = subtotal − discount, never negative (a larger discount is refused). */
export function orderTotals(lines: ReadonlyArray<{ totalCents: number; surchargeCents: number }>, discountCents: number): OrderTotals {
  let subtotalCents = 0;
  let surchargeCents = 0;
  for (const line of lines) {
    subtotalCents += line.totalCents;
    surchargeCents += line.surchargeCents;
  }
  if (discountCents > subtotalCents) {
    throw new InvalidError(
      `The discount (${(discountCents / 100).toFixed(2)}) is larger than the subtotal (${(subtotalCents / 100).toFixed(2)})`,
    );
  }
  return { subtotalCents, surchargeCents, discountCents, totalCents: subtotalCents - discountCents };
}
