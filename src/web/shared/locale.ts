import { createContext, useContext } from 'react';
import { formatMoney, isLocale, translate, type Locale, type MessageKey } from './i18n/index.js';

// The page's language: `?lang=it|en` (remembered), else what this device chose before, else the browser's.

const KEY = 'pos.lang';

export function initialLocale(): Locale {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLocale(asked)) {
    rememberLocale(asked);
    return asked;
  }
  const saved = localStorage.getItem(KEY);
  if (isLocale(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('it') ? 'it' : 'en';
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = locale;
}

export interface Texts {
  locale: Locale;
  t(key: MessageKey, values?: Record<string, string | number>): string;
  money(cents: number): string;
}

export function texts(locale: Locale): Texts {
  return { locale, t: (key, values) => translate(locale, key, values), money: (cents) => formatMoney(locale, cents) };
}

export const TextsContext = createContext<Texts>(texts('en'));
export const useTexts = () => useContext(TextsContext);
