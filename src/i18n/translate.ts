import { type Locale, LOCALES } from '../api/enums.js';
import { centsParts, unitsToCents } from '../api/money.js';
import type { MessageKey } from './en.js';

// Saying things in the venue's languages, without the catalogs themselves: the catalogs a program has are handed in
// with `addCatalog`. Node (the server, the printer, the dashboard) loads index.ts, which hands in every catalog at
// once; a browser page imports this file and loads only its own words in its language, before its first paint and
// again when it changes language (docs/languages.md, docs/performance.md).
export { LOCALES, type Locale, type MessageKey };

export type Catalog = Partial<Record<MessageKey, string>>;

const loaded: Partial<Record<Locale, Catalog>> = {};

/** Makes a language's words available to `translate` (a page's catalog holds only the keys that page says). */
export function addCatalog(locale: Locale, catalog: Catalog): void {
  loaded[locale] = { ...loaded[locale], ...catalog };
}

export const hasCatalog = (locale: Locale): boolean => loaded[locale] !== undefined;

/** Whether a key has words in the loaded catalogs (each catalog has the same keys; a page's, the page's keys). */
const known = (key: string): boolean => Object.values(loaded).some((catalog) => key in catalog);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The key to say `count` of something with: its `…One` form for exactly one ("1 ordine", "ne resta 1"), else the
 * key itself. Italian and English both have one singular and one plural; a language with more forms adds keys here.
 */
export function counted(key: MessageKey, count: number): MessageKey {
  const one = `${key}One`;
  return count === 1 && known(one) ? (one as MessageKey) : key;
}

/**
 * The words for an error code of the API (docs/api.md lists them): `error.<code>`, or the generic refusal for a code
 * a newer server sends that this catalog does not know yet. Clients say refusals by code, never by the English
 * message of the server.
 */
export function errorKey(code: string | undefined): MessageKey {
  const key = `error.${code ?? 'unknown'}`;
  return known(key) ? (key as MessageKey) : 'error.unknown';
}

/**
 * The message in the locale with `{name}` filled in; a missing value stays visible as `{name}`. A key the locale's
 * catalog lacks is said in English, and one no loaded catalog has shows as the key itself.
 */
export function translate(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const template: string = loaded[locale]?.[key] ?? loaded.en?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Whole cents as the locale writes the number: `1.234,50` in Italian, `1,234.50` in English (grouped unless told
 * not to, where columns are narrow: the dashboard's `1234,50`).
 */
export function formatAmount(locale: Locale, cents: number, grouped = true): string {
  const { negative, units, rest } = centsParts(Math.round(cents));
  const whole = String(units);
  const written = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, translate(locale, 'format.group')) : whole;
  return `${negative ? '-' : ''}${written}${translate(locale, 'format.decimal')}${String(rest).padStart(2, '0')}`;
}

/**
 * Money as the locale writes it: `€ 12,00` and `€ 1.234,50` in Italian, `€12.00` and `€1,234.50` in English; the
 * template is the catalog's (`format.money` on screen, `ticket.money` on paper). Written out here rather than with
 * Intl.NumberFormat: ICU writes Italian euros as `1234,50 €` (symbol after, no group under 10 000), not as a sagra
 * does, and a build of Node with small ICU would silently print English.
 */
export function formatMoney(
  locale: Locale,
  cents: number,
  template: 'format.money' | 'ticket.money' = 'format.money',
): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${translate(locale, template, { amount: formatAmount(locale, Math.abs(cents)) })}`;
}

/** A number with up to `decimals` decimals in the locale's form (`12,25` in Italian); no grouping. */
export function formatNumber(locale: Locale, value: number, decimals = 2): string {
  const text = String(Number(value.toFixed(decimals)));
  return text.replace('.', translate(locale, 'format.decimal'));
}

const dateParts = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the venue reads it, in the venue's time zone: `24/11/2026 21:05` (`format.dateTime`). Intl gives
 * only the numbers (day, month, year, hours, minutes in that zone); the order and separators are the catalog's.
 */
export function formatDateTime(locale: Locale, ms: number, timeZone: string): string {
  let parts = dateParts.get(timeZone);
  if (!parts) {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    dateParts.set(timeZone, parts);
  }
  const values: Record<string, string> = {};
  for (const part of parts.formatToParts(ms)) values[part.type] = part.value;
  return translate(locale, 'format.dateTime', values);
}

/** An amount typed by a cashier (`7`, `7,5`, `7.50`) in cents, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/^€\s*/, '');
  if (trimmed === '') return 0;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  return unitsToCents(match[1] as string, match[2]);
}
