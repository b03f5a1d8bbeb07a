import { Box, useInput } from 'ink';
import { Text } from '../components/Text.js';
import { useCallback, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CashRegister } from '../../api/cash-registers.js';
import type { Report as ReportSchema } from '../../api/reports.js';
import { fit } from '../format.js';
import { showMoney } from '../money.js';
import { DashboardLocale, type DashboardTexts, useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import { type Figures, readFigures } from './ReportsScreen.js';
import type { ScreenProps } from './screen.js';

/**
 * 7 Closure: the figures of the evening first (takings, cash and card, each register, the categories), then `p` runs
 * the closure, after asking, and prints it on the chosen register's printer.
 */
export function ClosureScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t } = useDashboardTexts();
  const locale = useContext(DashboardLocale);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [registers, setRegisters] = useState<Array<z.infer<typeof CashRegister>>>([]);
  const [chosen, setChosen] = useState(0);
  const [asking, setAsking] = useState(false);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    Promise.all([readFigures(client), client.cashRegisters({ enabled: true })]).then(([f, r]) => {
      setFigures(f);
      setRegisters(r);
    }, fail);
  }, [client, fail]);
  useEffect(load, [load]);
  const register = registers[Math.min(chosen, registers.length - 1)];
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
            say(
              t('console.closure.done', { register: register.name, revenue: showMoney(locale, closure.totalRevenue) }),
            );
            load();
          }, fail);
        } else if (input === 'n' || key.escape) ask(false);
        return;
      }
      if (key.leftArrow) setChosen((at) => Math.max(0, at - 1));
      if (key.rightArrow) setChosen((at) => Math.min(registers.length - 1, at + 1));
      if (input === 'r') load();
      if (input === 'p' && register) ask(true);
    },
    { isActive: active },
  );

  const money = (value: number) => showMoney(locale, value);
  const today = figures?.today ?? null;
  const rows: Array<[string, string]> = today ? closureRows(today, money, t) : [];
  const lines = rows.slice(0, Math.max(1, height - 7));
  const width2 = Math.min(width - 1, 70);
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
              t('console.closure.figures', {
                orders: today.totalOrders,
                revenue: money(today.totalRevenue),
                cash: money(today.totalCashRevenue),
                card: money(today.totalCardRevenue),
              }),
              width - 1,
            )}
          </Text>
          {lines.map(([left, right], index) => (
            <Text key={index}>{`${fit(left, width2 - right.length - 1)} ${right}`}</Text>
          ))}
        </>
      ) : figures ? null : (
        <Text color="gray">{t('console.loading')}</Text>
      )}
      <Box flexGrow={1} />
      <Text>
        {register ? t('console.closure.register', { register: register.name }) : t('console.closure.noRegister')}
      </Text>
      <Text color={asking ? 'yellow' : notice.tone === 'error' ? 'red' : 'green'} wrap="truncate-end">
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
 * The lines under the totals, adding up as on the printed closure: the orders without a payment method beside cash
 * and card, the registers with the orders confirmed at none, then the categories before discounts, less the
 * discounts and the refunds.
 */
function closureRows(today: Report, money: (cents: number) => string, t: DashboardTexts['t']): Array<[string, string]> {
  const unpaid = today.totalRevenue - today.totalCashRevenue - today.totalCardRevenue;
  const takings = (stats: Takings) =>
    `${money(stats.totalRevenue)}  (${money(stats.totalCashRevenue)} + ${money(stats.totalCardRevenue)})`;
  const none = today.noRegisterStats;
  const rows: Array<[string, string]> = [];
  if (unpaid !== 0) rows.push([`  ${t('closure.noPaymentMethod')}`, money(unpaid)]);
  for (const stats of today.cashRegisterStats) rows.push([`  ${stats.cashRegisterName}`, takings(stats)]);
  if (none.totalRevenue !== 0 || none.totalCashRevenue !== 0 || none.totalCardRevenue !== 0)
    rows.push([`  ${t('closure.noRegister')}`, takings(none)]);
  for (const category of today.categoryStats)
    rows.push([`  ${category.categoryName} × ${category.quantity}`, money(category.revenue)]);
  if (today.totalDiscount !== 0) rows.push([`  ${t('closure.discounts')}`, `-${money(today.totalDiscount)}`]);
  if (today.totalRefunds !== 0) rows.push([`  ${t('closure.refunds')}`, `-${money(today.totalRefunds)}`]);
  return rows;
}
