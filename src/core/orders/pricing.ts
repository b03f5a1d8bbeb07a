import { discountTooLarge, totalsOf, type OrderTotals } from '../../api/pricing.js';
import { InvalidError } from '../errors.js';

// The price rules themselves live in src/api/pricing.ts, shared with the till; the server adds the refusal.
export { priceLine, unitSurcharge, type LineInput, type OrderTotals, type PricedLine } from '../../api/pricing.js';

/** Subtotal = Σ line totals; total = subtotal − discount, never negative (a larger discount is refused). */
export function orderTotals(lines: ReadonlyArray<{ totalCents: number; surchargeCents: number }>, discountCents: number): OrderTotals {
  const totals = totalsOf(lines, discountCents);
  if (discountTooLarge(totals)) {
    throw new InvalidError(
      `The discount (${(discountCents / 100).toFixed(2)}) is larger than the subtotal (${(totals.subtotalCents / 100).toFixed(2)})`,
    );
  }
  return totals;
}
