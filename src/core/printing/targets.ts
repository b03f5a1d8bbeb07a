import type { PrinterStatus } from '../../api/enums.js';
import { type CoreContext, reader } from '../context.js';

export type { PrinterStatus };

// What the status monitor (src/printer/monitor.ts) reads of the printers: where to probe, and what each is said to
// be now. It changes a status through setPrinterStatus (core/catalog/printers.ts), which emits the event.

export interface ProbeTarget {
  id: string;
  ip: string;
  port: number;
  status: PrinterStatus;
}

export async function probeTargets(ctx: CoreContext): Promise<ProbeTarget[]> {
  return reader(ctx).selectFrom('printers').select(['id', 'ip', 'port', 'status']).execute();
}

/** The printer's status now; undefined when it was deleted. */
export async function printerStatus(ctx: CoreContext, printerId: string): Promise<PrinterStatus | undefined> {
  const row = await reader(ctx).selectFrom('printers').select('status').where('id', '=', printerId).executeTakeFirst();
  return row?.status;
}
