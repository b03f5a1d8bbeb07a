import type { Db } from '../../storage/database.js';

// The figures of a cash session, in cents: one function, so the handover slip, the list, the closure and the
// property test read the same sums. A session counts its register's orders confirmed from its opening up to and
// including the millisecond of its close (an order confirmed just before the close, in the same millisecond, is
// the drawer's). Only one session is open per register at a time, and a new one starts at least a millisecond after
// the last one closed, so the windows of a register never overlap and no order counts twice.

export interface SessionWindow {
  cashRegisterId: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

/** The window of a session closed at `closedAt` (or, while open, counted up to now). */
export function sessionWindow(
  session: { cash_register_id: string; opened_at: number },
  closedAt: number,
): SessionWindow {
  return { cashRegisterId: session.cash_register_id, from: session.opened_at, to: closedAt + 1 };
}

export interface SessionFigures {
  orders: number;
  cashSales: number;
  cardSales: number;
  cashRefunds: number;
  cardRefunds: number;
}

/** What should be in the drawer: the float, plus cash taken, minus cash given back. */
export function expectedCash(floatCents: number, figures: Pick<SessionFigures, 'cashSales' | 'cashRefunds'>): number {
  return floatCents + figures.cashSales - figures.cashRefunds;
}

export async function sessionFigures(db: Db, window: SessionWindow): Promise<SessionFigures> {
  const sales = await sessionSales(db, window);
  const refunds = await sessionRefunds(db, window);
  return { ...sales, ...refunds };
}

/** The orders of the register confirmed in the window: how many, and what was paid in cash and by card. */
async function sessionSales(
  db: Db,
  window: SessionWindow,
): Promise<Pick<SessionFigures, 'orders' | 'cashSales' | 'cardSales'>> {
  if (window.to <= window.from) return { orders: 0, cashSales: 0, cardSales: 0 };
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('payment_method', '=', 'CASH').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('cash'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('payment_method', '=', 'CARD').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('card'),
    ])
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('confirmed_at', '>=', window.from)
    .where('confirmed_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), cashSales: Number(row.cash), cardSales: Number(row.card) };
}

/**
 * The money given back at the register in the window, by method: refunds paid out of this drawer (or on its card
 * terminal) count against it. A cancelled order is not here: it left the sales above with its money.
 */
async function sessionRefunds(
  db: Db,
  window: SessionWindow,
): Promise<Pick<SessionFigures, 'cashRefunds' | 'cardRefunds'>> {
  if (window.to <= window.from) return { cashRefunds: 0, cardRefunds: 0 };
  const row = await db
    .selectFrom('refunds')
    .select((eb) => [
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('method', '=', 'CASH').then(eb.ref('amount')).else(0).end()),
          eb.lit(0),
        )
        .as('cash'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('method', '=', 'CARD').then(eb.ref('amount')).else(0).end()),
          eb.lit(0),
        )
        .as('card'),
    ])
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('created_at', '>=', window.from)
    .where('created_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return { cashRefunds: Number(row.cash), cardRefunds: Number(row.card) };
}
