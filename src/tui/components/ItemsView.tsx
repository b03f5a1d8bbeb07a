import { Box, Text } from 'ink';
import { fit } from '../format.js';
import { type OrderDetails, orderLabel } from '../state.js';

/** One order's items (Enter or i on the board): what the customer asked for, with the notes (allergies). */
export function ItemsView({ details, width, height }: { details: OrderDetails | null; width: number; height: number }) {
  if (!details) {
    return (
      <Box height={height}>
        <Text color="gray">loading the order…</Text>
      </Box>
    );
  }
  // Which kitchen stations are done with this order (a station taps "Done" on its screen).
  const stations = details.stations.length === 0 ? null : `stations: ${details.stations.map((station) => `${station.name} ${station.status === 'DONE' ? '✓ done' : '… waiting'}`).join(' · ')}`;
  const rows = Math.max(1, height - 2 - (stations ? 1 : 0));
  const lines = details.items.map((item) => `${String(item.quantity).padStart(3)} × ${item.name}${item.notes ? ` (${item.notes})` : ''}  · ${item.category}`);
  const shown = lines.length > rows ? [...lines.slice(0, rows - 1), `  +${lines.length - rows + 1} more`] : lines;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(`order ${orderLabel(details)} · table ${details.table} · ${details.customer} · ${details.status.toUpperCase()} · ${details.total}`, width - 1)}
      </Text>
      {stations ? <Text color="cyan">{fit(stations, width - 1)}</Text> : null}
      {shown.map((line, index) => (
        <Text key={index}>{fit(line, width - 1)}</Text>
      ))}
      <Text color="gray">{fit(`${details.items.length} line(s) · Esc, Enter or i goes back`, width - 1)}</Text>
    </Box>
  );
}
