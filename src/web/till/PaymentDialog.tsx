import { useState } from 'react';
import { useTexts } from '../shared/locale.js';
import { changeCents, keypadPress, quickAmounts } from './change.js';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '⌫'];

/**
 * Cash: the amount received (quick amounts or the keypad) and the change, large. Card: one confirmation. The
 * confirm button works once: the order is made (with its Idempotency-Key) on the first tap.
 */
export function PaymentDialog({ method, totalCents, onConfirm, onBack }: { method: 'CASH' | 'CARD'; totalCents: number; onConfirm(receivedCents: number | null): void; onBack(): void }) {
  const { t, money } = useTexts();
  const [received, setReceived] = useState(0);
  const [done, setDone] = useState(false);
  const confirm = (value: number | null) => {
    if (done) return;
    setDone(true);
    onConfirm(value);
  };
  if (method === 'CARD') {
    return (
      <div className="overlay">
        <div className="dialog" role="dialog" aria-modal="true" aria-label={t('pay.card')}>
          <p className="big-amount">{money(totalCents)}</p>
          <p>{t('pay.cardPrompt', { amount: money(totalCents) })}</p>
          <div className="dialog-actions">
            <button className="big" onClick={onBack}>{t('pay.back')}</button>
            <button className="big primary" disabled={done} onClick={() => confirm(null)}>{t('pay.confirmCard')}</button>
          </div>
        </div>
      </div>
    );
  }
  const given = received === 0 ? totalCents : received;
  const change = changeCents(totalCents, given);
  return (
    <div className="overlay">
      <div className="dialog cash" role="dialog" aria-modal="true" aria-label={t('pay.cash')}>
        <div className="cash-figures">
          <p>
            {t('order.total')} <strong className="big-amount">{money(totalCents)}</strong>
          </p>
          <p>
            {t('pay.received')} <strong className="received" aria-live="polite">{money(given)}</strong>
          </p>
          <p className={change < 0 ? 'change short' : 'change'} role="status" aria-label={change < 0 ? t('pay.short') : t('pay.change')}>
            {change < 0 ? t('pay.short') : t('pay.change')} <strong>{money(Math.abs(change))}</strong>
          </p>
        </div>
        <div className="quick">
          {quickAmounts(totalCents).map((amount, index) => (
            <button key={amount} className={index === 0 ? 'big exact' : 'big'} aria-pressed={given === amount} onClick={() => setReceived(amount)}>
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
            <button key={key} onClick={() => setReceived((value) => keypadPress(value, key))} aria-label={key === '⌫' ? t('pay.clearKey') : undefined}>
              {key}
            </button>
          ))}
        </div>
        <div className="dialog-actions">
          <button className="big" onClick={onBack}>{t('pay.back')}</button>
          <button className="big primary" disabled={done || change < 0} onClick={() => confirm(given)}>
            {t('pay.confirmCash')}
          </button>
        </div>
      </div>
    </div>
  );
}
