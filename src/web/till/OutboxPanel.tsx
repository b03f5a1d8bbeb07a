import { useState } from 'react';
import { useTexts } from '../shared/locale.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { clockTime } from './clock.js';
import { paidOf, type Outbox, type OutboxEntry } from './outbox.js';
import { PaidText, RefusalText } from './RefusalText.js';

/** What this tablet holds: waiting, refused (with the reason, until the cashier decides) and recently sent. */
/** `onEdit` only while no other order is on screen: putting a refused one back must not overwrite it. */
export function OutboxPanel(props: {
  outbox: Outbox;
  userId: string | null;
  onRetry(key: string): void;
  onDiscard(key: string): void;
  onEdit?: (entry: OutboxEntry) => void;
  onClose(): void;
}) {
  const { outbox, userId, onRetry, onDiscard, onEdit, onClose } = props;
  const { t, money } = useTexts();
  const [asking, setAsking] = useState<string | null>(null);
  const entries = [...outbox.entries].reverse();
  // Giving up a paid order means handing the money back: the question says how much, and how.
  const discardQuestion = (entry: OutboxEntry | undefined) => {
    if (!entry) return t('outbox.discardConfirm');
    const paid = paidOf(entry);
    return t(paid.method === 'CARD' ? 'outbox.discardConfirmCard' : 'outbox.discardConfirmCash', {
      amount: money(paid.totalCents),
    });
  };
  return (
    <section className="panel" aria-label={t('outbox.title')}>
      <div className="panel-head">
        <h2>{t('outbox.title')}</h2>
        <button className="big" onClick={onClose}>
          {t('orders.back')}
        </button>
      </div>
      {entries.length === 0 && <p>{t('outbox.empty')}</p>}
      <ul className="entries">
        {entries.map((entry) => (
          <li key={entry.key} className={`entry ${entry.state}`}>
            <span className="entry-what">
              {entry.result
                ? `${entry.result.displayCode} · #${entry.result.ticketNumber}`
                : clockTime(entry.createdAt)}{' '}
              · {entry.body.customer} · {money(entry.totalCents)}
              <small className="note">
                {' '}
                (
                {entry.body.orderItems
                  .map((item) => `${item.quantity} × ${entry.names?.[item.foodId] ?? '?'}`)
                  .join(', ')}
                )
              </small>
            </span>
            <span className="entry-state">
              {entry.state === 'waiting' && entry.userId !== userId
                ? t('outbox.otherUser', { user: entry.username })
                : t(`outbox.${entry.state}`)}
            </span>
            {entry.state === 'refused' && (
              <>
                <span className="error" role="alert">
                  <RefusalText entry={entry} />
                </span>
                <span className="paid-before">
                  <PaidText entry={entry} />
                </span>
                {onEdit && entry.cart && <button onClick={() => onEdit(entry)}>{t('refusal.change')}</button>}
                <button onClick={() => onRetry(entry.key)}>{t('outbox.retry')}</button>
                <button onClick={() => setAsking(entry.key)}>{t('outbox.discard')}</button>
              </>
            )}
          </li>
        ))}
      </ul>
      {asking && (
        <ConfirmDialog
          label={t('outbox.discard')}
          question={discardQuestion(outbox.entries.find((entry) => entry.key === asking))}
          keep={t('pay.back')}
          confirm={t('outbox.discard')}
          onKeep={() => setAsking(null)}
          onConfirm={() => {
            onDiscard(asking);
            setAsking(null);
          }}
        />
      )}
    </section>
  );
}
