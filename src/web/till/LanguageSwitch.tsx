import { useContext } from 'react';
import { LOCALES } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import { SetLocaleContext } from './contexts.js';

/** The language control: a choice remembered by this device (as `?lang=` is). */
export function LanguageSwitch() {
  const { t, locale } = useTexts();
  const setLocale = useContext(SetLocaleContext);
  return (
    <div className="lang" role="group" aria-label={t('lang.label')}>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          className="chip"
          aria-pressed={code === locale}
          onClick={() => setLocale(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
