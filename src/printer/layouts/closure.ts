import { decodeMoney } from '../../api/money-codec.js';
import { z } from 'zod';
import { ClosureSession } from '../../api/cash-sessions.js';
import { Report } from '../../api/reports.js';
import type { ClosurePayload } from '../../core/printing/payloads.js';
import { big, type LayoutOptions, type Paper, paper } from './common.js';
import { leftRightWrapped, type PrintOp, wrap } from './ops.js';

// The general closure for the treasurer: period, totals, cash and card, per register, the cancelled orders, the
// discounts by reason, per category and food. It adds up on paper: the register lines (with "No register") sum to
// the revenue, and the categories (before discounts) minus the discounts and the refunds give the revenue again.
// Long names wrap, never cut.

export function closureReport(payload: ClosurePayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  // The job keeps the wire's numbers: in cents from here. A job queued before covers and takeaway were counted has
  // none of them (no order had any then).
  const report = decodeMoney(Report, { totalCovers: 0, takeawayOrders: 0, takeawayRevenue: 0, ...payload.report });
  const p = paper(options);
  const row = (left: string, right: string, bold = false, hang = 2): PrintOp[] =>
    leftRightWrapped(left, right, columns, hang).map((text) => ({ op: 'text', text, bold }));
  const heading = (text: string): PrintOp[] =>
    wrap(text, columns).map((line) => ({ op: 'text', text: line, bold: true }));
  const cents = {
    revenue: report.totalRevenue,
    cash: report.totalCashRevenue,
    card: report.totalCardRevenue,
    discount: report.totalDiscount,
    refunds: report.totalRefunds,
  };
  // Orders confirmed by a status change have no payment method: shown, so cash + card + this = revenue.
  const unpaid = cents.revenue - cents.cash - cents.card;
  const noRegister = report.noRegisterStats;
  const registers = [
    ...report.cashRegisterStats.map((r) => ({
      name: r.cashRegisterName,
      revenue: r.totalRevenue,
      cash: r.totalCashRevenue,
      card: r.totalCardRevenue,
    })),
    ...(noRegister.totalRevenue !== 0 || noRegister.totalCashRevenue !== 0 || noRegister.totalCardRevenue !== 0
      ? [
          {
            name: p.t('closure.noRegister'),
            revenue: noRegister.totalRevenue,
            cash: noRegister.totalCashRevenue,
            card: noRegister.totalCardRevenue,
          },
        ]
      : []),
  ];
  const centred = (text: string) =>
    wrap(text, columns).map((line): PrintOp => ({ op: 'text', text: line, align: 'center' }));
  // The closure covers the whole venue, not the register that asked for it (whose printer prints it): the heading
  // names every register it counts, then the one that asked.
  const covered =
    registers.length > 0
      ? nameList(
          p.t('closure.covers'),
          registers.map((r) => r.name),
          columns,
        )
      : wrap(p.t('closure.coversNone'), columns);
  const ops: PrintOp[] = [
    ...big(p.t('closure.title'), columns),
    ...covered.map((text): PrintOp => ({ op: 'text', text, align: 'center' })),
    ...centred(p.t('closure.askedAt', { register: payload.registerName })),
    { op: 'text', text: p.t('closure.from', { time: p.when(payload.from) }) },
    { op: 'text', text: p.t('closure.to', { time: p.when(payload.to) }) },
    { op: 'rule' },
    ...row(p.t('closure.orders'), String(report.totalOrders)),
    ...row(p.t('closure.revenue'), p.euro(cents.revenue), true),
    ...row(`  ${p.t('closure.cash')}`, p.euro(cents.cash)),
    ...row(`  ${p.t('closure.card')}`, p.euro(cents.card)),
    ...(unpaid !== 0 ? row(`  ${p.t('closure.noPaymentMethod')}`, p.euro(unpaid)) : []),
    ...row(p.t('closure.discountsGiven'), p.euro(cents.discount)),
    ...(cents.refunds !== 0 ? row(p.t('closure.refundsGiven'), p.euro(cents.refunds)) : []),
    ...row(p.t('closure.prepTime'), prepTime(report.averageCompletitionTime, p)),
    // Covers and takeaway only where the venue sells them: a sagra without covers keeps its closure as it was.
    ...(report.totalCovers !== 0 || report.takeawayOrders !== 0
      ? [
          ...row(p.t('closure.totalCovers'), String(report.totalCovers)),
          ...row(p.t('closure.takeawayOrders'), String(report.takeawayOrders)),
          ...row(`  ${p.t('closure.takeawayRevenue')}`, p.euro(report.takeawayRevenue)),
        ]
      : []),
  ];
  if (registers.length > 0) {
    ops.push({ op: 'rule' }, ...heading(p.t('closure.perRegister')));
    // Cash and card on a line each: "cash / card  960.00 / 204.50" no longer fits 32 columns once the sums are big.
    for (const register of registers) {
      ops.push(...row(register.name, p.euro(register.revenue)));
      ops.push(...row(`  ${p.t('closure.cash')}`, p.money(register.cash)));
      ops.push(...row(`  ${p.t('closure.card')}`, p.money(register.card)));
    }
  }
  // Cancellations are information: what went back with orders that left the figures.
  const cancelled = report.cancellations;
  if (cancelled.count > 0) {
    ops.push({ op: 'rule' }, ...heading(p.t('closure.cancelledTitle')));
    ops.push(...wrap(p.t('closure.cancelledNote'), columns).map((text): PrintOp => ({ op: 'text', text })));
    ops.push(...row(p.t('closure.cancelledOrders', { count: String(cancelled.count) }), p.euro(cancelled.amount)));
    ops.push(...row(`  ${p.t('closure.cash')}`, p.money(cancelled.cash)));
    ops.push(...row(`  ${p.t('closure.card')}`, p.money(cancelled.card)));
    // Orders confirmed by a status change were paid by no method: their line, so cash + card + this = paid back.
    const unpaidBack = cancelled.amount - cancelled.cash - cancelled.card;
    if (unpaidBack !== 0) ops.push(...row(`  ${p.t('closure.noPaymentMethod')}`, p.money(unpaidBack)));
  }
  if (report.discountsByReason.length > 0) {
    ops.push({ op: 'rule' }, ...heading(p.t('closure.discountsByReason')));
    for (const discount of report.discountsByReason) {
      const reason = discount.reason ?? p.t('closure.noReason');
      ops.push(...row(`${reason} (${discount.count})`, p.euro(discount.amount)));
    }
  }
  // Each drawer's session: who, when, and what it should have held against what was counted.
  const sessions = payload.sessions ? z.array(ClosureSession).decode(payload.sessions) : [];
  if (sessions.length > 0) {
    ops.push({ op: 'rule' }, ...heading(p.t('closure.sessions')));
    for (const session of sessions) {
      const who = p.t('closure.sessionWho', {
        register: session.cashRegisterName ?? p.t('closure.deletedRegister'),
        name: session.userName,
      });
      const times = p.t('closure.sessionTimes', {
        from: p.when(Date.parse(session.openedAt)),
        to: session.closedAt === null ? p.t('closure.sessionOpen') : p.when(Date.parse(session.closedAt)),
      });
      ops.push(...heading(who), ...wrap(times, columns).map((text): PrintOp => ({ op: 'text', text })));
      ops.push(...row(`  ${p.t('closure.sessionExpected')}`, p.money(session.expectedCash)));
      if (session.counted !== null && session.difference !== null) {
        ops.push(...row(`  ${p.t('closure.sessionCounted')}`, p.money(session.counted)));
        ops.push(...row(`  ${p.t('closure.sessionDifference')}`, p.money(session.difference)));
      }
    }
  }
  if (report.categoryStats.length > 0) {
    ops.push({ op: 'rule' }, ...heading(p.t('closure.perCategory')));
    for (const category of report.categoryStats) {
      ops.push(...row(`${category.categoryName} (${category.quantity})`, p.euro(category.revenue), true));
      for (const food of category.foodStats) {
        const label = `  ${food.quantity} x `;
        ops.push(...row(`${label}${food.foodName}`, p.money(food.revenue), false, label.length));
      }
    }
    ops.push({ op: 'rule' });
    const beforeDiscounts = report.categoryStats.reduce((sum, category) => sum + category.revenue, 0);
    ops.push(...row(p.t('closure.beforeDiscounts'), p.euro(beforeDiscounts)));
    ops.push(...row(p.t('closure.discounts'), `-${p.euro(cents.discount)}`));
    if (cents.refunds !== 0) ops.push(...row(p.t('closure.refunds'), `-${p.euro(cents.refunds)}`));
    ops.push(...row(p.t('closure.revenue'), p.euro(cents.revenue), true));
  }
  // What the set menus sent to the kitchens: counts only, their revenue is the menus' above. A job queued by an
  // older release has no such list.
  const components = report.componentStats ?? [];
  if (components.length > 0) {
    ops.push({ op: 'rule' }, ...heading(p.t('closure.components')));
    for (const component of components) {
      const label = `  ${component.quantity} x `;
      wrap(component.foodName, columns - label.length).forEach((line, i) =>
        ops.push({ op: 'text', text: `${i === 0 ? label : ' '.repeat(label.length)}${line}` }),
      );
    }
  }
  ops.push({ op: 'rule' }, { op: 'feed' }, { op: 'cut' });
  return ops;
}

/** The average time from confirmation to completion, in whole minutes: nobody reads "12.01 min" at a glance. */
function prepTime(minutes: number | null, p: Paper): string {
  if (minutes === null) return '-';
  return p.t('closure.minutes', { minutes: minutes < 0.5 ? '< 1' : String(Math.round(minutes)) });
}

/** `label name, name, name` over as many lines as needed, breaking between names rather than inside one. */
function nameList(label: string, names: string[], columns: number): string[] {
  const words = [label, ...names.map((name, i) => `${name}${i < names.length - 1 ? ',' : ''}`)];
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length <= columns) line += ` ${word}`;
    else {
      if (line) lines.push(line);
      const parts = wrap(word, columns); // only a name longer than the paper is wrapped inside
      line = parts.pop() ?? '';
      lines.push(...parts);
    }
  }
  if (line) lines.push(line);
  return lines;
}
