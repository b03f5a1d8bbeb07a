import type { ReceiptPayload } from '../../core/printing/payloads.js';
import { big, type LayoutOptions, lines, orderHeader, paper } from './common.js';
import { leftRight, type PrintOp, wrap } from './ops.js';

// The customer's receipt: the venue's header lines, items with prices, totals, how it was paid (with the cash
// received and the change when the till sent them), the number to watch for on the screen with its QR code (for the
// pickup counter's scanner), the venue's footer.

export function receipt(payload: ReceiptPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const p = paper(options);
  const ops: PrintOp[] = [];
  if (options.openDrawer) ops.push({ op: 'drawer' });
  ops.push(...venueLines(payload.header, columns));
  ops.push(...orderHeader(payload, columns, p));
  if (payload.registerName) ops.push({ op: 'text', text: payload.registerName, align: 'right' });
  ops.push({ op: 'rule' });
  for (const item of payload.items) {
    const label = `${item.quantity} x ${item.name}`;
    const amount = p.money(item.totalCents);
    const wrapped = wrap(label, columns - amount.length - 1);
    wrapped.forEach((line, i) =>
      ops.push({ op: 'text', text: i === 0 ? leftRight(line, amount, columns) : `    ${line}` }),
    );
    // Each choice with its price change, so the unit price below adds up on paper.
    for (const choice of item.choices ?? []) {
      const delta =
        choice.priceDeltaCents === 0
          ? ''
          : `${choice.priceDeltaCents > 0 ? '+' : '-'}${p.money(Math.abs(choice.priceDeltaCents))}`;
      const named = wrap(`· ${choice.name}`, columns - 4 - (delta ? delta.length + 1 : 0));
      named.forEach((line, i) =>
        ops.push({
          op: 'text',
          text: i === 0 && delta ? leftRight(`    ${line}`, delta, columns) : `    ${i === 0 ? '' : '  '}${line}`,
        }),
      );
    }
    if (item.quantity > 1)
      ops.push({ op: 'text', text: `    ${p.t('ticket.each', { amount: p.money(item.unitPriceCents) })}` });
    if (item.surchargeCents > 0)
      ops.push({ op: 'text', text: `    ${p.t('ticket.surcharge', { amount: p.money(item.surchargeCents) })}` });
    if (item.notes) ops.push(...lines(item.notes, columns, '    '));
  }
  ops.push({ op: 'rule' });
  ops.push({ op: 'text', text: leftRight(p.t('ticket.subtotal'), p.money(payload.subtotalCents), columns) });
  if (payload.discountCents > 0)
    ops.push({ op: 'text', text: leftRight(p.t('ticket.discount'), p.money(-payload.discountCents), columns) });
  ops.push({ op: 'text', text: leftRight(p.t('ticket.total'), p.euro(payload.totalCents), columns), bold: true });
  ops.push({
    op: 'text',
    text: p.t(
      payload.paymentMethod === 'CASH'
        ? 'ticket.paidCash'
        : payload.paymentMethod === 'CARD'
          ? 'ticket.paidCard'
          : 'ticket.notPaid',
    ),
  });
  const received = payload.cashReceivedCents;
  if (received !== undefined && received !== null) {
    ops.push({ op: 'text', text: leftRight(p.t('ticket.cashReceived'), p.euro(received), columns) });
    ops.push({
      op: 'text',
      text: leftRight(p.t('ticket.change'), p.euro(received - payload.totalCents), columns),
      bold: true,
    });
  }
  ops.push({ op: 'feed' });
  ops.push({ op: 'text', text: p.t('ticket.yourNumber'), align: 'center' });
  ops.push(...big(payload.displayCode, columns));
  // Under the big code, the same code as a QR: the pickup counter's scanner reads it (the QR's text is the code
  // itself, exactly what a volunteer would type into the counter's field; docs/pickup.md).
  ops.push({ op: 'qr', data: payload.displayCode });
  if (payload.footer?.length) ops.push({ op: 'feed' }, ...venueLines(payload.footer, columns));
  ops.push({ op: 'feed' });
  ops.push({ op: 'cut' });
  return ops;
}

/** The venue's own lines, centred (an empty line is a gap; a line wider than the paper wraps). */
function venueLines(text: readonly string[] | undefined, columns: number): PrintOp[] {
  return (text ?? []).flatMap((line) =>
    line === ''
      ? [{ op: 'feed' } as PrintOp]
      : wrap(line, columns).map((part): PrintOp => ({ op: 'text', text: part, align: 'center' })),
  );
}
