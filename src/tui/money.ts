import { formatAmount, type Locale, parseAmount } from '../i18n/index.js';

// Money as the console reads and writes it: the one place that knows how the typed client hands amounts over (a
// price of the API is a number of euros today, `4.5`). Screens work in whole cents.

/** An amount of the API in whole cents. */
export function centsOf(wire: number): number {
  return Math.round(wire * 100);
}

/** Whole cents as the API takes them. */
export function wireOf(cents: number): number {
  return cents / 100;
}

/** An amount of the API as the locale writes it, ungrouped for narrow columns: `4,50`. */
export function showMoney(locale: Locale, wire: number): string {
  return formatAmount(locale, centsOf(wire), false);
}

/** What a person typed in a price field (`4`, `4,5`, `€ 4.50`) as the API takes it, or null when it is no amount. */
export function readMoney(text: string): number | null {
  if (text.trim() === '') return null;
  const cents = parseAmount(text);
  return cents === null ? null : wireOf(cents);
}
