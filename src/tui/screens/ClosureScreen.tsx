import { Box, useInput } from 'ink';
import { Text } from '../components/Text.js';
import { useCallback, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CashRegister } from '../../api/cash-registers.js';
import { fit } from '../format.js';
import { showMoney } from '../money.js';
import { DashboardLocale, useDashboardTexts } from '../texts.js';
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
  const rows: Array<[string, string]> = today
    ? [
        ...today.cashRegisterStats.map((stats): [string, string] => [
          `  ${stats.cashRegisterName}`,
          `${money(stats.totalRevenue)}  (${money(stats.totalCashRevenue)} + ${money(stats.totalCardRevenue)})`,
        ]),
        ...today.categoryStats.map((category): [string, string] => [
          `  ${category.categoryName} × ${category.quantity}`,
          money(category.revenue),
        ]),
      ]
    : [];
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
