import type { PrinterStatus, PrinterStatusReason } from '../../api/enums.js';
import { type CoreContext, reader } from '../context.js';

export type { PrinterStatus, PrinterStatusReason };

// What the status monitor (src/printer/monitor.ts) reads of the printers: where to probe, and what each is said to
// be now. It changes a status through setPrinterStatus (core/catalog/printers.ts), which emits the event.

export interface ProbeTarget {
  id: string;
  ip: string;
  port: number;
  status: PrinterStatus;
  statusReason: PrinterStatusReason | null;
}

export async function probeTargets(ctx: CoreContext): Promise<ProbeTarget[]> {
  return reader(ctx)
    .selectFrom('printers')
    .select(['id', 'ip', 'port', 'status', 'status_reason as statusReason'])
    .execute();
}

/** The printer's status (and its reason) now; undefined when it was deleted. */
export async function printerStatus(
  ctx: CoreContext,
  printerId: string,
): Promise<Pick<ProbeTarget, 'status' | 'statusReason'> | undefined> {
  return reader(ctx)
    .selectFrom('printers')
    .select(['status', 'status_reason as statusReason'])
    .where('id', '=', printerId)
    .executeTakeFirst();
}
