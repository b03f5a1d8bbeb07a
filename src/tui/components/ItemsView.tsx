import { Box } from 'ink';
import { fit } from '../format.js';
import { type OrderDetails, orderLabel } from '../state.js';
import { counted } from '../../i18n/index.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

/** One order's items (Enter or i on the board): what the customer asked for, with the notes (allergies). */
export function ItemsView({ details, width, height }: { details: OrderDetails | null; width: number; height: number }) {
  const { t, amount, status } = useDashboardTexts();
  if (!details) {
    return (
      <Box height={height}>
        <Text color="gray">{t('dashboard.items.loading')}</Text>
      </Box>
    );
  }
  // Which kitchen stations are done with this order (a station taps "Done" on its screen).
  const stationList = details.stations
    .map((station) =>
      t(station.status === 'DONE' ? 'dashboard.items.stationDone' : 'dashboard.items.stationWaiting', {
        station: station.name,
      }),
    )
    .join(' · ');
  const stations = details.stations.length === 0 ? null : t('dashboard.items.stations', { stations: stationList });
  // The lines add up to the total only with the discount and what was given back: said under the title.
  const money = [
    details.discount ? t('dashboard.items.discount', { amount: amount(details.discount) }) : null,
    details.refunded ? t('dashboard.items.refunded', { amount: amount(details.refunded) }) : null,
  ].filter((part): part is string => part !== null);
  const rows = Math.max(1, height - 2 - (stations ? 1 : 0) - (money.length > 0 ? 1 : 0));
  const lines = details.items.map((item) => {
    const refunded = item.refunded
      ? ` [${t(counted('orders.refunded', item.refunded), { count: item.refunded })}]`
      : '';
    const choices = item.choices?.length ? `: ${item.choices.join(', ')}` : '';
    const notes = item.notes ? ` (${item.notes})` : '';
    return `${String(item.quantity).padStart(3)} × ${item.name}${choices}${notes}${refunded}  · ${item.category}`;
  });
  const shown =
    lines.length > rows
      ? [
          ...lines.slice(0, rows - 1),
          `  ${t(counted('dashboard.more', lines.length - rows + 1), { count: lines.length - rows + 1 })}`,
        ]
      : lines;
  const title = t('dashboard.items.title', {
    order: orderLabel(details),
    table: details.table,
    customer: details.customer,
    status: status(details.status),
    total: amount(details.total),
  });
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(title, width - 1)}
      </Text>
      {stations ? <Text color="cyan">{fit(stations, width - 1)}</Text> : null}
      {money.length > 0 ? <Text color="yellow">{fit(money.join(' · '), width - 1)}</Text> : null}
      {shown.map((line, index) => (
        <Text key={index}>{fit(line, width - 1)}</Text>
      ))}
      <Text color="gray">{fit(t('dashboard.items.back', { count: details.items.length }), width - 1)}</Text>
    </Box>
  );
}
