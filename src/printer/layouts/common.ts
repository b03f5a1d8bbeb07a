import type { OrderTicketBase } from '../../core/printing/payloads.js';
import {
  formatAmount,
  formatDateTime,
  formatMoney,
  formatNumber,
  type Locale,
  type MessageKey,
  translate,
} from '../../i18n/index.js';
import { capacity, type PrintOp, wrap } from './ops.js';

export interface LayoutOptions {
  columns: number;
  timezone: string;
  /** The venue's language (`pos serve --locale`): words, money and dates on the paper. English when not given. */
  locale?: Locale;
  /** Kick the cash drawer with this ticket (cash receipts on a printer that has a drawer). */
  openDrawer?: boolean;
}

/** What a layout writes with: the catalog the web apps use, in the venue's language, time zone and money. */
export interface Paper {
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** `€ 12,00` / `€ 12.00` */
  euro(cents: number): string;
  /** `12,00` / `12.00`, for columns of amounts */
  money(cents: number): string;
  number(value: number): string;
  when(ms: number): string;
}

export function paper(options: LayoutOptions): Paper {
  const locale = options.locale ?? 'en';
  return {
    t: (key, values) => translate(locale, key, values),
    euro: (cents) => formatMoney(locale, cents, 'ticket.money'),
    money: (cents) => formatAmount(locale, cents),
    number: (value) => formatNumber(locale, value),
    when: (ms) => formatDateTime(locale, ms, options.timezone),
  };
}

export function big(text: string, columns: number): PrintOp[] {
  return wrap(text, capacity(columns, true)).map((line) => ({ op: 'text', text: line, big: true, align: 'center' }));
}

export function lines(text: string, columns: number, indent = ''): PrintOp[] {
  return wrap(text, columns - indent.length).map((line) => ({ op: 'text', text: `${indent}${line}` }));
}

/**
 * Ticket number and display code large, each with its label, then table, customer and time (venue time zone).
 * These are the two numbers people use (the kitchen calls the ticket, the TV shows both); the internal order id is
 * not printed: next to "TICKET 17", an "Order 42" was read as the number to call.
 */
export function orderHeader(payload: OrderTicketBase, columns: number, p: Paper): PrintOp[] {
  const ops: PrintOp[] = [];
  if (payload.reprint) ops.push({ op: 'text', text: p.t('ticket.reprint'), align: 'center', bold: true });
  ops.push(
    ...big(
      payload.ticketNumber === null ? p.t('ticket.noNumber') : p.t('ticket.number', { number: payload.ticketNumber }),
      columns,
    ),
  );
  ops.push(...big(p.t('ticket.code', { code: payload.displayCode }), columns));
  ops.push({ op: 'rule' });
  ops.push(...lines(p.t('ticket.table', { table: payload.table }), columns));
  ops.push(...lines(p.t('ticket.customer', { customer: payload.customer }), columns));
  ops.push({ op: 'text', text: p.when(payload.confirmedAt) });
  return ops;
}
