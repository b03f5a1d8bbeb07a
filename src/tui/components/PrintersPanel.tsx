import { Text } from 'ink';
import type { PrinterCard } from '../state.js';
import { useDashboardTexts } from '../texts.js';

const COLOR: Record<string, string> = { ONLINE: 'green', OFFLINE: 'red', ERROR: 'yellow' };

/** One line: every printer with its status and the tickets waiting for it. */
export function PrintersPanel({ printers }: { printers: PrinterCard[] }) {
  const { t } = useDashboardTexts();
  if (printers.length === 0) return <Text color="gray">{t('dashboard.noPrinters')}</Text>;
  return (
    <Text wrap="truncate-end">
      {t('dashboard.printers')}{' '}
      {printers.map((printer, index) => (
        <Text key={printer.id}>
          {index > 0 ? ' · ' : ''}
          {printer.name} <Text color={COLOR[printer.status] ?? 'white'}>{printer.status}</Text>
          {printer.held > 0 ? <Text color="yellow"> ({printer.held} waiting)</Text> : null}
        </Text>
      ))}
    </Text>
  );
}
