import { Box, useInput } from 'ink';
import { Text } from '../components/Text.js';
import { useCallback, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Report } from '../../api/reports.js';
import { type HourBar, HourBars } from '../components/HourBars.js';
import { fit } from '../format.js';
import { centsOf, showMoney } from '../money.js';
import { counted } from '../../i18n/translate.js';
import { DashboardLocale, useDashboardTexts } from '../texts.js';
import { beganYesterday } from '../venue-day.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

type ReportRecord = z.infer<typeof Report>;

export interface Figures {
  timezone: string;
  from: string;
  hours: ReportRecord[];
  today: ReportRecord | null;
  previous: ReportRecord | null;
}

/** Today's reports (hour by hour and in all), and the evening before, from the start of the business day. */
export async function readFigures(client: ScreenProps['client']): Promise<Figures> {
  const health = await client.health();
  const start = Date.parse(health.businessDayStart);
  const before = new Date(start - 24 * 3600_000).toISOString();
  const [hours, [today], [previous]] = await Promise.all([
    client.reports({ from: health.businessDayStart, groupBy: '1h' }),
    client.reports({ from: health.businessDayStart, groupBy: 'all' }),
    client.reports({ from: before, to: health.businessDayStart, groupBy: 'all' }),
  ]);
  return {
    timezone: health.timezone,
    from: health.businessDayStart,
    hours,
    today: today ?? null,
    previous: previous ?? null,
  };
}

/** The hour of an instant in the venue's time zone: `19`. */
function venueHour(at: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: timezone }).format(
    Date.parse(at),
  );
}

/** The clock time of an instant in the venue's time zone: `07:30` (a business day may start at any minute). */
function venueTime(at: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  }).format(Date.parse(at));
}

/**
 * 6 Reports: today's takings hour by hour as bars (from the first hour that sold), the top foods, each register, and
 * this evening beside the previous one. `r` reads them again.
 */
export function ReportsScreen({ client, width, height, active }: ScreenProps) {
  const { t } = useDashboardTexts();
  const locale = useContext(DashboardLocale);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [notice, , fail] = useNotice();
  const load = useCallback(() => {
    readFigures(client).then(setFigures, fail);
  }, [client, fail]);
  useEffect(load, [load]);
  useInput(
    (input) => {
      if (input === 'r') load();
    },
    { isActive: active },
  );
  const money = (value: number) => showMoney(locale, value);
  const body = height - 3;
  // Side by side from 80 columns; narrower, the hours above the foods and the registers, each the whole width.
  const narrow = width < 80;
  const half = narrow ? width : Math.floor(width / 2);
  const side = narrow ? width : width - half;
  if (!figures) {
    return (
      <Box flexDirection="column" height={height}>
        <Text color="gray">{t('console.loading')}</Text>
        <Box flexGrow={1} />
        <Text color={notice.tone === 'error' ? 'red' : 'gray'}>{notice.message || ' '}</Text>
        <Text color="gray">{t('console.keys.reports')}</Text>
      </Box>
    );
  }
  const today = figures.today;
  const firstSale = figures.hours.findIndex((hour) => hour.totalRevenue > 0);
  const hourRows = narrow ? Math.max(1, Math.floor(body / 3)) : body - 2;
  const hours = firstSale === -1 ? [] : figures.hours.slice(firstSale).slice(-hourRows);
  const bars: HourBar[] = hours.map((hour) => ({
    hour: venueHour(hour.timestamp, figures.timezone),
    cents: centsOf(hour.totalRevenue),
    label: money(hour.totalRevenue),
  }));
  const foods = (today?.categoryStats ?? [])
    .flatMap((category) => category.foodStats)
    .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue);
  const registers = [
    ...(today?.cashRegisterStats ?? []).map((stats) => ({ name: stats.cashRegisterName, revenue: stats.totalRevenue })),
    // A refund at no register of an earlier sale makes it negative: shown all the same, so the lines add up.
    ...(today && today.noRegisterStats.totalRevenue !== 0
      ? [{ name: t('console.reports.noRegister'), revenue: today.noRegisterStats.totalRevenue }]
      : []),
  ];
  const topRows = Math.max(1, body - 4 - registers.length - (narrow ? Math.max(1, hours.length) + 1 : 0));
  const titleKey = beganYesterday(figures.from, today, figures.timezone)
    ? 'console.reports.titleYesterday'
    : 'console.reports.title';
  const title = t(counted(titleKey, today?.totalOrders ?? 0), {
    from: venueTime(figures.from, figures.timezone),
    orders: today?.totalOrders ?? 0,
    revenue: money(today?.totalRevenue ?? 0),
    cash: money(today?.totalCashRevenue ?? 0),
    card: money(today?.totalCardRevenue ?? 0),
  });
  const compare = t('console.reports.compare', {
    now: money(today?.totalRevenue ?? 0),
    before: money(figures.previous?.totalRevenue ?? 0),
  });
  const line = (left: string, right: string, w: number) => `${fit(left, w - right.length - 1)} ${right}`;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(title, width - 1)}
      </Text>
      <Box flexDirection={narrow ? 'column' : 'row'} height={body}>
        <Box flexDirection="column" width={half} flexShrink={0}>
          <Text bold>{t('console.reports.hours')}</Text>
          {bars.length === 0 ? (
            <Text color="gray">{t('console.reports.nothing')}</Text>
          ) : (
            <HourBars bars={bars} width={half - 1} />
          )}
        </Box>
        <Box flexDirection="column" width={side}>
          <Text bold>{t('console.reports.top')}</Text>
          {foods.slice(0, topRows).map((food) => (
            <Text key={food.foodId}>
              {line(`${String(food.quantity).padStart(4)} × ${food.foodName}`, money(food.revenue), side - 1)}
            </Text>
          ))}
          <Text bold>{t('console.reports.registers')}</Text>
          {registers.map((register) => (
            <Text key={register.name}>{line(`  ${register.name}`, money(register.revenue), side - 1)}</Text>
          ))}
        </Box>
      </Box>
      <Text color={notice.tone === 'error' ? 'red' : undefined} wrap="truncate-end">
        {notice.message || compare}
      </Text>
      <Text color="gray" wrap="truncate-end">
        {t('console.keys.reports')}
      </Text>
    </Box>
  );
}
