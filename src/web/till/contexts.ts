import { createContext } from 'react';
import type { Locale } from '../../i18n/index.js';

export const SetLocaleContext = createContext<(locale: Locale) => void>(() => undefined);
