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

/** Why the server refused an order: in words for a 409 of portions or a food off the menu, else the server's message. */
export function RefusalText({ entry }: { entry: OutboxEntry }) {
  const { t } = useTexts();
  const shortages = entry.refusal?.shortages ?? [];
  if (shortages.length === 0) return <>{refusalText(entry)}</>;
  return (
    <>
      {t(entry.refusal?.status === 409 ? 'refusal.short' : 'refusal.unavailable')} {shortageWords(t, shortages)}.
    </>
  );
}
