import { createContext, useContext } from 'react';
import { formatMoney, translate, type Locale, type MessageKey } from '../../i18n/translate.js';
import { onScreen } from './money-text.js';

// The page's language is chosen in page-locale.ts (device choice, then the venue's, then the browser's); here are
// the texts of that language for React pages.
export { chosenLocale, followVenueLocale, initialLocale, rememberLocale, showLocale } from './page-locale.js';

export interface Texts {
  locale: Locale;
  t(key: MessageKey, values?: Record<string, string | number>): string;
  money(cents: number): string;
}

export function texts(locale: Locale): Texts {
  return {
    locale,
    t: (key, values) => translate(locale, key, values),
    money: (cents) => onScreen(formatMoney(locale, cents)),
  };
}

export const TextsContext = createContext<Texts>(texts('en'));
export const useTexts = () => useContext(TextsContext);
