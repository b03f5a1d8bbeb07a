import type { ClosurePayload } from '../../core/printing/payloads.js';
import { big, euro, type LayoutOptions, money, reportCents, when } from './common.js';
import { leftRightWrapped, type PrintOp, wrap } from './ops.js';

// The general closure for the treasurer: period, totals, cash and card, per register, per category and food. It
// adds up on paper: the register lines (with "No register") sum to the revenue, and the categories (before
// discounts) minus the discounts give the revenue again. Long names wrap, never cut.

export function closureReport(payload: ClosurePayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const { report } = payload;
  const row = (left: string, right: string, bold = false, hang = 2): PrintOp[] =>
    leftRightWrapped(left, right, columns, hang).map((text) => ({ op: 'text', text, bold }));
  const cents = {
    revenue: reportCents(report.totalRevenue),
    cash: reportCents(report.totalCashRevenue),
    card: reportCents(report.totalCardRevenue),
    discount: reportCents(report.totalDiscount),
  };
  // Orders confirmed by a status change have no payment method: shown, so cash + card + this = revenue.
  const unpaid = cents.revenue - cents.cash - cents.card;
  const ops: PrintOp[] = [
    ...big('CLOSURE', columns),
    ...wrap(payload.registerName, columns).map((text): PrintOp => ({ op: 'text', text, align: 'center' })),
    { op: 'text', text: `From ${when(payload.from, options.timezone)}` },
    { op: 'text', text: `To   ${when(payload.to, options.timezone)}` },
    { op: 'rule' },
    ...row('Orders', String(report.totalOrders)),
    ...row('REVENUE', euro(cents.revenue), true),
    ...row('  Cash', euro(cents.cash)),
    ...row('  Card', euro(cents.card)),
    ...(unpaid !== 0 ? row('  No payment method', euro(unpaid)) : []),
    ...row('Discounts given', euro(cents.discount)),
    ...row('Average prep time', report.averageCompletitionTime === null ? '-' : `${report.averageCompletitionTime} min`),
  ];
  const noRegister = report.noRegisterStats;
  const registers = [
    ...report.cashRegisterStats.map((r) => ({ name: r.cashRegisterName, revenue: r.totalRevenue, cash: r.totalCashRevenue, card: r.totalCardRevenue })),
    ...(noRegister.totalRevenue !== 0 || noRegister.totalCashRevenue !== 0 || noRegister.totalCardRevenue !== 0
      ? [{ name: 'No register', revenue: noRegister.totalRevenue, cash: noRegister.totalCashRevenue, card: noRegister.totalCardRevenue }]
      : []),
  ];
  if (registers.length > 0) {
    ops.push({ op: 'rule' }, { op: 'text', text: 'PER REGISTER', bold: true });
    for (const register of registers) {
      ops.push(...row(register.name, euro(reportCents(register.revenue))));
      ops.push(...row('  cash / card', `${money(reportCents(register.cash))} / ${money(reportCents(register.card))}`));
    }
  }
  if (report.categoryStats.length > 0) {
    ops.push({ op: 'rule' }, { op: 'text', text: 'PER CATEGORY (before discounts)', bold: true });
    for (const category of report.categoryStats) {
      ops.push(...row(`${category.categoryName} (${category.quantity})`, euro(reportCents(category.revenue)), true));
      for (const food of category.foodStats) {
        const label = `  ${food.quantity} x `;
        ops.push(...row(`${label}${food.foodName}`, money(reportCents(food.revenue)), false, label.length));
      }
    }
    ops.push({ op: 'rule' });
    const beforeDiscounts = report.categoryStats.reduce((sum, category) => sum + reportCents(category.revenue), 0);
    ops.push(...row('Before discounts', euro(beforeDiscounts)));
    ops.push(...row('Discounts', `-${euro(cents.discount)}`));
    ops.push(...row('REVENUE', euro(cents.revenue), true));
  }
  ops.push({ op: 'rule' }, { op: 'feed' }, { op: 'cut' });
  return ops;
}
