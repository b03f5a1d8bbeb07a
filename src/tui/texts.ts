import { createContext, useContext } from 'react';
import { formatAmount, isLocale, type Locale, type MessageKey, translate } from '../web/shared/i18n/index.js';

/** The dashboard's language: the venue's (GET /health) or `pos dashboard --lang`; the catalogs of the web apps. */
export const DashboardLocale = createContext<Locale>('en');

export function useDashboardTexts() {
  const locale = useContext(DashboardLocale);
  return {
    t: (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values),
    /** Euros (report figures) as the locale writes them, ungrouped for the narrow terminal: `1738,50`. */
    euros: (value: number) => formatAmount(locale, Math.round(value * 100), false),
  };
}

/**
 * `--lang` when given, else the venue's language from /health; English from a server too old to tell, or one that
 * does not answer within `waitMs` (the board then opens at once and shows itself offline).
 */
export async function dashboardLocale(lang: Locale | undefined, health: () => Promise<{ locale?: unknown }>, waitMs = 3000): Promise<Locale> {
  if (lang) return lang;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  const venue = await Promise.race([health().then((answer) => answer.locale, () => undefined), late]);
  clearTimeout(timer);
  return isLocale(venue) ? venue : 'en';
}
