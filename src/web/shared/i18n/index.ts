import { en, type MessageKey } from './en.js';
import { it } from './it.js';

// Message catalogs per locale: plain data, importable from Node (tests, later the printed tickets) and the browser.
export const CATALOGS = { en, it } as const satisfies Record<string, Record<MessageKey, string>>;
export type Locale = keyof typeof CATALOGS;
export const LOCALES = Object.keys(CATALOGS) as Locale[];
export type { MessageKey };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && value in CATALOGS;
}

/** The message in the locale with `{name}` filled in; a missing value stays visible as `{name}`. */
export function translate(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const template: string = CATALOGS[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Money as the locale writes it: `€ 12,00` and `€ 1.234,50` in Italian, `€12.00` and `€1,234.50` in English. */
export function formatMoney(locale: Locale, cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'it' ? '.' : ',');
  const rest = String(abs % 100).padStart(2, '0');
  return locale === 'it' ? `${sign}€ ${units},${rest}` : `${sign}€${units}.${rest}`;
}

/** An amount typed by a cashier (`7`, `7,5`, `7.50`) in cents, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/^€\s*/, '');
  if (trimmed === '') return 0;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
