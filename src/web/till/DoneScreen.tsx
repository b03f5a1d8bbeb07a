import { useTexts } from '../shared/locale.js';
import type { OutboxEntry } from './outbox.js';
import { PaidText, RefusalText } from './RefusalText.js';

/**
 * For the customer: the display code and ticket number large; the change again; "New order" one tap. A refusal
 * (another till sold the last portions) says why, and the order can be put back on screen to change it.
 */
export function DoneScreen(props: {
  entry: OutboxEntry | null;
  changeGiven: number | null;
  onNew(): void;
  onRetry(key: string): void;
  onEdit(entry: OutboxEntry): void;
}) {
  const { entry, changeGiven, onNew, onRetry } = props;
  const { t, money } = useTexts();
  return (
    <section className="done" aria-label={t('done.title')}>
      <h1>
        {entry?.state === 'refused' ? t('done.refused') : t('done.title')} {entry && money(entry.totalCents)}
      </h1>
      {changeGiven !== null && changeGiven > 0 && entry?.state !== 'refused' && (
        <p className="done-change">
          {t('pay.change')} <strong>{money(changeGiven)}</strong>
        </p>
      )}
      {entry?.state === 'sent' && entry.result ? (
        <div className="numbers">
          <p>
            {t('done.code')}{' '}
            <strong className="display-code" data-testid="display-code">
              {entry.result.displayCode}
            </strong>
          </p>
          <p>
            {t('done.ticket')}{' '}
            <strong className="ticket-number" data-testid="ticket-number">
              {entry.result.ticketNumber}
            </strong>
          </p>
        </div>
      ) : entry?.state === 'refused' ? (
        <div className="refusal" role="alert">
          <p>
            <RefusalText entry={entry} />
          </p>
          <p className="paid-before">
            <PaidText entry={entry} />
          </p>
          {entry.cart ? (
            <button className="big primary" onClick={() => props.onEdit(entry)}>
              {t('refusal.change')}
            </button>
          ) : (
            <button className="big" onClick={() => onRetry(entry.key)}>
              {t('outbox.retry')}
            </button>
          )}
        </div>
      ) : (
        <p className="waiting" role="status">
          {entry?.state === 'sending' && entry.attempts <= 1 ? t('done.sending') : t('done.waiting')}
        </p>
      )}
      {/* The second tap of a double tap on Confirm lands here once this screen is up: it must not take the number
          away before the customer has seen it. A click's `detail` counts the taps of one double tap (0 from keys). */}
      <button className="big primary new-order" autoFocus onClick={(event) => event.detail < 2 && onNew()}>
        {t('done.newOrder')}
      </button>
    </section>
  );
}
