import type { ClosurePayload } from '../../core/printing/payloads.js';
import { big, euro, type LayoutOptions, money, reportCents, when } from './common.js';
import { leftRight, type PrintOp } from './ops.js';

// The general closure for the treasurer: period, totals, cash and card, per register, per category and food.

export function closureReport(payload: ClosurePayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const { report } = payload;
  const row = (left: string, right: string, bold = false): PrintOp => ({ op: 'text', text: leftRight(left, right, columns), bold });
  const ops: PrintOp[] = [
    ...big('CLOSURE', columns),
    { op: 'text', text: payload.registerName, align: 'center' },
    { op: 'text', text: `From ${when(payload.from, options.timezone)}` },
    { op: 'text', text: `To   ${when(payload.to, options.timezone)}` },
    { op: 'rule' },
    row('Orders', String(report.totalOrders)),
    row('REVENUE', euro(reportCents(report.totalRevenue)), true),
    row('  Cash', euro(reportCents(report.totalCashRevenue))),
    row('  Card', euro(reportCents(report.totalCardRevenue))),
    row('Average prep time', report.averageCompletitionTime === null ? '-' : `${report.averageCompletitionTime} min`),
  ];
  if (report.cashRegisterStats.length > 0) {
    ops.push({ op: 'rule' }, { op: 'text', text: 'PER REGISTER', bold: true });
    for (const register of report.cashRegisterStats) {
      ops.push(row(register.cashRegisterName, euro(reportCents(register.totalRevenue))));
      ops.push(row('  cash / card', `${money(reportCents(register.totalCashRevenue))} / ${money(reportCents(register.totalCardRevenue))}`));
    }
  }
  if (report.categoryStats.length > 0) {
    ops.push({ op: 'rule' }, { op: 'text', text: 'PER CATEGORY (before discounts)', bold: true });
    for (const category of report.categoryStats) {
      ops.push(row(`${category.categoryName} (${category.quantity})`, euro(reportCents(category.revenue)), true));
      for (const food of category.foodStats) ops.push(row(`  ${food.quantity} x ${food.foodName}`, money(reportCents(food.revenue))));
    }
  }
  ops.push({ op: 'rule' }, { op: 'feed' }, { op: 'cut' });
  return ops;
}
