// Pure (no imports): the server and the till in the browser both use it, so money is one rule.
// Money is integer cents in storage and arithmetic; it becomes a number or a decimal string only at the edge.

/** Largest amount accepted anywhere (one million currency units): keeps every sum far inside safe integers. */
export const MAX_CENTS = 100_000_000;

/**
 * Converts a wire number (at most 2 decimals) to cents, or returns null when it is not an exact cents amount.
 * 0.1 + 0.2 style float noise is tolerated; a third decimal is not.
 */
export function toCents(value: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const scaled = value * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > 1e-6) return null;
  return cents === 0 ? 0 : cents; // normalise -0
}

/** Cents as a JSON number with at most 2 decimals: 1250 → 12.5. */
export function centsToNumber(cents: number): number {
  return cents / 100;
}

/** Cents as a decimal string with exactly 2 decimals: 1250 → "12.50", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${units}.${rest < 10 ? '0' : ''}${rest}`;
}
