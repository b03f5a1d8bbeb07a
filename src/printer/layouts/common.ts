import { DateTime } from 'luxon';
import type { OrderTicketBase } from '../../core/printing/payloads.js';
import { centsToDecimal } from '../../core/money.js';
import { capacity, type PrintOp, wrap } from './ops.js';

export interface LayoutOptions {
  columns: number;
  timezone: string;
  /** Kick the cash drawer with this ticket (cash receipts on a printer that has a drawer). */
  openDrawer?: boolean;
}

export const when = (ms: number, timezone: string) => DateTime.fromMillis(ms, { zone: timezone }).toFormat('dd/LL/yyyy HH:mm');
export const money = (cents: number) => centsToDecimal(cents);
export const euro = (cents: number) => `€ ${money(cents)}`;
/** Report figures are euros (numbers with 2 decimals); tickets print them from cents like everything else. */
export const reportCents = (euros: number) => Math.round(euros * 100);

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
export function orderHeader(payload: OrderTicketBase, columns: number, timezone: string): PrintOp[] {
  const ops: PrintOp[] = [];
  if (payload.reprint) ops.push({ op: 'text', text: '*** REPRINT ***', align: 'center', bold: true });
  ops.push(...big(payload.ticketNumber === null ? 'NO TICKET' : `TICKET ${payload.ticketNumber}`, columns));
  ops.push(...big(`CODE ${payload.displayCode}`, columns));
  ops.push({ op: 'rule' });
  ops.push(...lines(`Table: ${payload.table}`, columns));
  ops.push(...lines(`Customer: ${payload.customer}`, columns));
  ops.push({ op: 'text', text: when(payload.confirmedAt, timezone) });
  return ops;
}
