import { Box } from 'ink';
import type { Connection, Figures } from '../state.js';
import { counted } from '../../i18n/index.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

const BADGE: Record<Connection, { key: `dashboard.${Connection}`; color: string }> = {
  connecting: { key: 'dashboard.connecting', color: 'yellow' },
  live: { key: 'dashboard.live', color: 'green' },
  offline: { key: 'dashboard.offline', color: 'red' },
};

export interface HeaderProps {
  connection: Connection;
  figures: Figures | null;
  now: number;
  width: number;
  /** The venue's time zone (the server's); the machine's when not known yet. */
  timezone?: string | undefined;
}

/**
 * One line: the clock (venue time), today's figures and the connection badge. On a narrow terminal the title goes
 * and the figures give way (cut at the start) before the badge or the clock would wrap.
 */
export function Header({ connection, figures, now, width, timezone }: HeaderProps) {
  const { t, amount } = useDashboardTexts();
  const badge = BADGE[connection];
  const clock = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timezone ? { timeZone: timezone } : {}),
  }).format(now);
  const title = width >= 100 ? ` ${t('dashboard.title')}` : '';
  const today = figures
    ? `${t(counted(figures.sinceYesterday ? 'dashboard.sinceYesterday' : 'dashboard.today', figures.orders), { orders: figures.orders, revenue: amount(figures.revenue), cash: amount(figures.cash), card: amount(figures.card) })} `
    : `${t('dashboard.todayUnknown')} `;
  return (
    <Box width={width}>
      <Box flexShrink={0}>
        <Text>
          <Text bold>pos</Text>
          {title} <Text color="gray">{clock}</Text>{' '}
        </Text>
      </Box>
      <Box flexGrow={1} flexShrink={1} justifyContent="flex-end" overflow="hidden">
        <Text wrap="truncate-start" color={figures ? undefined : 'gray'}>
          {today}
        </Text>
      </Box>
      <Box flexShrink={0}>
        <Text backgroundColor={badge.color} color="black">
          {` ${t(badge.key)} `}
        </Text>
      </Box>
    </Box>
  );
}
