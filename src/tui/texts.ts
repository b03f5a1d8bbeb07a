import type { DropCause } from '../client/sse.js';
import { createContext, useContext, useMemo } from 'react';
import { PRINTER_STATUS_REASONS, PRINTER_STATUSES } from '../api/enums.js';
import { isErrorCode } from '../api/errors.js';
import { ORDER_STATUSES, type OrderWarning } from '../api/orders.js';
import { counted, formatAmount, isLocale, type Locale, type MessageKey, translate } from '../i18n/index.js';
import type { PrinterCard, RegisterCard } from './state.js';

/** The dashboard's language: the venue's (GET /health) or `pos dashboard --lang`; the catalogs of the web apps. */
export const DashboardLocale = createContext<Locale>('en');

/** Why a confirmation prints no receipt, as the server says it (`warnings`) and as the dashboard tells by itself. */
export type NoReceiptReason = OrderWarning['reason'];

/** Why the event stream is down, as the source sees it; the board says it in its language (offlineMessage). */
export type OfflineNotice = { cause: DropCause; retryInMs: number } | { refused: number };

export interface DashboardTexts {
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** Cents as the locale writes them, ungrouped for the narrow terminal: `1738,50`; nothing while not known. */
  amount(cents: number | null): string;
  /** A register by its name; the choice of none in words (`no register`, `nessuna cassa`). */
  registerName(register: RegisterCard): string;
  /** What a confirmation at this register will not do, in words. */
  noReceipt(reason: NoReceiptReason, register: RegisterCard): string;
  /** What is left of a food: `12 left`, or `not counted`. */
  left(count: number | null): string;
  /**
   * A printer's state in words: `ONLINE`, `SPENTA`; in ERROR, why when the printer said it (`PAPER OUT`) since that
   * says what to fix. A status or reason of a newer server shows as it is.
   */
  printerStatus(printer: Pick<PrinterCard, 'status' | 'statusReason'>): string;
  /** An order's status (`CONFIRMED` or `confirmed`) in words: `CONFIRMED`, `IN CUCINA`. */
  status(status: string): string;
  /**
   * What the server said, in the console's language: by its code when it has its own words (`name-taken`), or by
   * the detail code a form meets (`empty`, `too-long` with its `limit`, `not-an-amount`, `not-an-address`); any
   * other as the server wrote it (the API speaks English; a local refusal is already in the console's language).
   */
  said(said: { message: string; code?: string | undefined; limit?: number | undefined }): string;
}

/** The detail codes a console form meets (src/api/errors.ts), and how each is said in the catalogs. */
const DETAIL_WORDS: Record<string, (t: DashboardTexts['t'], limit: number | undefined) => string | null> = {
  empty: (t) => t('console.said.empty'),
  'too-short': (t, limit) => (limit === undefined ? null : t('console.said.tooShort', { min: limit })),
  'too-long': (t, limit) => (limit === undefined ? null : t('console.said.tooLong', { max: limit })),
  'too-small': (t, limit) =>
    limit === undefined ? null : limit === 0 ? t('console.said.negative') : t('console.said.atLeast', { min: limit }),
  'too-big': (t, limit) =>
    limit === undefined ? t('console.said.tooLarge') : t('console.said.atMost', { max: limit }),
  'not-whole': (t) => t('console.said.whole'),
  'not-an-amount': (t) => t('console.said.amount'),
  'not-an-address': (t) => t('console.said.address'),
  'not-an-id': (t) => t('console.said.choose'),
  'not-a-choice': (t) => t('console.said.choose'),
};

export function dashboardTexts(locale: Locale): DashboardTexts {
  const t: DashboardTexts['t'] = (key, values) => translate(locale, key, values);
  const registerName = (register: RegisterCard) => (register.id === null ? t('dashboard.noRegister') : register.name);
  return {
    t,
    amount: (cents) => (cents === null ? '' : formatAmount(locale, cents, false)),
    registerName,
    noReceipt: (reason, register) =>
      reason === 'no-register'
        ? t('dashboard.noReceipt.noRegister')
        : t('dashboard.noReceipt.noPrinter', { register: registerName(register) }),
    left: (count) => (count === null ? t('dashboard.notCounted') : t(counted('dashboard.left', count), { count })),
    said: ({ message, code, limit }) => {
      if (code && code !== 'validation' && isErrorCode(code)) return t(`error.${code}`);
      const words = code && Object.hasOwn(DETAIL_WORDS, code) ? DETAIL_WORDS[code]?.(t, limit) : null;
      return words ?? message;
    },
    printerStatus: ({ status, statusReason }) => {
      if (status === 'ERROR' && statusReason) {
        return (PRINTER_STATUS_REASONS as readonly string[]).includes(statusReason)
          ? t(`dashboard.printerReason.${statusReason as (typeof PRINTER_STATUS_REASONS)[number]}`)
          : statusReason;
      }
      return (PRINTER_STATUSES as readonly string[]).includes(status)
        ? t(`dashboard.printer.${status as (typeof PRINTER_STATUSES)[number]}`)
        : status;
    },
    status: (status) => {
      const upper = status.toUpperCase();
      return (ORDER_STATUSES as readonly string[]).includes(upper)
        ? t(`dashboard.status.${upper as (typeof ORDER_STATUSES)[number]}`)
        : upper;
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
  const { cause } = notice;
  if (cause.kind === 'answered') return t('dashboard.offline.answered', { reason: `HTTP ${cause.status}`, retry });
  if (cause.kind === 'silent') {
    const duration = cause.idleMs >= 1000 ? `${Math.round(cause.idleMs / 1000)} s` : `${cause.idleMs} ms`;
    return t('dashboard.offline.silent', { duration, retry });
  }
  return t('dashboard.offline.unreachable', { retry });
}

/**
 * `--lang` when given, else the venue's language from /health; English from a server too old to tell, or one that
 * does not answer within `waitMs` (the board then opens at once and shows itself offline).
 */
export async function dashboardLocale(
  lang: Locale | undefined,
  health: () => Promise<{ locale?: unknown }>,
  waitMs = 3000,
): Promise<Locale> {
  if (lang) return lang;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  const venue = await Promise.race([
    health().then(
      (answer) => answer.locale,
      () => undefined,
    ),
    late,
  ]);
  clearTimeout(timer);
  return isLocale(venue) ? venue : 'en';
}
