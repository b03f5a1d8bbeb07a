import { createContext, useContext, useMemo } from 'react';
import { ORDER_STATUSES, type OrderWarning } from '../api/orders.js';
import { counted, formatAmount, isLocale, type Locale, type MessageKey, translate } from '../i18n/index.js';
import type { RegisterCard } from './state.js';

/** The dashboard's language: the venue's (GET /health) or `pos dashboard --lang`; the catalogs of the web apps. */
export const DashboardLocale = createContext<Locale>('en');

/** Why a confirmation prints no receipt, as the server says it (`warnings`) and as the dashboard tells by itself. */
export type NoReceiptReason = OrderWarning['reason'];

/** Why the event stream is down, as the source sees it; the board says it in its language (offlineMessage). */
export type OfflineNotice = { reason: string; retryInMs: number } | { refused: number };

export interface DashboardTexts {
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** Euros (report figures) as the locale writes them, ungrouped for the narrow terminal: `1738,50`. */
  euros(value: number): string;
  /** A decimal of the API (`"11.50"`) as the locale writes it, ungrouped: `11,50`. */
  amount(decimal: string): string;
  /** A register by its name; the choice of none in words (`no register`, `nessuna cassa`). */
  registerName(register: RegisterCard): string;
  /** What a confirmation at this register will not do, in words. */
  noReceipt(reason: NoReceiptReason, register: RegisterCard): string;
  /** What is left of a food: `12 left`, or `not counted`. */
  left(count: number | null): string;
  /** An order's status (`CONFIRMED` or `confirmed`) in words: `CONFIRMED`, `IN CUCINA`. */
  status(status: string): string;
}

export function dashboardTexts(locale: Locale): DashboardTexts {
  const t: DashboardTexts['t'] = (key, values) => translate(locale, key, values);
  const registerName = (register: RegisterCard) => (register.id === null ? t('dashboard.noRegister') : register.name);
  return {
    t,
    euros: (value) => formatAmount(locale, Math.round(value * 100), false),
    amount: (decimal) => {
      const value = Number(decimal);
      return Number.isFinite(value) ? formatAmount(locale, Math.round(value * 100), false) : decimal;
    },
    registerName,
    noReceipt: (reason, register) =>
      reason === 'no-register' ? t('dashboard.noReceipt.noRegister') : t('dashboard.noReceipt.noPrinter', { register: registerName(register) }),
    left: (count) => (count === null ? t('dashboard.notCounted') : t(counted('dashboard.left', count), { count })),
    status: (status) => {
      const upper = status.toUpperCase();
      return (ORDER_STATUSES as readonly string[]).includes(upper) ? t(`dashboard.status.${upper as (typeof ORDER_STATUSES)[number]}`) : upper;
    },
  };
}

/** The texts of the locale the board was opened in (one object per locale, so effects that use it run once). */
export function useDashboardTexts(): DashboardTexts {
  const locale = useContext(DashboardLocale);
  return useMemo(() => dashboardTexts(locale), [locale]);
}

/**
 * The message line while the stream is down, for the person at the laptop: what is wrong in words (never a raw
 * `ECONNREFUSED`), and that the dashboard keeps trying by itself.
 */
export function offlineMessage({ t }: Pick<DashboardTexts, 't'>, notice: OfflineNotice): string {
  if ('refused' in notice) return t('dashboard.offline.refused', { status: notice.refused });
  const retry = t('dashboard.retrying', { seconds: Math.max(1, Math.round(notice.retryInMs / 1000)) });
  if (/^HTTP \d+/.test(notice.reason)) return t('dashboard.offline.answered', { reason: notice.reason, retry });
  const silent = /^nothing heard for (.+)$/.exec(notice.reason);
  if (silent) return t('dashboard.offline.silent', { duration: silent[1] ?? '', retry });
  return t('dashboard.offline.unreachable', { retry });
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
