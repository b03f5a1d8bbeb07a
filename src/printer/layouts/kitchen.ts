import type { CancellationPayload, KitchenTicketPayload, TicketItem } from '../../core/printing/payloads.js';
import { big, type LayoutOptions, lines, orderHeader, type Paper, paper } from './common.js';
import { type PrintOp, wrap } from './ops.js';

// What a kitchen station needs: which order, which items and how many, the notes. No prices.

function kitchenItem(item: TicketItem, columns: number): PrintOp[] {
  const quantity = `${item.quantity} x `;
  const name = wrap(item.name, columns - quantity.length);
  const ops: PrintOp[] = name.map((line, i) => ({
    op: 'text',
    text: `${i === 0 ? quantity : ' '.repeat(quantity.length)}${line}`,
    bold: true,
  }));
  // The plain choices under the line, bold like it: "· ben cotta" is as much the order as the steak.
  const indent = ' '.repeat(quantity.length);
  for (const choice of item.choices ?? []) {
    wrap(choice.name, columns - indent.length - 2).forEach((line, i) =>
      ops.push({ op: 'text', text: `${indent}${i === 0 ? '· ' : '  '}${line}`, bold: true }),
    );
  }
  if (item.notes) ops.push(...lines(`> ${item.notes}`, columns, ' '.repeat(quantity.length)));
  return ops;
}

/**
 * `COPERTI 4` / `ASPORTO` at the very top, big and white on black: how many places to lay, or that it leaves in a
 * bag. Nothing for a table order whose covers were not asked.
 */
function serviceBanner(payload: KitchenTicketPayload, columns: number, p: Paper): PrintOp[] {
  const words =
    payload.service === 'TAKEAWAY'
      ? p.t('ticket.takeaway')
      : payload.covers
        ? p.t('ticket.covers', { count: payload.covers })
        : null;
  if (words === null) return [];
  return big(words, columns).map((op) => ({ ...op, invert: true }));
}

export function kitchenTicket(payload: KitchenTicketPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const p = paper(options);
  if (payload.token) return tokenTicket(payload, payload.token, options);
  return [
    ...serviceBanner(payload, columns, p),
    ...orderHeader(payload, columns, p),
    { op: 'text', text: payload.station.toUpperCase(), align: 'right', bold: true },
    { op: 'rule' },
    ...payload.items.flatMap((item) => kitchenItem(item, columns)),
    { op: 'rule' },
    { op: 'feed' },
    { op: 'cut' },
  ];
}

/**
 * A token: one unit of a per-unit category (a beer at the bar), small enough to tear off and hand over. The display
 * code large (what the customer shows), "1 of 3" so the bar knows how many to hand over, the unit, then the ticket
 * number, station and time in small print.
 */
function tokenTicket(
  payload: KitchenTicketPayload,
  token: { index: number; count: number },
  options: LayoutOptions,
): PrintOp[] {
  const { columns } = options;
  const p = paper(options);
  const ops: PrintOp[] = [];
  if (payload.reprint) ops.push({ op: 'text', text: p.t('ticket.reprint'), align: 'center', bold: true });
  const number =
    payload.ticketNumber === null ? p.t('ticket.noNumber') : p.t('ticket.number', { number: payload.ticketNumber });
  return [
    ...ops,
    ...big(p.t('ticket.code', { code: payload.displayCode }), columns),
    { op: 'text', text: p.t('ticket.tokenOf', token), align: 'center', bold: true },
    { op: 'rule' },
    ...payload.items.flatMap((item) => kitchenItem(item, columns)),
    { op: 'rule' },
    ...lines(`${number} - ${payload.station.toUpperCase()}`, columns),
    { op: 'text', text: p.when(payload.confirmedAt) },
    { op: 'cut' },
  ];
}

/**
 * An order deleted after its ticket went out: CANCELLED large above and below, so it cannot be taken
 * for an order to make, then the same header and the items this station got.
 */
export function cancellationTicket(payload: CancellationPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const p = paper(options);
  return [
    ...big(p.t('ticket.cancelled'), columns),
    { op: 'text', text: p.t('ticket.doNotMake'), align: 'center', bold: true },
    ...orderHeader(payload, columns, p),
    { op: 'text', text: payload.station.toUpperCase(), align: 'right', bold: true },
    { op: 'rule' },
    ...payload.items.flatMap((item) => kitchenItem(item, columns)),
    { op: 'rule' },
    ...lines(p.t('ticket.cancelledAt', { time: p.when(payload.cancelledAt) }), columns),
    ...big(p.t('ticket.cancelled'), columns),
    { op: 'feed' },
    { op: 'cut' },
  ];
}
