import { errorKey } from '../../i18n/translate.js';
import type { Texts } from '../shared/locale.js';
import { useTexts } from '../shared/locale.js';
import { counted } from '../../i18n/translate.js';
import type { Shortage } from './cart.js';
import { paidOf, refusalText, type OutboxEntry } from './outbox.js';
import type { Paid } from './settle.js';

/** Short foods in the cashier's words: "Patatine: 3 in the order, only 2 left". */
export function shortageWords(t: Texts['t'], shortages: Shortage[]): string {
  return shortages
    .map((shortage) =>
      t(shortage.left === 0 ? 'refusal.soldOutFood' : counted('refusal.shortFood', shortage.left), {
        name: shortage.name,
        requested: shortage.requested,
        left: shortage.left,
      }),
    )
    .join('; ');
}

/**
 * Why the server refused an order, in the cashier's language: the short or sold-out foods by name, else the words
 * of its code. Only a refusal kept by an older till (no code) shows the server's message.
 */
export function RefusalText({ entry }: { entry: OutboxEntry }) {
  const { t } = useTexts();
  const shortages = entry.refusal?.shortages ?? [];
  const code = entry.refusal?.code;
  if (shortages.length === 0) return <>{code ? t(errorKey(code)) : refusalText(entry)}</>;
  return (
    <>
      {t(code === 'portions-short' || entry.refusal?.status === 409 ? 'refusal.short' : 'refusal.unavailable')}{' '}
      {shortageWords(t, shortages)}.
    </>
  );
}

/** What a refused order took already: the cash handed over (given back or settled), or a card payment to refund. */
export function paidWords(text: Pick<Texts, 't' | 'money'>, paid: Paid): string {
  const amount = text.money(paid.totalCents);
  if (paid.method === 'CARD') return text.t('paid.card', { amount });
  if (paid.receivedCents === null) return text.t('paid.cashOnly', { amount });
  return text.t('paid.cash', { amount, received: text.money(paid.receivedCents) });
}

export function PaidText({ entry }: { entry: OutboxEntry }) {
  return <>{paidWords(useTexts(), paidOf(entry))}</>;
}
