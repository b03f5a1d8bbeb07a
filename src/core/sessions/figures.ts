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
  // One query after the other: on PostgreSQL a transaction is one connection.
  const moved = (movement: Movement) => sumByMethod(db, window, movement);
  const orders = await standingOrders(db, window);
  const taken = [await moved(MOVEMENTS.sales), await moved(MOVEMENTS.cancelledSales)];
  const given = [
    await moved(MOVEMENTS.refunds),
    await moved(MOVEMENTS.cancelledRefunds),
    await moved(MOVEMENTS.paidBack),
  ];
  const total = (list: ByMethod[], method: keyof ByMethod) => list.reduce((sum, one) => sum + one[method], 0);
  return {
    orders,
    cashSales: total(taken, 'cash'),
    cardSales: total(taken, 'card'),
    cashRefunds: total(given, 'cash'),
    cardRefunds: total(given, 'card'),
  };
}

interface ByMethod {
  cash: number;
  card: number;
}

/** One kind of money moved at a register: the rows that record it, their method and amount, and when it moved. */
interface Movement {
  table: 'orders' | 'cancellations' | 'refunds' | 'cancelled_refunds';
  method: string;
  amount: string;
  at: string;
  /** Only rows with a confirmation time: those of an older pos left the drawers with their sale. */
  confirmedOnly?: boolean;
}

const MOVEMENTS = {
  /** Orders confirmed at the register in the window, still standing. */
  sales: { table: 'orders', method: 'payment_method', amount: 'total_cents', at: 'confirmed_at' },
  /** Orders confirmed there in the window and cancelled since: their money came in all the same. */
  cancelledSales: { table: 'cancellations', method: 'method', amount: 'total', at: 'confirmed_at' },
  /** Refunds paid out of the drawer (or on its card terminal) in the window. */
  refunds: { table: 'refunds', method: 'method', amount: 'amount', at: 'created_at' },
  /** Refunds paid there of orders cancelled since. */
  cancelledRefunds: { table: 'cancelled_refunds', method: 'method', amount: 'amount', at: 'created_at' },
  /** What cancellations of the register's orders handed back in the window. */
  paidBack: { table: 'cancellations', method: 'method', amount: 'amount', at: 'created_at', confirmedOnly: true },
} satisfies Record<string, Movement>;

/** Σ of a movement's amounts at the register in the window, in cash and by card (a row with no method is in neither). */
async function sumByMethod(db: Db, window: SessionWindow, movement: Movement): Promise<ByMethod> {
  const sumOf = (method: string) =>
    sql<number>`coalesce(sum(case when ${sql.ref(movement.method)} = ${method} then ${sql.ref(movement.amount)} else 0 end), 0)`;
  let query = db
    .selectFrom(movement.table)
    .select([sumOf('CASH').as('cash'), sumOf('CARD').as('card')])
    .where('cash_register_id', '=', window.cashRegisterId)
    .where(sql.ref(movement.at), '>=', window.from)
    .where(sql.ref(movement.at), '<', window.to);
  if (movement.confirmedOnly) query = query.where(sql.ref('confirmed_at'), 'is not', null);
  const row = await query.executeTakeFirstOrThrow();
  return { cash: Number(row.cash), card: Number(row.card) };
}

/** How many orders confirmed at the register in the window still stand. */
async function standingOrders(db: Db, window: SessionWindow): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('orders'))
    .where('cash_register_id', '=', window.cashRegisterId)
    .where('confirmed_at', '>=', window.from)
    .where('confirmed_at', '<', window.to)
    .executeTakeFirstOrThrow();
  return Number(row.orders);
}
