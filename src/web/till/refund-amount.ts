import { lineShares, unitsShare } from '../../api/pricing.js';

// What the till says to give back for a refund before it asks the server: the server's own default rule
// (src/api/pricing.ts), so the amount shown large is the amount the refund will carry.

export interface RefundLine {
  id: string;
  quantity: number;
  refundedQuantity: number;
  totalCents: number;
}

/**
 * The money for `units` (line id → units) of an order: each line's part of the total (the discount shared over the
 * lines), spread over its units, never more than is left of the total after `refundedCents`.
 */
export function refundCents(
  lines: readonly RefundLine[],
  discountCents: number,
  totalCents: number,
  refundedCents: number,
  units: ReadonlyMap<string, number>,
): number {
  const shares = lineShares(
    lines.map((line) => line.totalCents),
    discountCents,
  );
  let worth = 0;
  lines.forEach((line, index) => {
    const count = units.get(line.id) ?? 0;
    if (count > 0) worth += unitsShare(shares[index] as number, line.quantity, line.refundedQuantity, count);
  });
  return Math.min(worth, Math.max(0, totalCents - refundedCents));
}
