import { centsToNumber } from '../../api/money.js';

// The drawer's count at the end of a shift (pure, unit-tested): notes and coins tapped one by one, the loose coins
// under 1 € typed as one amount, summed in cents and sent as the count by coin and note the server adds up again.

/** The big keys: 50, 20, 10 and 5 € notes, 2 and 1 € coins (cents). */
export const DRAWER_KEYS = [5000, 2000, 1000, 500, 200, 100] as const;

/** How many of each key, and the coins under 1 € in cents. */
export interface DrawerCount {
  pieces: Record<number, number>;
  smallCoinsCents: number;
}

export const EMPTY_COUNT: DrawerCount = { pieces: {}, smallCoinsCents: 0 };

export function addPiece(count: DrawerCount, valueCents: number, by: 1 | -1): DrawerCount {
  const next = Math.max(0, (count.pieces[valueCents] ?? 0) + by);
  return { ...count, pieces: { ...count.pieces, [valueCents]: next } };
}

export function countedCents(count: DrawerCount): number {
  let total = count.smallCoinsCents;
  for (const value of DRAWER_KEYS) total += value * (count.pieces[value] ?? 0);
  return total;
}

/** The count as the API takes it: euro value to pieces ("50": 2); the small coins as that many cents ("0.01"). */
export function denominationsOf(count: DrawerCount): Record<string, number> {
  const out: Record<string, number> = {};
  for (const value of DRAWER_KEYS) {
    const pieces = count.pieces[value] ?? 0;
    if (pieces > 0) out[String(centsToNumber(value))] = pieces;
  }
  if (count.smallCoinsCents > 0) out['0.01'] = count.smallCoinsCents;
  return out;
}
