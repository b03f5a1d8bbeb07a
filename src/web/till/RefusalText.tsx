import { errorKey } from '../../i18n/index.js';
import type { Texts } from '../shared/locale.js';
import { useTexts } from '../shared/locale.js';
import type { Shortage } from './cart.js';
import { refusalText, type OutboxEntry } from './outbox.js';

/** Short foods in the cashier's words: "Patatine: 3 in the order, only 2 left". */
export function shortageWords(t: Texts['t'], shortages: Shortage[]): string {
  return shortages
    .map((shortage) => t(shortage.left === 0 ? 'refusal.soldOutFood' : 'refusal.shortFood', { name: shortage.name, requested: shortage.requested, left: shortage.left }))
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
      {t(code === 'portions-short' || entry.refusal?.status === 409 ? 'refusal.short' : 'refusal.unavailable')} {shortageWords(t, shortages)}.
    </>
  );
}
