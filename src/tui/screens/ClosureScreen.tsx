import { Box, useInput } from 'ink';
import { Text } from '../components/Text.js';
import { useCallback, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CashRegister } from '../../api/cash-registers.js';
import type { CashSessionRecord } from '../../api/cash-sessions.js';
import type { Printer } from '../../api/printers.js';
import type { Report as ReportSchema } from '../../api/reports.js';
import { fit } from '../format.js';
import { showMoney } from '../money.js';
import { counted } from '../../i18n/translate.js';
import { DashboardLocale, type DashboardTexts, useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import { type Figures, readFigures } from './ReportsScreen.js';
import type { ScreenProps } from './screen.js';

/**
 * 7 Closure: the figures of the evening first (takings, cash and card, each register, the categories), then `p` runs
 * the closure, after asking, and prints it on the chosen register's printer.
 */
export function ClosureScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t, printerStatus } = useDashboardTexts();
  const locale = useContext(DashboardLocale);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [registers, setRegisters] = useState<Array<z.infer<typeof CashRegister>>>([]);
  const [printers, setPrinters] = useState<Array<z.infer<typeof Printer>>>([]);
  const [drawers, setDrawers] = useState<CashSessionRecord[]>([]);
  const [chosen, setChosen] = useState(0);
  const [asking, setAsking] = useState(false);
  /** The first line shown, when the lines are more than the screen holds. */
  const [top, setTop] = useState(0);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    Promise.all([readFigures(client), client.cashRegisters(), client.printers()]).then(async ([f, r, p]) => {
      // The drawers of this business day, every register's (one put out of use keeps its drawers), and any left open.
      const start = Date.parse(f.from);
      const sessions = await Promise.all(r.map((each) => client.cashSessions(each.id).catch(() => [])));
      setDrawers(
        sessions
          .flat()
          .filter((session) => session.status === 'open' || Date.parse(session.openedAt) >= start)
          .sort((a, b) => Date.parse(a.openedAt) - Date.parse(b.openedAt)),
      );
      setFigures(f);
      setRegisters(r.filter((each) => each.enabled));
      setPrinters(p);
    }, fail);
  }, [client, fail]);
  useEffect(load, [load]);
  const register = registers[Math.min(chosen, registers.length - 1)];
  const money = (value: number) => showMoney(locale, value);
  const today = figures?.today ?? null;
  const rows = today ? [...closureRows(today, money, t), ...drawerRows(drawers, money, t)] : [];
  const room = Math.max(1, height - 7);
  // Lines the screen cannot hold are reached with ↑↓, and a last line says how many there are: a treasurer never
  // reads a closure with some registers or categories silently left out.
  const shown = rows.length > room ? Math.max(1, room - 1) : room;
  const hidden = Math.max(0, rows.length - shown);
  const first = Math.min(top, hidden);
  const lines = alignedRows(rows.slice(first, first + shown), rows, Math.min(width - 1, 90));
  const ask = (open: boolean) => {
    setAsking(open);
    onCapture(open);
  };
  useInput(
    (input, key) => {
      if (asking) {
        if ((input === 'y' || input === 's') && register) {
          ask(false);
          client.generalClosure({ cashRegister: register.id }, `closure-${Date.now()}`).then((closure) => {
            const revenue = showMoney(locale, closure.totalRevenue);
            // A printer that is off keeps the ticket until it is back: say so, or the treasurer waits at it.
            const printer = printers.find((p) => p.id === register.defaultPrinterId);
            if (printer && printer.status !== 'ONLINE') {
              const status = printerStatus(printer);
              const printing = t('console.printerWaits', { printer: printer.name, status });
              say(t('console.closure.doneWaiting', { revenue, printing }), 'warning');
            } else say(t('console.closure.done', { register: register.name, revenue }));
            load();
          }, fail);
        } else if (input === 'n' || key.escape) ask(false);
        return;
      }
      if (key.leftArrow) setChosen((at) => Math.max(0, at - 1));
      if (key.rightArrow) setChosen((at) => Math.min(registers.length - 1, at + 1));
      if (key.upArrow) setTop((at) => Math.max(0, Math.min(at, hidden) - 1));
      if (key.downArrow) setTop((at) => Math.min(hidden, at + 1));
      if (input === 'r') load();
      if (input === 'p' && register) ask(true);
    },
    { isActive: active },
  );

  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(t('console.closure.title'), width - 1)}
      </Text>
      {figures && !today ? <Text color="gray">{t('console.reports.nothing')}</Text> : null}
      {today ? (
        <>
          <Text bold>
            {fit(
              t(counted('console.closure.figures', today.totalOrders), {
                orders: today.totalOrders,
                revenue: money(today.totalRevenue),
                cash: money(today.totalCashRevenue),
                card: money(today.totalCardRevenue),
              }),
              width - 1,
            )}
          </Text>
          {lines.map((line, index) => (
            <Text key={index} bold={line.bold} color={line.warning ? 'yellow' : undefined}>
              {line.text}
            </Text>
          ))}
          {hidden > 0 ? (
            <Text color="gray">
              {fit(t('console.closure.more', { above: first, below: hidden - first }), width - 1)}
            </Text>
          ) : null}
        </>
      ) : figures ? null : (
        <Text color="gray">{t('console.loading')}</Text>
      )}
      <Box flexGrow={1} />
      <Text>
        {register ? t('console.closure.register', { register: register.name }) : t('console.closure.noRegister')}
      </Text>
      <Text
        color={asking || notice.tone === 'warning' ? 'yellow' : notice.tone === 'error' ? 'red' : 'green'}
        wrap="truncate-end"
      >
        {asking && register ? t('console.closure.ask', { register: register.name }) : notice.message || ' '}
      </Text>
      <Text color="gray" wrap="truncate-end">
        {asking ? t('console.keys.yesNo') : t('console.keys.closure')}
      </Text>
    </Box>
  );
}

