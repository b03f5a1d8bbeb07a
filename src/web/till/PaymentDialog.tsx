import { useState } from 'react';
import { Dialog } from '../shared/Dialog.js';
import { useTexts } from '../shared/locale.js';
import { changeCents, keypadPress, quickAmounts } from './change.js';
import type { Paid } from './settle.js';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '⌫'];

/**
 * Cash: the amount received (quick amounts or the keypad) and the change, large. Card: one confirmation. The
 * confirm button works once: the order is made (with its Idempotency-Key) on the first tap.
 *
 * A refused order changed and paid again (`paid`): cash already in the drawer counts, so only the difference is
 * collected (or given back, shown large); a card payment is refunded on the terminal and the total taken again.
 */
export function PaymentDialog({
  method,
  totalCents,
  paid,
  onConfirm,
  onBack,
}: {
  method: 'CASH' | 'CARD';
  totalCents: number;
  paid?: Paid | undefined;
  onConfirm(receivedCents: number | null): void;
  onBack(): void;
}) {
  const { t, money } = useTexts();
  const credit = paid?.method === 'CASH' ? paid.totalCents : 0;
  const [received, setReceived] = useState(0);
  const [done, setDone] = useState(false);
  const confirm = (value: number | null) => {
    if (done) return;
    setDone(true);
    onConfirm(value);
  };
  if (method === 'CARD') {
    return (
      <Dialog label={t('pay.card')} onClose={onBack}>
        <p className="big-amount">{money(totalCents)}</p>
        <p>{t('pay.cardPrompt', { amount: money(totalCents) })}</p>
        {paid && (
          <p className="settle" role="note">
            {paid.method === 'CARD'
              ? t('settle.refundCard', { amount: money(paid.totalCents) })
              : t('settle.cashToCard', { amount: money(paid.totalCents) })}
          </p>
        )}
        <div className="dialog-actions">
          <button className="big" onClick={onBack}>
            {t('pay.back')}
          </button>
          <button className="big primary" disabled={done} onClick={() => confirm(null)}>
            {t('pay.confirmCard')}
          </button>
        </div>
      </Dialog>
    );
  }
  const due = totalCents - credit;
  if (due <= 0) {
    // The cash in the drawer covers the changed order: nothing to type, the difference goes back.
    return (
      <Dialog label={t('pay.cash')} className="cash" onClose={onBack}>
        <div className="cash-figures">
          <p>
            {t('order.total')} <strong className="big-amount">{money(totalCents)}</strong>
          </p>
          <p>
            {t('pay.alreadyPaid')} <strong className="received">{money(credit)}</strong>
          </p>
          <p className="change" role="status" aria-label={t('pay.change')}>
            {t('pay.change')} <strong>{money(-due)}</strong>
          </p>
        </div>
        <div className="dialog-actions">
          <button className="big" onClick={onBack}>
            {t('pay.back')}
          </button>
          <button className="big primary" disabled={done} onClick={() => confirm(0)}>
            {t('pay.confirmCash')}
          </button>
        </div>
      </Dialog>
    );
  }
  const given = received === 0 ? due : received;
  const change = changeCents(due, given);
  return (
    <Dialog label={t('pay.cash')} className="cash" onClose={onBack}>
      <div className="cash-figures">
        <p>
          {t('order.total')} <strong className="big-amount">{money(totalCents)}</strong>
        </p>
        {credit > 0 && (
          <>
            <p>
              {t('pay.alreadyPaid')} <strong>{money(credit)}</strong>
            </p>
            <p>
              {t('pay.stillDue')} <strong className="big-amount">{money(due)}</strong>
            </p>
          </>
        )}
        <p>
          {t('pay.received')}{' '}
          <strong className="received" aria-live="polite">
            {money(given)}
          </strong>
        </p>
        <p
          className={change < 0 ? 'change short' : 'change'}
          role="status"
          aria-label={change < 0 ? t('pay.short') : t('pay.change')}
        >
          {change < 0 ? t('pay.short') : t('pay.change')} <strong>{money(Math.abs(change))}</strong>
        </p>
      </div>
      <div className="quick">
        {quickAmounts(due).map((amount, index) => (
          <button
            key={amount}
            className={index === 0 ? 'big exact' : 'big'}
            aria-pressed={given === amount}
            onClick={() => setReceived(amount)}
          >
            {index === 0 ? (
              <>
                <span>{t('pay.exact')}</span> <span>{money(amount)}</span>
              </>
            ) : (
              money(amount)
            )}
          </button>
        ))}
      </div>
      <div className="keypad" role="group" aria-label={t('pay.keypad')}>
        {KEYS.map((key) => (
          <button
            key={key}
            onClick={() => setReceived((value) => keypadPress(value, key))}
            aria-label={key === '⌫' ? t('pay.clearKey') : undefined}
          >
            {key}
          </button>
        ))}
      </div>
      <div className="dialog-actions">
        <button className="big" onClick={onBack}>
          {t('pay.back')}
        </button>
        <button className="big primary" disabled={done || change < 0} onClick={() => confirm(given)}>
          {t('pay.confirmCash')}
        </button>
      </div>
    </Dialog>
  );
}
