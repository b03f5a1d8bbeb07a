import { formatAmount, type Locale, parseAmount } from '../i18n/index.js';

// Money as the console reads and writes it: the one place that knows how the typed client hands amounts over. The
// client's money codec hands every amount as integer cents and takes cents (the wire's `4.5` or `"4.50"` is its
// business), so these two are the identity; screens never convert by hand.

/** An amount of the typed client in whole cents. */
export function centsOf(amount: number): number {
  return amount;
}

/** Whole cents as the typed client takes them. */
function wireOf(cents: number): number {
  return cents;
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
