import type { Printer, PrinterInput, PrinterStatus } from '../../api/printers.js';
import type { Db } from '../../storage/database.js';
import type { PrinterRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { NotFoundError } from '../errors.js';
import { appendEvent } from '../events/event-log.js';
import { orphanPrinterJobs } from '../printing/job-life.js';

export function toPrinter(row: PrinterRow): Printer {
  return {
    id: row.id,
    name: row.name,
    ip: row.ip,
    port: row.port,
    description: row.description,
    status: row.status,
    columns: row.columns,
    cashDrawer: row.cash_drawer === 1,
    kitchenTickets: row.kitchen_tickets === 1,
  };
}

export async function findPrinter(db: Db, id: string): Promise<PrinterRow | undefined> {
  return db.selectFrom('printers').selectAll().where('id', '=', id).executeTakeFirst();
}

async function requirePrinter(db: Db, id: string): Promise<PrinterRow> {
  const row = await findPrinter(db, id);
  if (!row) throw new NotFoundError('Printer not found');
  return row;
}

export async function listPrinters(ctx: CoreContext): Promise<Printer[]> {
  const rows = await reader(ctx).selectFrom('printers').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toPrinter);
}

export async function getPrinter(ctx: CoreContext, id: string): Promise<Printer> {
  return toPrinter(await requirePrinter(reader(ctx), id));
}

export async function createPrinter(ctx: CoreContext, input: PrinterInput): Promise<Printer> {
  const now = ctx.clock.now().getTime();
  const row: PrinterRow = {
    id: ctx.newId(),
    name: input.name,
    ip: input.ip,
    port: input.port,
    description: input.description,
    status: input.status ?? 'ONLINE',
    columns: input.columns ?? 48,
    cash_drawer: input.cashDrawer ? 1 : 0,
    kitchen_tickets: input.kitchenTickets === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  await write(ctx, (trx) => trx.insertInto('printers').values(row).execute());
  return toPrinter(row);
}

/**
 * Emits `printer-status-changed` on the cashier channel when the status really changes, in the caller's
 * transaction. Shared by PUT, PATCH and the status monitor.
 */
export async function recordStatusChange(
  trx: Db,
  ctx: CoreContext,
  printerId: string,
  before: PrinterStatus,
  after: PrinterStatus,
): Promise<void> {
  if (before === after) return;
  await appendEvent(trx, ctx.clock.now(), 'cashier', 'printer-status-changed', { printerId, status: after });
}

/**
 * Full replacement of the interface's fields. `status` is owned by the status monitor, and the paper width, cash
 * drawer and kitchen tickets are extensions a client of the interface does not know: when omitted they are kept.
 */
export async function replacePrinter(ctx: CoreContext, id: string, input: PrinterInput): Promise<Printer> {
  return write(ctx, async (trx) => {
    const before = await requirePrinter(trx, id);
    const row: PrinterRow = {
      ...before,
      name: input.name,
      ip: input.ip,
      port: input.port,
      description: input.description,
      status: input.status ?? before.status,
      columns: input.columns ?? before.columns,
      cash_drawer: input.cashDrawer === undefined ? before.cash_drawer : input.cashDrawer ? 1 : 0,
      kitchen_tickets: input.kitchenTickets === undefined ? before.kitchen_tickets : input.kitchenTickets ? 1 : 0,
      updated_at: ctx.clock.now().getTime(),
    };
    await trx.updateTable('printers').set(row).where('id', '=', id).execute();
    await recordStatusChange(trx, ctx, id, before.status, row.status);
    return toPrinter(row);
  });
}

export async function setPrinterStatus(ctx: CoreContext, id: string, status: PrinterStatus): Promise<Printer> {
  return write(ctx, async (trx) => {
    const before = await requirePrinter(trx, id);
    if (before.status === status) return toPrinter(before);
    const row: PrinterRow = { ...before, status, updated_at: ctx.clock.now().getTime() };
    await trx.updateTable('printers').set({ status, updated_at: row.updated_at }).where('id', '=', id).execute();
    await recordStatusChange(trx, ctx, id, before.status, status);
    return toPrinter(row);
  });
}

/** Foods, categories and registers that pointed here lose the reference (the database clears it) and fall back. */
export async function deletePrinter(ctx: CoreContext, id: string): Promise<Printer> {
  return write(ctx, async (trx) => {
    const row = await requirePrinter(trx, id);
    await orphanPrinterJobs(trx, ctx, id, row.name);
    await trx.deleteFrom('printers').where('id', '=', id).execute();
    return toPrinter(row);
  });
}
