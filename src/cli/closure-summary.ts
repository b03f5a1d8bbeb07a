import { DateTime } from 'luxon';
import type { ClosureSession } from '../api/cash-sessions.js';
import type { Report } from '../api/reports.js';
import { money } from './field-flags.js';

// The general closure as a treasurer reads it in a terminal: names padded to one column, every figure right-aligned
// in its own column, long names wrapped onto the next line (never cut), so the columns add up by eye.

/** The figures newer than the rest of the Report: an older server leaves them out. */
type Newer =
  | 'totalDiscount'
  | 'noRegisterStats'
  | 'totalCovers'
  | 'takeawayOrders'
  | 'takeawayRevenue'
  | 'totalRefunds'
  | 'cancellations'
  | 'discountsByReason';
type ClosureReport = Omit<Report, Newer> &
  Partial<Pick<Report, Newer>> & {
    /** The drawers' sessions of the window (cents), from a server that keeps them. */
    sessions?: Array<
      Pick<ClosureSession, 'cashRegisterName' | 'userName' | 'openedAt' | 'closedAt' | 'expectedCash'> &
        Pick<ClosureSession, 'counted' | 'difference'>
    >;
  };

interface Row {
  label: string;
  indent: number;
  figures: string[];
}

interface Section {
  title: string | null;
  headers: string[] | null;
  rows: Row[];
}

/** Names longer than this wrap onto the next line. */
const NAME_WIDTH_MAX = 30;

const row = (label: string, figures: Array<string | number>, indent = 0): Row => ({
  label,
  indent,
  figures: figures.map(String),
});

/** Words onto lines of `width`; a word longer than a line is split, never cut off. */
function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (current) lines.push(current);
      current = '';
      lines.push(word.slice(0, width));
      word = word.slice(width);
    }
    if (!word) continue;
    if (!current) current = word;
    else if (current.length + 1 + word.length <= width) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

function render(sections: Section[]): string[] {
  const longest = Math.max(0, ...sections.flatMap((section) => section.rows.map((r) => r.indent + r.label.length)));
  const nameWidth = Math.min(NAME_WIDTH_MAX, longest);
  const out: string[] = [];
  for (const section of sections) {
    const count = Math.max(section.headers?.length ?? 0, ...section.rows.map((r) => r.figures.length));
    const widths = Array.from({ length: count }, (_, i) =>
      Math.max((section.headers?.[i] ?? '').length, ...section.rows.map((r) => (r.figures[i] ?? '').length)),
    );
    const figures = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i] as number)).join('  ');
    if (out.length > 0) out.push('');
    if (section.title) out.push(section.title);
    if (section.headers) out.push(`${''.padEnd(nameWidth)}  ${figures(section.headers)}`.trimEnd());
    for (const r of section.rows) {
      const parts = wrapText(r.label, Math.max(8, nameWidth - r.indent));
      parts.forEach((part, index) => {
        const name = `${' '.repeat(r.indent)}${part}`.padEnd(nameWidth);
        // The figures stand on the last line of a wrapped name, where the eye ends.
        out.push(index === parts.length - 1 ? `${name}  ${figures(r.figures)}`.trimEnd() : name.trimEnd());
      });
    }
  }
  return out;
}

