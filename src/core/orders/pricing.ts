import { discountTooLarge, totalsOf, type OrderTotals } from '../../api/pricing.js';
import { InvalidError } from '../errors.js';
import { centsToDecimal } from '../money.js';

// The price rules themselves live in src/api/pricing.ts, shared with the till; the server adds the refusal.
export { priceLine, unitSurcharge, type LineInput, type OrderTotals, type PricedLine } from '../../api/pricing.js';

/** Subtotal = Σ line totals; total = subtotal − discount, never negative (a larger discount is refused). */
export function orderTotals(
  lines: ReadonlyArray<{ totalCents: number; surchargeCents: number }>,
  discountCents: number,
): OrderTotals {
  const totals = totalsOf(lines, discountCents);
  if (discountTooLarge(totals)) {
    throw new InvalidError(
      `The discount (${centsToDecimal(discountCents)}) is larger than the subtotal (${centsToDecimal(totals.subtotalCents)})`,
      undefined,
      'discount-too-large',
    );
  }
  return totals;
}
