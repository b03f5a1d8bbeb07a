import type { CancellationPayload, KitchenTicketPayload, TicketItem } from '../../core/printing/payloads.js';
import { big, type LayoutOptions, lines, orderHeader, when } from './common.js';
import { type PrintOp, wrap } from './ops.js';

// What a kitchen station needs: which order, which items and how many, the notes. No prices.

function kitchenItem(item: TicketItem, columns: number): PrintOp[] {
  const quantity = `${item.quantity} x `;
  const name = wrap(item.name, columns - quantity.length);
  const ops: PrintOp[] = name.map((line, i) => ({ op: 'text', text: `${i === 0 ? quantity : ' '.repeat(quantity.length)}${line}`, bold: true }));
  if (item.notes) ops.push(...lines(`> ${item.notes}`, columns, ' '.repeat(quantity.length)));
  return ops;
}

export function kitchenTicket(payload: KitchenTicketPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  return [
    ...orderHeader(payload, columns, options.timezone),
    { op: 'text', text: payload.station.toUpperCase(), align: 'right', bold: true },
    { op: 'rule' },
    ...payload.items.flatMap((item) => kitchenItem(item, columns)),
    { op: 'rule' },
    { op: 'feed' },
    { op: 'cut' },
  ];
}

/**
 * An order deleted after its ticket went out (release 1.7): CANCELLED large above and below, so it cannot be taken
 * for an order to make, then the same header and the items this station got.
 */
export function cancellationTicket(payload: CancellationPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  return [
    ...big('CANCELLED', columns),
    { op: 'text', text: 'do not make this order', align: 'center', bold: true },
    ...orderHeader(payload, columns, options.timezone),
    { op: 'text', text: payload.station.toUpperCase(), align: 'right', bold: true },
    { op: 'rule' },
    ...payload.items.flatMap((item) => kitchenItem(item, columns)),
    { op: 'rule' },
    ...lines(`Cancelled ${when(payload.cancelledAt, options.timezone)}`, columns),
    ...big('CANCELLED', columns),
    { op: 'feed' },
    { op: 'cut' },
  ];
}
