import type { PrinterCard } from '../state.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

const COLOR: Record<string, string> = { ONLINE: 'green', OFFLINE: 'red', ERROR: 'yellow' };

/** One line: every printer with its status and the tickets waiting for it. */
export function PrintersPanel({ printers }: { printers: PrinterCard[] }) {
  const { t, printerStatus: statusOf } = useDashboardTexts();
  if (printers.length === 0) return <Text color="gray">{t('dashboard.noPrinters')}</Text>;
  return (
    <Text wrap="truncate-end">
      {t('dashboard.printers')}{' '}
      {printers.map((printer, index) => (
        <Text key={printer.id}>
          {index > 0 ? ' · ' : ''}
          {printer.name} <Text color={COLOR[printer.status] ?? 'white'}>{statusOf(printer)}</Text>
          {printer.held > 0 ? (
            <Text color="yellow"> {t('dashboard.printerWaiting', { count: printer.held })}</Text>
          ) : null}
        </Text>
      ))}
    </Text>
  );
}
