import { Box, Text } from 'ink';
import type { Connection, Figures } from '../state.js';
import { money } from '../format.js';

const BADGE: Record<Connection, { text: string; color: string }> = {
  connecting: { text: ' connecting ', color: 'yellow' },
  live: { text: ' live ', color: 'green' },
  offline: { text: ' OFFLINE ', color: 'red' },
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
  const badge = BADGE[connection];
  const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timezone ? { timeZone: timezone } : {}) }).format(now);
  const title = width >= 100 ? ' live orders' : '';
  const today = figures
    ? `today ${figures.orders} orders · ${money(figures.revenue)} (cash ${money(figures.cash)} · card ${money(figures.card)}) `
    : 'today – ';
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
          {badge.text}
        </Text>
      </Box>
    </Box>
  );
}
