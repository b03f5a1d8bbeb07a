import { createContext } from 'react';
import type { Locale } from '../../i18n/translate.js';

export const SetLocaleContext = createContext<(locale: Locale) => void>(() => undefined);
