import { useState } from 'react';
import { useTexts } from '../shared/locale.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { clockTime } from './clock.js';
import type { Outbox, OutboxEntry } from './outbox.js';
import { RefusalText } from './RefusalText.js';

/** What this tablet holds: waiting, refused (with the reason, until the cashier decides) and recently sent. */
/** `onEdit` only while no other order is on screen: putting a refused one back must not overwrite it. */
export function OutboxPanel(props: { outbox: Outbox; userId: string | null; onRetry(key: string): void; onDiscard(key: string): void; onEdit?: (entry: OutboxEntry) => void; onClose(): void }) {
  const { outbox, userId, onRetry, onDiscard, onEdit, onClose } = props;
  const { t, money } = useTexts();
  const [asking, setAsking] = useState<string | null>(null);
  const entries = [...outbox.entries].reverse();
  return (
    <section className="panel" aria-label={t('outbox.title')}>
      <div className="panel-head">
        <h2>{t('outbox.title')}</h2>
        <button className="big" onClick={onClose}>{t('orders.back')}</button>
      </div>
      {entries.length === 0 && <p>{t('outbox.empty')}</p>}
      <ul className="entries">
        {entries.map((entry) => (
          <li key={entry.key} className={`entry ${entry.state}`}>
            <span className="entry-what">
              {entry.result ? `${entry.result.displayCode} · #${entry.result.ticketNumber}` : clockTime(entry.createdAt)} · {entry.body.customer} ·{' '}
              {money(entry.totalCents)}
              <small className="note">
                {' '}
                ({entry.body.orderItems.map((item) => `${item.quantity} × ${entry.names?.[item.foodId] ?? '?'}`).join(', ')})
              </small>
            </span>
            <span className="entry-state">
              {entry.state === 'waiting' && entry.userId !== userId ? t('outbox.otherUser', { user: entry.username }) : t(`outbox.${entry.state}`)}
            </span>
            {entry.state === 'refused' && (
              <>
                <span className="error" role="alert">
                  <RefusalText entry={entry} />
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
          question={t('outbox.discardConfirm')}
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
