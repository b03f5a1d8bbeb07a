import { Box, Text } from 'ink';
import type { Connection, Figures } from '../state.js';
import { money } from '../format.js';

const BADGE: Record<Connection, { text: string; color: string }> = {
  connecting: { text: ' connecting ', color: 'yellow' },
  live: { text: ' live ', color: 'green' },
  offline: { text: ' OFFLINE ', color: 'red' },
};

export function Header({ connection, figures, now }: { connection: Connection; figures: Figures | null; now: number }) {
  const badge = BADGE[connection];
  const clock = new Date(now).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <Box justifyContent="space-between">
      <Text>
        <Text bold>pos</Text> live orders <Text color="gray">{clock}</Text>
      </Text>
      <Text>
        {figures ? (
          <Text>
            today <Text bold>{figures.orders}</Text> orders · <Text bold>{money(figures.revenue)}</Text> (cash {money(figures.cash)} · card{' '}
            {money(figures.card)}){' '}
          </Text>
        ) : (
          <Text color="gray">today – </Text>
        )}
        <Text backgroundColor={badge.color} color="black">
          {badge.text}
        </Text>
      </Text>
    </Box>
  );
}
