import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH } from '../../api/enums.js';
import type { PickupOrder, PickupState } from '../../api/pickup.js';
import type { MessageKey } from '../../i18n/translate.js';

/** The words of the page's language (the `Texts` of shared/locale.ts, which this pure module does not load). */
export interface Words {
  t(key: MessageKey, values?: Record<string, string | number>): string;
}

// What the pickup counter's field makes of what was typed or scanned: the receipt's QR holds the display code as it
// is printed ("K7P"), and a person types it in any case, with spaces ("k 7 p"). Pure, so it is tested without a page.

const CODE = new RegExp(`^[${DISPLAY_CODE_ALPHABET}]{${DISPLAY_CODE_LENGTH}}$`);

/** The display code in the text (the QR's text, or what a person typed), or null when it cannot be one. */
export function readCode(text: string): string | null {
  const code = text.replace(/\s+/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

export type Verdict =
  | { kind: 'ready'; order: PickupOrder }
  | { kind: 'not-ready'; order: PickupOrder; done: string[]; total: number }
  | { kind: 'picked-up'; order: PickupOrder }
  | { kind: 'unknown' };

/** Whether the order with that code can be handed out, judged on a fresh state of the counter. */
export function judge(state: Pick<PickupState, 'ready' | 'preparing' | 'pickedUp'>, code: string | null): Verdict {
  if (code === null) return { kind: 'unknown' };
  const ready = state.ready.find((order) => order.displayCode === code);
  if (ready) return { kind: 'ready', order: ready };
  const cooking = state.preparing.find((order) => order.displayCode === code);
  if (cooking) {
    const done = cooking.stations.filter((station) => station.status === 'DONE').map((station) => station.name);
    return { kind: 'not-ready', order: cooking, done, total: cooking.stations.length };
  }
  const handed = state.pickedUp.find((order) => order.displayCode === code);
  if (handed) return { kind: 'picked-up', order: handed };
  return { kind: 'unknown' };
}

/** Why an order cannot be handed out, in the counter's words ("not ready: Bar 1 of 2 done"). */
export function refusalText(verdict: Exclude<Verdict, { kind: 'ready' }>, text: Words): string {
  switch (verdict.kind) {
    case 'not-ready':
      if (verdict.total === 0) return text.t('pickup.notReadyPlain');
      return text.t('pickup.notReady', {
        stations: verdict.done.length > 0 ? `${verdict.done.join(', ')} ` : '',
        done: verdict.done.length,
        total: verdict.total,
      });
    case 'picked-up':
      return text.t('pickup.alreadyPickedUp');
    case 'unknown':
      return text.t('pickup.unknownCode');
  }
}
