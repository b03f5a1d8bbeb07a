import { useTexts } from '../shared/locale.js';
import type { WaiterOrder } from './Seat.js';

export interface WaitingOrder extends WaiterOrder {
  confirmedAt: string | null;
}

/** Whole minutes since the order was paid (0 for a moment ago, or an order without a time). */
export function minutesWaiting(order: Pick<WaitingOrder, 'confirmedAt'>, now: number): number {
  if (!order.confirmedAt) return 0;
  return Math.max(0, Math.floor((now - Date.parse(order.confirmedAt)) / 60_000));
}

/** Oldest first: the customer who has stood longest with a tray is seated first. */
export function oldestFirst(orders: readonly WaitingOrder[]): WaitingOrder[] {
  return [...orders].sort((a, b) => Date.parse(a.confirmedAt ?? '') - Date.parse(b.confirmedAt ?? '') || a.id - b.id);
}

/** The paid orders still without a table; a tap opens the keypad for one. */
export function WaitingList({
  orders,
  now,
  onPick,
}: {
  orders: readonly WaitingOrder[];
  now: number;
  onPick(order: WaiterOrder): void;
}) {
  const { t } = useTexts();
  return (
    <section className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t('waiter.waiting')}</h2>
      {orders.length === 0 ? (
        <p className="hint">{t('waiter.none')}</p>
      ) : (
        <ul>
          {oldestFirst(orders).map((order) => (
            <li key={order.id}>
              <button type="button" className="waiting-order" onClick={() => onPick(order)}>
                <span className="code">{order.displayCode}</span>
                <span className="who">{order.customer}</span>
                <span className="age">{t('waiter.age', { minutes: minutesWaiting(order, now) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
