import { isLocale, type Locale } from '../../i18n/translate.js';

// Which language a page speaks (no React, so the TV's plain script uses it too):
//   1. this device's own choice: `?lang=it|en` (remembered) or the page's control;
//   2. else the venue's language (`pos serve --locale`, told by GET /health), remembered for the next start offline;
//   3. else the browser's language.

const CHOSEN = 'pos.lang';
const VENUE = 'pos.venueLang';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): nothing remembered
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The language this device chose, if it chose one; a `?lang=` in the address is a choice and is remembered. */
export function chosenLocale(): Locale | null {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLocale(asked)) {
    write(CHOSEN, asked);
    return asked;
  }
  const saved = read(CHOSEN);
  return isLocale(saved) ? saved : null;
}

/** The language to show at once, before the server has answered. */
export function initialLocale(): Locale {
  const venue = read(VENUE);
  const locale =
    chosenLocale() ??
    (isLocale(venue) ? venue : null) ??
    (navigator.language.toLowerCase().startsWith('it') ? 'it' : 'en');
  showLocale(locale);
  return locale;
}

/** The device's own choice (the language control): kept, and it wins over the venue's language from now on. */
export function rememberLocale(locale: Locale): void {
  write(CHOSEN, locale);
  showLocale(locale);
}

/** Marks the page's language (screen readers, hyphenation) without making it a choice. */
export function showLocale(locale: Locale): void {
  document.documentElement.lang = locale;
}

/**
 * The venue's language from GET /health, remembered for an offline start; null when the server does not answer or
 * this device chose its own. `apply` is called only when it differs from `shown`.
 */
export async function followVenueLocale(shown: Locale, apply: (locale: Locale) => void): Promise<void> {
  if (chosenLocale() !== null) return;
  try {
    const response = await fetch('/health', { cache: 'no-store' });
    const venue = response.ok ? ((await response.json()) as { locale?: unknown }).locale : null;
    if (!isLocale(venue)) return;
    write(VENUE, venue);
    if (chosenLocale() === null && venue !== shown) {
      showLocale(venue);
      apply(venue);
    }
  } catch {
    // offline: the remembered venue language (or the browser's) stays
  }
}
