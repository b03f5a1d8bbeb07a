import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Locale, MessageKey } from '../../i18n/translate.js';
import { loadCatalog } from './catalogs.js';
import { texts, type Texts } from './locale.js';
import { followVenueLocale, initialLocale, rememberLocale, showLocale } from './page-locale.js';

/**
 * The language of a React page (the till, the kitchen screen): the venue's (`pos serve --locale`) by default, the
 * device's own choice (`?lang=`, the language control) wins and is remembered. The browser tab's title speaks it too.
 */
export function usePageLocale(titleKey: MessageKey): { locale: Locale; text: Texts; chooseLocale(next: Locale): void } {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const text = useMemo(() => texts(locale), [locale]);
  // A language is shown once its words are loaded (a small chunk, the first time: src/web/shared/catalogs.ts).
  const show = useCallback((next: Locale) => void loadCatalog(next).then(() => setLocale(next)), []);
  const chooseLocale = useCallback(
    (next: Locale) => {
      rememberLocale(next);
      show(next);
    },
    [show],
  );
  useEffect(() => {
    showLocale(locale);
    document.title = `pos · ${text.t(titleKey)}`;
  }, [locale, text, titleKey]);
  useEffect(() => void followVenueLocale(locale, show), []); // once, at start
  return { locale, text, chooseLocale };
}
