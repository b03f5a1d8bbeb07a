import type { HandoverPayload } from '../../core/printing/payloads.js';
import { big, type LayoutOptions, type Paper, paper } from './common.js';
import { leftRightWrapped, type PrintOp, wrap } from './ops.js';

// The handover slip of a cash session: what the cashier hands to the treasurer with the drawer. The figures add up
// on paper: float + cash sales − cash refunds = expected; counted − expected = difference (below zero: short). Card
// sales net of card refunds beside what the terminal says. Two signature lines, so both keep a signed copy.

export function handoverSlip(payload: HandoverPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const p = paper(options);
  const row = (left: string, right: string, bold = false): PrintOp[] =>
    leftRightWrapped(left, right, columns).map((text) => ({ op: 'text', text, bold }));
  const textLines = (text: string, bold = false): PrintOp[] =>
    wrap(text, columns).map((line) => ({ op: 'text', text: line, bold }));
  const ops: PrintOp[] = [
    ...big(p.t('handover.title'), columns),
    ...textLines(p.t('handover.register', { register: payload.registerName })),
    ...textLines(p.t('handover.cashier', { name: payload.cashierName })),
    ...(payload.closedByName !== payload.cashierName
      ? textLines(p.t('handover.closedBy', { name: payload.closedByName }))
      : []),
    { op: 'text', text: p.t('handover.opened', { time: p.when(payload.openedAt) }) },
    { op: 'text', text: p.t('handover.closed', { time: p.when(payload.closedAt) }) },
    { op: 'rule' },
    ...row(p.t('handover.orders'), String(payload.orders)),
    ...row(p.t('handover.float'), p.euro(payload.floatCents)),
    ...row(`+ ${p.t('handover.cashSales')}`, p.euro(payload.cashSalesCents)),
    ...row(`- ${p.t('handover.cashRefunds')}`, p.euro(payload.cashRefundsCents)),
    ...row(p.t('handover.expected'), p.euro(payload.expectedCents), true),
  ];
  if (payload.countedCents === null) {
    ops.push(...row(p.t('handover.counted'), p.t('handover.notCounted')));
  } else {
    ops.push(...row(p.t('handover.counted'), p.euro(payload.countedCents), true));
    for (const piece of payload.denominations ?? []) {
      ops.push(...row(`  ${piece.count} x ${p.euro(piece.valueCents)}`, p.money(piece.valueCents * piece.count)));
    }
  }
  if (payload.differenceCents !== null) {
    ops.push(...row(p.t('handover.difference'), p.euro(payload.differenceCents), true));
    if (payload.differenceCents !== 0) ops.push(...textLines(differenceWords(payload.differenceCents, p)));
  }
  ops.push(
    { op: 'rule' },
    ...row(p.t('handover.cardSales'), p.euro(payload.cardSalesCents)),
    ...row(`- ${p.t('handover.cardRefunds')}`, p.euro(payload.cardRefundsCents)),
    ...row(
      p.t('handover.cardTerminal'),
      payload.cardTerminalCents === null ? p.t('handover.notGiven') : p.euro(payload.cardTerminalCents),
    ),
  );
  if (payload.cardDifferenceCents !== null) {
    ops.push(...row(p.t('handover.cardDifference'), p.euro(payload.cardDifferenceCents), true));
  }
  if (payload.note) ops.push({ op: 'rule' }, ...textLines(p.t('handover.note')), ...textLines(payload.note));
  ops.push({ op: 'rule' });
  for (const who of [p.t('handover.signCashier'), p.t('handover.signTreasurer')]) {
    ops.push({ op: 'feed' }, ...textLines(who), { op: 'feed' }, { op: 'text', text: '_'.repeat(columns) });
  }
  ops.push({ op: 'feed' }, { op: 'cut' });
  return ops;
}

function differenceWords(cents: number, p: Paper): string {
  return p.t(cents < 0 ? 'handover.short' : 'handover.over', { amount: p.euro(Math.abs(cents)) });
}
