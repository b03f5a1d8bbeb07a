import { PRINTER_STATUS_REASONS, PRINTER_STATUSES } from '../../api/enums.js';
import type { PrinterCard } from '../state.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

const COLOR: Record<string, string> = { ONLINE: 'green', OFFLINE: 'red', ERROR: 'yellow' };

/** One line: every printer with its status and the tickets waiting for it. */
export function PrintersPanel({ printers }: { printers: PrinterCard[] }) {
  const { t } = useDashboardTexts();
  // In ERROR, why ("PAPER OUT") says what to fix; a status or reason of a newer server shows as it is.
  const statusOf = ({ status, statusReason }: PrinterCard) => {
    if (status === 'ERROR' && statusReason) {
      return (PRINTER_STATUS_REASONS as readonly string[]).includes(statusReason)
        ? t(`dashboard.printerReason.${statusReason as (typeof PRINTER_STATUS_REASONS)[number]}`)
        : statusReason;
    }
    return (PRINTER_STATUSES as readonly string[]).includes(status)
      ? t(`dashboard.printer.${status as (typeof PRINTER_STATUSES)[number]}`)
      : status;
  };
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
