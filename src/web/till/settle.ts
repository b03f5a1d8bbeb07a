// What a refused order already took, and what the cashier does about it once the order is changed (pure,
// unit-tested in test/web/settle.test.ts). An order paid while the server could not be reached is paid for real: the
// customer handed over cash or tapped a card. When the server refuses it and the cashier changes it, the money
// already in the drawer counts towards the new total; a card payment cannot be moved over, it is refunded on the
// card terminal and the new total is taken from scratch.

export type PaymentMethod = 'CASH' | 'CARD';

/** What an order on the till's outbox was paid with: the method, its total, and the cash handed over. */
export interface Paid {
  method: PaymentMethod;
  totalCents: number;
  /** The cash the customer handed over (the change came out of it); null for a card, or an order of an older till. */
  receivedCents: number | null;
}

export type Settlement =
  | { kind: 'collect'; cents: number }
  | { kind: 'giveBack'; cents: number }
  | { kind: 'even'; cents: 0 }
  | { kind: 'refundCard'; cents: number };

/** For a changed order now totalling `totalCents`: what to collect, give back, or refund on the card terminal. */
export function settle(paid: Paid, totalCents: number): Settlement {
  if (paid.method === 'CARD') return { kind: 'refundCard', cents: paid.totalCents };
  const due = totalCents - paid.totalCents;
  if (due > 0) return { kind: 'collect', cents: due };
  if (due < 0) return { kind: 'giveBack', cents: -due };
  return { kind: 'even', cents: 0 };
}

/**
 * The cash a changed order still needs before it can be confirmed: what it costs less what the drawer holds of it
 * already (a card payment holds nothing: it is refunded). Never below 0: the difference then goes back.
 */
export function stillDue(paid: Paid | undefined, totalCents: number): number {
  if (!paid || paid.method === 'CARD') return totalCents;
  return Math.max(0, totalCents - paid.totalCents);
}

/**
 * The payment of a changed order, as the next refusal would need to tell it: the cash handed over for it in all (the
 * first time and now), so "received" stays what the customer gave.
 */
export function paidAgain(
  paid: Paid | undefined,
  method: PaymentMethod,
  totalCents: number,
  receivedNowCents: number | null,
): Paid {
  if (method === 'CASH' && paid?.method === 'CASH') {
    const before = paid.receivedCents ?? paid.totalCents;
    return { method, totalCents, receivedCents: before + (receivedNowCents ?? 0) };
  }
  return { method, totalCents, receivedCents: method === 'CASH' ? receivedNowCents : null };
}
