import type { Db } from '../../storage/database.js';
import { emptyMoneyBack, type Figures, type MoneyBack } from './figures.js';

// The figures of money given back (docs/reports.md, "Refunds and cancellations"), read from their own small tables
// over a whole report window: refunds by the time they were given (not by their order's confirmation), the record of
// cancellations, and the discounts of the window's orders by reason. Hourly snapshots hold none of these.

const NO_REASON = '';

async function moneyBackFigures(
  db: Db,
  start: number,
  end: number,
): Promise<{
  moneyBack: MoneyBack;
  registers: Map<string, { cash: number; card: number }>;
}> {
  const moneyBack = emptyMoneyBack();
  const registers = new Map<string, { cash: number; card: number }>();
  if (end <= start) return { moneyBack, registers };
  const refunds = await db
    .selectFrom('refunds')
    .select((eb) => [
      'cash_register_id',
      'method',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('amount'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(['cash_register_id', 'method'])
    .execute();
  for (const row of refunds) {
    const amount = Number(row.amount);
    moneyBack.refunds += Number(row.count);
    moneyBack.refundCents += amount;
    if (row.method === 'CASH') moneyBack.refundCashCents += amount;
    else moneyBack.refundCardCents += amount;
    if (row.cash_register_id === null) continue;
    const register = registers.get(row.cash_register_id) ?? { cash: 0, card: 0 };
    if (row.method === 'CASH') register.cash += amount;
    else register.card += amount;
    registers.set(row.cash_register_id, register);
  }
  const cancellations = await db
    .selectFrom('cancellations')
    .select((eb) => ['method', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount').as('amount')])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('method')
    .execute();
  for (const row of cancellations) {
    const amount = Number(row.amount);
    moneyBack.cancellations.count += Number(row.count);
    moneyBack.cancellations.amountCents += amount;
    if (row.method === 'CASH') moneyBack.cancellations.cashCents += amount;
    if (row.method === 'CARD') moneyBack.cancellations.cardCents += amount;
  }
  // `discount_cents > 0` lets SQLite read the partial index of discounted orders (migration 016).
  const discounts = await db
    .selectFrom('orders')
    .select((eb) => [
      'discount_reason',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('discount_cents').as('amount'),
    ])
    .where('discount_cents', '>', 0)
    .where('confirmed_at', '>=', start)
    .where('confirmed_at', '<', end)
    .groupBy('discount_reason')
    .execute();
  for (const row of discounts) {
    const reason = row.discount_reason ?? NO_REASON;
    const entry = moneyBack.discounts.get(reason) ?? { count: 0, amountCents: 0 };
    entry.count += Number(row.count);
    entry.amountCents += Number(row.amount);
    moneyBack.discounts.set(reason, entry);
  }
  return { moneyBack, registers };
}

/** Adds the window's money given back to its figures (once per window: refunds are by their own time). */
export async function addMoneyBack(db: Db, figures: Figures, start: number, end: number): Promise<Figures> {
  const { moneyBack, registers } = await moneyBackFigures(db, start, end);
  figures.moneyBack = moneyBack;
  for (const [id, refunded] of registers) {
    let register = figures.registers.get(id);
    if (!register) {
      register = { cashRegisterId: id, revenueCents: 0, cashCents: 0, cardCents: 0 };
      figures.registers.set(id, register);
    }
    register.refundCashCents = (register.refundCashCents ?? 0) + refunded.cash;
    register.refundCardCents = (register.refundCardCents ?? 0) + refunded.card;
    register.refundCents = (register.refundCents ?? 0) + refunded.cash + refunded.card;
  }
  return figures;
}
