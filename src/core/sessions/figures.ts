import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';

// The figures of a cash session, in cents: one function, so the handover slip, the list, the closure and the
// property test read the same sums. A session counts its register's orders confirmed from its opening up to and
// including the millisecond of its close (an order confirmed just before the close, in the same millisecond, is
// the drawer's). Only one session is open per register at a time, and a new one starts at least a millisecond after
// the last one closed, so the windows of a register never overlap and no order counts twice.
//
// A drawer counts money as it moved, where it moved. An order cancelled later was still paid into the drawer open
// at its confirmation (a sale), its refunds still went out of the drawers that paid them, and what the cancellation
// handed back went out of the drawer open at the order's register when it was cancelled (a refund). When all three
// happen in one drawer they cancel out, as if the order had never been; when they do not (a drawer closed in
// between, a refund at another register or by the other method), each drawer still holds what it says.

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
  if (window.to <= window.from) return { orders: 0, cashSales: 0, cardSales: 0, cashRefunds: 0, cardRefunds: 0 };
  // One after the other: on PostgreSQL a transaction is one connection.
  const sales = await sessionSales(db, window);
  const cancelledSales = await cancelledSalesIn(db, window);
  const refunds = await refundsIn(db, window);
  const cancelledRefunds = await cancelledRefundsIn(db, window);
  const paidBack = await paidBackIn(db, window);
  return {
    orders: sales.orders,
    cashSales: sales.cash + cancelledSales.cash,
    cardSales: sales.card + cancelledSales.card,
    cashRefunds: refunds.cash + cancelledRefunds.cash + paidBack.cash,
    cardRefunds: refunds.card + cancelledRefunds.card + paidBack.card,
  };
}

interface ByMethod {
  cash: number;
  card: number;
}

/** Σ of `amount` where `method` is CASH, and where it is CARD (0 for none); a row with no method is in neither. */
const sumsByMethod = (method: string, amount: string) => [
  sql<number>`coalesce(sum(case when ${sql.ref(method)} = 'CASH' then ${sql.ref(amount)} else 0 end), 0)`.as('cash'),
  sql<number>`coalesce(sum(case when ${sql.ref(method)} = 'CARD' then ${sql.ref(amount)} else 0 end), 0)`.as('card'),
];

const numbers = (row: { cash: unknown; card: unknown }): ByMethod => ({
  cash: Number(row.cash),
  card: Number(row.card),
});

/** The orders of the register confirmed in the window (and standing): how many, and what was paid in cash and by card. */
async function sessionSales(db: Db, window: SessionWindow): Promise<ByMethod & { orders: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('orders'), ...sumsByMethod('payment_method', 'total_cents')])
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('confirmed_at', '>=', window.from)
    .where('confirmed_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), ...numbers(row) };
}

/** The sales of the window cancelled since: their money came into this drawer all the same. */
async function cancelledSalesIn(db: Db, window: SessionWindow): Promise<ByMethod> {
  const row = await db
    .selectFrom('cancellations')
    .select(sumsByMethod('method', 'total'))
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('confirmed_at', '>=', window.from)
    .where('confirmed_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return numbers(row);
}

/** The refunds paid out of this drawer (or on its card terminal) in the window. */
async function refundsIn(db: Db, window: SessionWindow): Promise<ByMethod> {
  const row = await db
    .selectFrom('refunds')
    .select(sumsByMethod('method', 'amount'))
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('created_at', '>=', window.from)
    .where('created_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return numbers(row);
}

/** The refunds of orders cancelled since, paid out of this drawer in the window. */
async function cancelledRefundsIn(db: Db, window: SessionWindow): Promise<ByMethod> {
  const row = await db
    .selectFrom('cancelled_refunds')
    .select(sumsByMethod('method', 'amount'))
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('created_at', '>=', window.from)
    .where('created_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return numbers(row);
}

/**
 * What cancellations at the register handed back in the window. Those recorded by an older pos (no confirmation
 * time) took their sale out of the drawers too, so they are left out as they were.
 */
async function paidBackIn(db: Db, window: SessionWindow): Promise<ByMethod> {
  const row = await db
    .selectFrom('cancellations')
    .select(sumsByMethod('method', 'amount'))
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('confirmed_at', 'is not', null)
    .where('created_at', '>=', window.from)
    .where('created_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return numbers(row);
}
