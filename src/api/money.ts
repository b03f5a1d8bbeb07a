// Pure (no imports): the server and the till in the browser both use it, so money is one rule.
// Money is integer cents in storage and arithmetic; it becomes a number or a decimal string only at the edge. This
// file and the zod codecs of ./money-codec.ts are the only places that scale by 100 (test/api/money-grep.test.ts).

/** Largest amount accepted anywhere (one million currency units): keeps every sum far inside safe integers. */
export const MAX_CENTS = 100_000_000;

const CENTS_PER_UNIT = 100;

/**
 * Converts a wire number (at most 2 decimals) to cents, or returns null when it is not an exact cents amount.
 * 0.1 + 0.2 style float noise is tolerated; a third decimal is not.
 */
export function toCents(value: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const scaled = value * CENTS_PER_UNIT;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > 1e-6) return null;
  return cents === 0 ? 0 : cents; // normalise -0
}

/**
 * The number is exactly some amount of cents: a JSON text with at most 2 decimals parses to the same double as
 * cents / 100, and any other text does not (7.000000001 is not 7.00). No float tolerance.
 */
export function isExactCents(value: number): boolean {
  const cents = toCents(value);
  return cents !== null && centsToNumber(cents) === value;
}

/** Cents as a JSON number with at most 2 decimals: 1250 → 12.5. */
export function centsToNumber(cents: number): number {
  return cents / CENTS_PER_UNIT;
}

/** Cents split into whole currency units and the cents beyond them, without the sign: -1250 → 12 and 50. */
export function centsParts(cents: number): { negative: boolean; units: number; rest: number } {
  const abs = Math.abs(cents);
  return { negative: cents < 0, units: Math.floor(abs / CENTS_PER_UNIT), rest: abs % CENTS_PER_UNIT };
}

/** Cents as a decimal string with exactly 2 decimals: 1250 → "12.50", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const { negative, units, rest } = centsParts(cents);
  return `${negative ? '-' : ''}${units}.${rest < 10 ? '0' : ''}${rest}`;
}

/** Whole units and up to 2 decimal digits, as people and the wire write them ("12" and "5" → 1250). */
export function unitsToCents(units: string, decimals = ''): number {
  return Number(units) * CENTS_PER_UNIT + Number(decimals.padEnd(2, '0'));
}

/** A decimal string of the wire ("12.50", "-0.05", also "12" or "12.5") in cents, or null when it is not one. */
export function decimalToCents(text: string): number | null {
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = unitsToCents(match[2] as string, match[3] ?? '');
  return match[1] && cents !== 0 ? -cents : cents;
}

/** A figure rounded to 2 decimals, for the few that are not money but share its precision (minutes of a report). */
export function roundTo2Decimals(value: number): number {
  return Math.round(value * CENTS_PER_UNIT) / CENTS_PER_UNIT;
}
