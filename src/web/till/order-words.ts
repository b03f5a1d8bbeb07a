import type { MessageKey } from '../../i18n/translate.js';

/** The "—" the till sends when nobody typed a customer or a table: not worth showing. */
const PLACEHOLDER = /^[\s—–-]*$/;

/**
 * Who an order is for, in the orders view: "Franco · Table 39". The table carries its word, else a bare "39" next to
 * the ticket number "#38" reads like another number to a cashier in a hurry.
 */
export function orderWho(
  t: (key: MessageKey, values?: Record<string, string | number>) => string,
  order: { customer: string; table: string },
): string {
  return [
    PLACEHOLDER.test(order.customer) ? null : order.customer,
    PLACEHOLDER.test(order.table) ? null : t('kitchen.table', { table: order.table }),
  ]
    .filter(Boolean)
    .join(' · ');
}
