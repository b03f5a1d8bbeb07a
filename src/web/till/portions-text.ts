import { counted, type MessageKey } from '../../i18n/translate.js';

/** What a counted food's button says: Italian agrees the verb with one portion ("ne resta 1", "ne restano 2"). */
export function portionsLeftKey(count: number, allTaken: boolean): MessageKey {
  return counted(allTaken ? 'food.allInOrder' : 'food.left', count);
}