/** The closure as a treasurer reads it. */
export function closureSummary(report: ClosureReport, registerName: string, timezone: string): string {
  const from = DateTime.fromISO(report.timestamp, { zone: timezone }).toFormat('yyyy-MM-dd HH:mm');
  const totals: Row[] = [
    row('orders', [report.totalOrders]),
    row('revenue', [money(report.totalRevenue)]),
    row('cash', [money(report.totalCashRevenue)], 2),
    row('card', [money(report.totalCardRevenue)], 2),
  ];
  // Orders confirmed by a status change have no payment method: shown, so cash + card + this = revenue.
  const unpaid = report.totalRevenue - report.totalCashRevenue - report.totalCardRevenue;
  if (unpaid !== 0) totals.push(row('no payment method', [money(unpaid)], 2));
  if (report.totalDiscount !== undefined) totals.push(row('discounts given', [money(report.totalDiscount)]));
  if (report.totalCovers !== undefined) totals.push(row('covers', [report.totalCovers]));
  if (report.takeawayOrders !== undefined) totals.push(row('takeaway orders', [report.takeawayOrders]));
  if (report.takeawayRevenue !== undefined) totals.push(row('takeaway revenue', [money(report.takeawayRevenue)], 2));
  if (report.totalRefunds !== undefined) totals.push(row('refunds given', [money(report.totalRefunds)]));
  totals.push(row('average prep time', [wholeMinutes(report.averageCompletitionTime)]));
  const sections: Section[] = [{ title: null, headers: null, rows: totals }];
  const cancelled = report.cancellations;
  if (cancelled && cancelled.count > 0) {
    const unpaidBack = cancelled.amount - cancelled.cash - cancelled.card;
    const figures = [cancelled.count, money(cancelled.amount), money(cancelled.cash), money(cancelled.card)];
    sections.push({
      title: 'cancelled orders (paid back, in no total above)',
      headers: ['orders', 'paid back', 'cash', 'card', ...(unpaidBack !== 0 ? ['no method'] : [])],
      rows: [row('cancelled', [...figures, ...(unpaidBack !== 0 ? [money(unpaidBack)] : [])], 2)],
    });
  }
  if (report.discountsByReason && report.discountsByReason.length > 0) {
    const rows = report.discountsByReason.map((d) => row(d.reason ?? '(no reason)', [d.count, money(d.amount)], 2));
    sections.push({ title: 'discounts by reason', headers: ['orders', 'amount'], rows });
  }

  type Takings = { totalRevenue: number; totalCashRevenue: number; totalCardRevenue: number };
  const takings: Array<[string, Takings]> = report.cashRegisterStats.map((r) => [r.cashRegisterName, r]);
  const none = report.noRegisterStats;
  if (none && (none.totalRevenue !== 0 || none.totalCashRevenue !== 0 || none.totalCardRevenue !== 0))
    takings.push(['(no register)', none]);
  const unpaidOf = (t: Takings) => t.totalRevenue - t.totalCashRevenue - t.totalCardRevenue;
  // The column of orders without a payment method only when a register has any, so each row adds up.
  const withUnpaid = takings.some(([, t]) => unpaidOf(t) !== 0);
  const registers = takings.map(([name, t]) =>
    row(
      name,
      [
        money(t.totalRevenue),
        money(t.totalCashRevenue),
        money(t.totalCardRevenue),
        ...(withUnpaid ? [money(unpaidOf(t))] : []),
      ],
      2,
    ),
  );
  if (registers.length > 0) {
    const headers = ['revenue', 'cash', 'card', ...(withUnpaid ? ['no method'] : [])];
    sections.push({ title: 'per register', headers, rows: registers });
  }

  if (report.sessions && report.sessions.length > 0) {
    const clock = (iso: string | null) =>
      iso === null ? 'open' : DateTime.fromISO(iso, { zone: timezone }).toFormat('HH:mm');
    const rows = report.sessions.map((s) =>
      row(
        `${s.cashRegisterName ?? '(deleted register)'}, ${s.userName}, ${clock(s.openedAt)}-${clock(s.closedAt)}`,
        [money(s.expectedCash), money(s.counted), money(s.difference)],
        2,
      ),
    );
    sections.push({ title: 'cash sessions', headers: ['expected', 'counted', 'difference'], rows });
  }
  if (report.categoryStats.length > 0) {
    const title = 'per category and food (before discounts)';
    const rows = report.categoryStats.flatMap((c) => [
      row(c.categoryName, [c.quantity, money(c.revenue)], 2),
      ...c.foodStats.map((f) => row(f.foodName, [f.quantity, money(f.revenue)], 4)),
    ]);
    // As on paper: the categories, less the discounts and the refunds, give the revenue again.
    const beforeDiscounts = report.categoryStats.reduce((sum, c) => sum + c.revenue, 0);
    rows.push(row('before discounts', ['', money(beforeDiscounts)]));
    if (report.totalDiscount !== undefined) rows.push(row('discounts', ['', `-${money(report.totalDiscount)}`]));
    if (report.totalRefunds) rows.push(row('refunds', ['', `-${money(report.totalRefunds)}`]));
    rows.push(row('revenue', ['', money(report.totalRevenue)]));
    sections.push({ title, headers: ['qty', 'revenue'], rows });
  }
  const components = report.componentStats ?? [];
  if (components.length > 0) {
    const rows = components.map((c) => row(c.foodName, [c.quantity], 2));
    sections.push({
      title: 'in set menus (counts only: their revenue is the menus above)',
      headers: ['qty'],
      rows,
    });
  }
  const hours = `${Math.floor(report.intervalInMinutes / 60)} h ${report.intervalInMinutes % 60} min`;
  // It covers the whole venue: the heading names every register counted, then the one that ran it (and printed it).
  const covered = report.cashRegisterStats.map((r) => r.cashRegisterName);
  if (registers.length > covered.length) covered.push('(no register)');
  const heading = `GENERAL CLOSURE of all registers${covered.length > 0 ? `: ${covered.join(', ')}` : ' (no sales)'}`;
  const lines = [...wrapText(heading, 80), `run at ${registerName}, from ${from} for ${hours}`, ''];
  return [...lines, ...render(sections)].join('\n');
}

/** An average time in minutes as people read it: "12 min", not "12.01". */
export function wholeMinutes(minutes: number | null): string {
  if (minutes === null) return '-';
  return minutes < 0.5 ? '< 1 min' : `${Math.round(minutes)} min`;
}
