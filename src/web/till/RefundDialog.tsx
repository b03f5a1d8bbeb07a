import { useState } from 'react';
import type { z } from 'zod';
import type { OrderDetail } from '../../api/orders.js';
import { Dialog } from '../shared/Dialog.js';
import { useTexts } from '../shared/locale.js';
import { refundCents } from './refund-amount.js';

type Detail = z.infer<typeof OrderDetail>;

export interface RefundChoice {
  items: Array<{ id: string; quantity: number }>;
  reason: string;
}

/**
 * A refund from the Orders view: the units of each line still to refund (steppers), the reason, and the money to
 * give back shown large with how ("Restituire € 4,50 in contanti"), computed by the server's own rule. The refund
 * button waits for at least one unit and a reason.
 */
export function RefundDialog(props: { order: Detail; onBack(): void; onConfirm(choice: RefundChoice): void }) {
  const { t, money } = useTexts();
  const { order } = props;
  const lines = order.categorizedItems
    .flatMap((group) => group.items)
    .map((item) => ({
      id: item.id,
      name: item.food.name,
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
      totalCents: item.total,
    }));
  const [units, setUnits] = useState<Map<string, number>>(new Map());
  const [reason, setReason] = useState('');
  const amount = refundCents(lines, order.discount, order.total, order.refunded, units);
  const chosen = [...units].filter(([, count]) => count > 0);
  const ready = chosen.length > 0 && reason.trim() !== '';
  const change = (id: string, by: number, left: number) =>
    setUnits((current) => new Map(current).set(id, Math.min(left, Math.max(0, (current.get(id) ?? 0) + by))));
  const giveBack = order.paymentMethod === 'CARD' ? 'refund.giveBackCard' : 'refund.giveBackCash';
  return (
    <Dialog label={t('refund.title')} className="refund-dialog" onClose={props.onBack}>
      <h2>
        {t('refund.title')} {order.displayCode}
      </h2>
      <ul className="refund-lines">
        {lines
          .filter((line) => line.quantity > line.refundedQuantity)
          .map((line) => {
            const left = line.quantity - line.refundedQuantity;
            const count = units.get(line.id) ?? 0;
            return (
              <li key={line.id}>
                <span>{line.name}</span>
                <button
                  className="big"
                  aria-label={t('refund.less', { food: line.name })}
                  disabled={count === 0}
                  onClick={() => change(line.id, -1, left)}
                >
                  −
                </button>
                <output aria-label={t('refund.units', { food: line.name })}>
                  {count} / {left}
                </output>
                <button
                  className="big"
                  aria-label={t('refund.more', { food: line.name })}
                  disabled={count === left}
                  onClick={() => change(line.id, 1, left)}
                >
                  +
                </button>
              </li>
            );
          })}
      </ul>
      <label className="refund-reason">
        {t('refund.reason')}
        <input value={reason} maxLength={100} onChange={(event) => setReason(event.target.value)} />
      </label>
      <p className="refund-amount" role="status" aria-label={t('refund.amount')}>
        {chosen.length > 0 ? <strong>{t(giveBack, { amount: money(amount) })}</strong> : t('refund.nothing')}
      </p>
      <div className="dialog-actions">
        <button className="big" onClick={props.onBack}>
          {t('refund.back')}
        </button>
        <button
          className="big danger"
          disabled={!ready}
          onClick={() =>
            props.onConfirm({
              items: chosen.map(([id, quantity]) => ({ id, quantity })),
              reason: reason.trim(),
            })
          }
        >
          {t('refund.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
