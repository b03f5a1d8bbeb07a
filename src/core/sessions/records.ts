import type { CashSessionRecord, Denominations } from '../../api/cash-sessions.js';
import type { CashSessionRow } from '../../storage/schema.js';
import { expectedCash, type SessionFigures } from './figures.js';

// A session row as the API shows it, in cents (the response schema writes the wire). An open session is shown
// with its live figures, a closed one with the figures kept at its close.

const iso = (ms: number) => new Date(ms).toISOString();

/** The figures kept at the close, or null while the session is open. */
export function keptFigures(row: CashSessionRow): SessionFigures | null {
  if (row.closed_at === null) return null;
  return {
    orders: row.orders ?? 0,
    cashSales: row.cash_sales_cents ?? 0,
    cardSales: row.card_sales_cents ?? 0,
    cashRefunds: row.cash_refunds_cents ?? 0,
    cardRefunds: row.card_refunds_cents ?? 0,
  };
}

export function toSessionRecord(
  row: CashSessionRow,
  figures: SessionFigures,
  registerName: string | null,
): CashSessionRecord {
  const expected = expectedCash(row.float_cents, figures);
  const cardNet = figures.cardSales - figures.cardRefunds;
  return {
    id: row.id,
    cashRegisterId: row.cash_register_id,
    cashRegisterName: registerName,
    userId: row.user_id,
    userName: row.user_name,
    float: row.float_cents,
    openedAt: iso(row.opened_at),
    status: row.closed_at === null ? 'open' : 'closed',
    orders: figures.orders,
    cashSales: figures.cashSales,
    cashRefunds: figures.cashRefunds,
    expectedCash: expected,
    cardSales: figures.cardSales,
    cardRefunds: figures.cardRefunds,
    counted: row.counted_cents,
    denominations: row.denominations === null ? null : (JSON.parse(row.denominations) as Denominations),
    difference: row.counted_cents === null ? null : row.counted_cents - expected,
    cardTerminalTotal: row.card_terminal_cents,
    cardDifference: row.card_terminal_cents === null ? null : row.card_terminal_cents - cardNet,
    note: row.note,
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
    closedBy: row.closed_by,
    closedByName: row.closed_by_name,
  };
}
