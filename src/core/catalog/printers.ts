import type { Printer, PrinterInput, PrinterStatus, PrinterStatusReason } from '../../api/printers.js';
import type { Db } from '../../storage/database.js';
import type { PrinterRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { appendEvent } from '../events/event-log.js';
import { orphanPrinterJobs } from '../printing/job-life.js';
import { nameTaken } from './references.js';

export function toPrinter(row: PrinterRow): Printer {
  return {
    id: row.id,
    name: row.name,
    ip: row.ip,
    port: row.port,
    description: row.description,
    status: row.status,
    statusReason: row.status === 'ERROR' ? row.status_reason : null,
    columns: row.columns,
    cashDrawer: row.cash_drawer === 1,
    kitchenTickets: row.kitchen_tickets === 1,
  };
}

async function findPrinter(db: Db, id: string): Promise<PrinterRow | undefined> {
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

/** Printers are named in commands and routing (`--printer Cucina`): two of one name could not be told apart. */
async function checkName(trx: Db, name: string, exceptId?: string): Promise<void> {
  if (await nameTaken(trx, 'printers', name, exceptId))
    throw new ConflictError(`A printer named "${name}" already exists`, 'name-taken');
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
    status_reason: null,
    created_at: now,
    updated_at: now,
  };
  await write(ctx, async (trx) => {
    await checkName(trx, input.name);
    await trx.insertInto('printers').values(row).execute();
  });
  return toPrinter(row);
}

interface StatusNow {
  status: PrinterStatus;
  reason: PrinterStatusReason;
}

/**
 * Emits `printer-status-changed` on the cashier channel when the status or its reason really changes (paper out,
 * then the cover opened to change it), in the caller's transaction. Shared by PUT, PATCH and the status monitor.
 */
async function recordStatusChange(
  trx: Db,
  ctx: CoreContext,
  printerId: string,
  before: StatusNow,
  after: StatusNow,
): Promise<void> {
  if (before.status === after.status && before.reason === after.reason) return;
  await appendEvent(trx, ctx.clock.now(), 'cashier', 'printer-status-changed', {
    printerId,
    status: after.status,
    statusReason: after.reason,
  });
}

const statusOf = (row: PrinterRow): StatusNow => ({
  status: row.status,
  reason: row.status === 'ERROR' ? row.status_reason : null,
});

/**
 * Full replacement of the interface's fields. `status` is owned by the status monitor, and the paper width, cash
 * drawer and kitchen tickets are extensions a client of the interface does not know: when omitted they are kept.
 */
export async function replacePrinter(ctx: CoreContext, id: string, input: PrinterInput): Promise<Printer> {
  return write(ctx, async (trx) => {
    const before = await requirePrinter(trx, id);
    await checkName(trx, input.name, id);
    const row: PrinterRow = {
      ...before,
      name: input.name,
      ip: input.ip,
      port: input.port,
      description: input.description,
      status: input.status ?? before.status,
      // A person setting another status knows no reason; the same status keeps the printer's.
      status_reason: (input.status ?? before.status) === before.status ? before.status_reason : null,
      columns: input.columns ?? before.columns,
      cash_drawer: input.cashDrawer === undefined ? before.cash_drawer : input.cashDrawer ? 1 : 0,
      kitchen_tickets: input.kitchenTickets === undefined ? before.kitchen_tickets : input.kitchenTickets ? 1 : 0,
      updated_at: ctx.clock.now().getTime(),
    };
    await trx.updateTable('printers').set(row).where('id', '=', id).execute();
    await recordStatusChange(trx, ctx, id, statusOf(before), statusOf(row));
    return toPrinter(row);
  });
}

/**
 * The status, and for ERROR why, when the printer said (the status monitor). Without a reason (a person's PATCH)
 * the same status keeps the printer's reason and another has none. A reason is kept only with ERROR.
 */
export async function setPrinterStatus(
  ctx: CoreContext,
  id: string,
  status: PrinterStatus,
  reason?: PrinterStatusReason,
): Promise<Printer> {
  return write(ctx, async (trx) => {
    const before = await requirePrinter(trx, id);
    const now = statusOf(before);
    const next: StatusNow = {
      status,
      reason: status !== 'ERROR' ? null : reason === undefined ? (now.status === status ? now.reason : null) : reason,
    };
    if (now.status === next.status && now.reason === next.reason) return toPrinter(before);
    const row: PrinterRow = { ...before, status, status_reason: next.reason, updated_at: ctx.clock.now().getTime() };
    await trx
      .updateTable('printers')
      .set({ status, status_reason: next.reason, updated_at: row.updated_at })
      .where('id', '=', id)
      .execute();
    await recordStatusChange(trx, ctx, id, now, next);
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
