import { Box } from 'ink';
import { fit, minutesSince } from '../format.js';
import type { OrderCard, Stage } from '../state.js';
import { counted } from '../../i18n/index.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

export interface OrderColumnProps {
  title: string;
  stage: Stage;
  orders: OrderCard[];
  width: number;
  height: number;
  selectedId: number | null;
  active: boolean;
  now: number;
  lateMinutes: number;
}

/** The narrowest column that shows the stations done (a terminal of 96 columns or more). */
const STATIONS_MIN_WIDTH = 24;

/** "1/2": of the order's kitchen stations, how many are done; blank when it waits at none. */
function stationsDone(order: OrderCard): string {
  if (order.stations.length === 0) return '';
  return `${order.stations.filter((station) => station.status === 'DONE').length}/${order.stations.length}`;
}

/** One stage of the board: a title with the count, then one line per order (the selected one inverted). */
export function OrderColumn({
  title,
  stage,
  orders,
  width,
  height,
  selectedId,
  active,
  now,
  lateMinutes,
}: OrderColumnProps) {
  const { t } = useDashboardTexts();
  const rows = Math.max(1, height - 1);
  const selectedIndex = Math.max(
    0,
    orders.findIndex((order) => order.id === selectedId),
  );
  const start = Math.max(0, Math.min(selectedIndex - rows + 2, orders.length - rows));
  const visible = orders.slice(start, start + (orders.length > rows ? rows - 1 : rows));
  const hidden = orders.length - visible.length;
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color={active ? 'cyan' : undefined} underline={active}>
        {fit(`${title} (${orders.length})`, width - 1)}
      </Text>
      {visible.map((order) => {
        const waited =
          stage === 'kitchen'
            ? minutesSince(order.confirmedAt, now)
            : stage === 'ready'
              ? minutesSince(order.completedAt, now)
              : null;
        const late = stage === 'kitchen' && waited !== null && waited >= lateMinutes;
        // Named as the TV names it: the ticket number, then the display code.
        const ticket = order.ticketNumber === null ? '   -' : `#${order.ticketNumber}`.padStart(4);
        const minutes = waited === null ? '' : t('dashboard.minutes', { minutes: waited });
        // In the kitchen: how many of its stations are done ("1/2"), where the column has room for it beside the
        // customer (80 columns keep the names; the items view, i, shows the stations at any width).
        const stations = stage === 'kitchen' && width >= STATIONS_MIN_WIDTH ? stationsDone(order) : '';
        const right = [stations, minutes].filter(Boolean).join(' ');
        const label = `${ticket} ${order.displayCode} ${order.table} ${order.customer}`;
        const line = `${fit(label, width - 1 - right.length - 1)} ${right}`;
        return (
          <Text key={order.id} inverse={order.id === selectedId && active} color={late ? 'red' : undefined} bold={late}>
            {line}
          </Text>
        );
      })}
      {hidden > 0 ? (
        <Text color="gray">{fit(`  ${t(counted('dashboard.more', hidden), { count: hidden })}`, width - 1)}</Text>
      ) : null}
    </Box>
  );
}
