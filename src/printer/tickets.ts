import { DateTime } from 'luxon';
import type { ClosurePayload, KitchenTicketPayload, PrintPayload, ReceiptPayload, TestPagePayload, TicketItem } from '../core/printing/payloads.js';
import { centsToDecimal } from '../core/money.js';
import { capacity, leftRight, type PrintOp, wrap } from './layout.js';

// The four kinds of paper that come out of the appliance, laid out for 32, 42 or 48 columns.

export interface LayoutOptions {
  columns: number;
  timezone: string;
  /** Kick the cash drawer with this ticket (cash receipts on a printer that has a drawer). */
  openDrawer?: boolean;
}

const when = (ms: number, timezone: string) => DateTime.fromMillis(ms, { zone: timezone }).toFormat('dd/LL/yyyy HH:mm');
const money = (cents: number) => centsToDecimal(cents);
const euro = (cents: number) => `€ ${money(cents)}`;

function big(text: string, columns: number): PrintOp[] {
  return wrap(text, capacity(columns, true)).map((line) => ({ op: 'text', text: line, big: true, align: 'center' }));
}

function lines(text: string, columns: number, indent = ''): PrintOp[] {
  return wrap(text, columns - indent.length).map((line) => ({ op: 'text', text: `${indent}${line}` }));
}

function header(payload: KitchenTicketPayload | ReceiptPayload, columns: number, timezone: string): PrintOp[] {
  const ops: PrintOp[] = [];
  if (payload.reprint) ops.push({ op: 'text', text: '*** REPRINT ***', align: 'center', bold: true });
  ops.push(...big(payload.ticketNumber === null ? 'NO TICKET' : `TICKET ${payload.ticketNumber}`, columns));
  ops.push(...big(payload.displayCode, columns));
  ops.push({ op: 'rule' });
  ops.push(...lines(`Table: ${payload.table}`, columns));
  ops.push(...lines(`Customer: ${payload.customer}`, columns));
  ops.push({ op: 'text', text: leftRight(when(payload.confirmedAt, timezone), `Order ${payload.orderId}`, columns) });
  return ops;
}

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
    ...header(payload, columns, options.timezone),
    { op: 'text', text: payload.station.toUpperCase(), align: 'right', bold: true },
    { op: 'rule' },
    ...payload.items.flatMap((item) => kitchenItem(item, columns)),
    { op: 'rule' },
    { op: 'feed' },
    { op: 'cut' },
  ];
}

export function receipt(payload: ReceiptPayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const ops: PrintOp[] = [];
  if (options.openDrawer) ops.push({ op: 'drawer' });
  ops.push(...header(payload, columns, options.timezone));
  if (payload.registerName) ops.push({ op: 'text', text: payload.registerName, align: 'right' });
  ops.push({ op: 'rule' });
  for (const item of payload.items) {
    const label = `${item.quantity} x ${item.name}`;
    const amount = money(item.totalCents);
    const wrapped = wrap(label, columns - amount.length - 1);
    wrapped.forEach((line, i) => ops.push({ op: 'text', text: i === 0 ? leftRight(line, amount, columns) : `    ${line}` }));
    if (item.quantity > 1) ops.push({ op: 'text', text: `    ${money(item.unitPriceCents)} each` });
    if (item.surchargeCents > 0) ops.push({ op: 'text', text: `    surcharge ${money(item.surchargeCents)}` });
    if (item.notes) ops.push(...lines(item.notes, columns, '    '));
  }
  ops.push({ op: 'rule' });
  ops.push({ op: 'text', text: leftRight('Subtotal', money(payload.subtotalCents), columns) });
  if (payload.discountCents > 0) ops.push({ op: 'text', text: leftRight('Discount', `-${money(payload.discountCents)}`, columns) });
  ops.push({ op: 'text', text: leftRight('TOTAL', euro(payload.totalCents), columns), bold: true });
  ops.push({ op: 'text', text: payload.paymentMethod ? `Paid by ${payload.paymentMethod.toLowerCase()}` : 'Not paid yet' });
  ops.push({ op: 'feed' });
  ops.push({ op: 'text', text: 'Your number:', align: 'center' });
  ops.push({ op: 'qr', data: payload.displayCode });
  ops.push(...big(payload.displayCode, columns));
  ops.push({ op: 'feed' });
  ops.push({ op: 'cut' });
  return ops;
}

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
    row('REVENUE', euro(Math.round(report.totalRevenue * 100)), true),
    row('  Cash', euro(Math.round(report.totalCashRevenue * 100))),
    row('  Card', euro(Math.round(report.totalCardRevenue * 100))),
    row('Average prep time', report.averageCompletitionTime === null ? '-' : `${report.averageCompletitionTime} min`),
  ];
  if (report.cashRegisterStats.length > 0) {
    ops.push({ op: 'rule' }, { op: 'text', text: 'PER REGISTER', bold: true });
    for (const register of report.cashRegisterStats) {
      ops.push(row(register.cashRegisterName, euro(Math.round(register.totalRevenue * 100))));
      ops.push(row('  cash / card', `${money(Math.round(register.totalCashRevenue * 100))} / ${money(Math.round(register.totalCardRevenue * 100))}`));
    }
  }
  if (report.categoryStats.length > 0) {
    ops.push({ op: 'rule' }, { op: 'text', text: 'PER CATEGORY (before discounts)', bold: true });
    for (const category of report.categoryStats) {
      ops.push(row(`${category.categoryName} (${category.quantity})`, euro(Math.round(category.revenue * 100)), true));
      for (const food of category.foodStats) ops.push(row(`  ${food.quantity} x ${food.foodName}`, money(Math.round(food.revenue * 100))));
    }
  }
  ops.push({ op: 'rule' }, { op: 'feed' }, { op: 'cut' });
  return ops;
}

export function testPage(payload: TestPagePayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const ruler = Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');
  return [
    ...big('TEST PAGE', columns),
    { op: 'text', text: payload.printerName, align: 'center', bold: true },
    { op: 'text', text: `${payload.address} - ${columns} columns`, align: 'center' },
    { op: 'text', text: when(payload.requestedAt, options.timezone), align: 'center' },
    { op: 'rule' },
    { op: 'text', text: 'àèéìòù ÀÈÉÌÒÙ € £ ç ñ ü' },
    { op: 'text', text: ruler },
    { op: 'text', text: 'left' },
    { op: 'text', text: 'center', align: 'center' },
    { op: 'text', text: 'right', align: 'right' },
    { op: 'qr', data: 'pos test page' },
    { op: 'feed' },
    { op: 'cut' },
  ];
}

export function layout(payload: PrintPayload, options: LayoutOptions): PrintOp[] {
  switch (payload.kind) {
    case 'kitchen':
      return kitchenTicket(payload, options);
    case 'receipt':
      return receipt(payload, options);
    case 'closure':
      return closureReport(payload, options);
    case 'test':
      return testPage(payload, options);
  }
}