type Report = z.infer<typeof ReportSchema>;
type Takings = Pick<Report, 'totalRevenue' | 'totalCashRevenue' | 'totalCardRevenue'>;
/**
 * A line of the figures: what, how much, and for a register its cash and card; a section's heading and total bold,
 * a drawer still open in yellow.
 */
type Row = { label: string; amount: string; detail?: string; bold?: boolean; warning?: boolean };

/**
 * The lines as a treasurer adds them up: every amount right-aligned in one column (the registers' as the
 * categories'), the registers' cash and card after it, the names cut to what is left. The columns are measured on all
 * the lines, so they stay put as the lines scroll.
 */
function alignedRows(
  lines: Row[],
  all: Row[],
  width: number,
): Array<{ text: string; bold: boolean; warning: boolean }> {
  const amountWidth = Math.max(...all.map((row) => row.amount.length));
  const detailWidth = Math.max(0, ...all.map((row) => row.detail?.length ?? 0));
  const labelWidth = width - amountWidth - 1 - (detailWidth > 0 ? detailWidth + 2 : 0);
  return lines.map((row) => {
    const bold = row.bold === true;
    const warning = row.warning === true;
    if (row.amount === '') return { text: fit(row.label, width), bold, warning }; // a heading: the whole line
    const line = `${fit(row.label, labelWidth)} ${row.amount.padStart(amountWidth)}`;
    return { text: row.detail ? `${line}  ${row.detail}` : line, bold, warning };
  });
}

/**
 * The lines under the totals, adding up as on the printed closure: the orders without a payment method beside cash
 * and card; the registers (with the orders confirmed at none), to the takings; the categories before discounts, less
 * the discounts and the refunds, to the takings again. Two ways to the same figure, each under its heading.
 */
function closureRows(today: Report, money: (cents: number) => string, t: DashboardTexts['t']): Row[] {
  const unpaid = today.totalRevenue - today.totalCashRevenue - today.totalCardRevenue;
  const takings = (label: string, stats: Takings): Row => ({
    label,
    amount: money(stats.totalRevenue),
    detail: t('console.closure.cashCard', { cash: money(stats.totalCashRevenue), card: money(stats.totalCardRevenue) }),
  });
  const total: Row = { label: `  = ${t('console.closure.total')}`, amount: money(today.totalRevenue), bold: true };
  const none = today.noRegisterStats;
  const rows: Row[] = [];
  if (unpaid !== 0) rows.push({ label: `  ${t('closure.noPaymentMethod')}`, amount: money(unpaid) });
  rows.push({ label: t('console.closure.byRegister'), amount: '', bold: true });
  for (const stats of today.cashRegisterStats) rows.push(takings(`  ${stats.cashRegisterName}`, stats));
  if (none.totalRevenue !== 0 || none.totalCashRevenue !== 0 || none.totalCardRevenue !== 0)
    rows.push(takings(`  ${t('closure.noRegister')}`, none));
  rows.push(total);
  rows.push({ label: t('console.closure.byCategory'), amount: '', bold: true });
  const countWidth = Math.max(0, ...today.categoryStats.map((category) => String(category.quantity).length));
  for (const category of today.categoryStats) {
    const count = String(category.quantity).padStart(countWidth);
    rows.push({ label: `  ${count} × ${category.categoryName}`, amount: money(category.revenue) });
  }
  if (today.totalDiscount !== 0)
    rows.push({ label: `  ${t('closure.discounts')}`, amount: `-${money(today.totalDiscount)}` });
  if (today.totalRefunds !== 0)
    rows.push({ label: `  ${t('closure.refunds')}`, amount: `-${money(today.totalRefunds)}` });
  rows.push(total);
  return rows;
}

/**
 * The drawers of the evening, as the printed closure lists them: each with its cashier and the cash it should hold,
 * then what was counted and the difference; one still open says so, since its count is still to come.
 */
function drawerRows(drawers: CashSessionRecord[], money: (cents: number) => string, t: DashboardTexts['t']): Row[] {
  if (drawers.length === 0) return [];
  return [
    { label: t('console.closure.drawers'), amount: '', bold: true },
    ...drawers.map(
      (drawer): Row => ({
        label: `  ${drawer.cashRegisterName ?? t('closure.deletedRegister')} · ${drawer.userName}`,
        amount: money(drawer.expectedCash),
        detail:
          drawer.status === 'open'
            ? t('console.closure.drawerOpen')
            : drawer.counted === null || drawer.difference === null
              ? t('console.closure.drawerUncounted')
              : t('console.closure.drawerCounted', {
                  counted: money(drawer.counted),
                  difference: money(drawer.difference),
                }),
        ...(drawer.status === 'open' ? { warning: true } : {}),
      }),
    ),
  ];
}
