import type { CashRegister, CashRegisterInput } from '../../api/cash-registers.js';
import type { Db } from '../../storage/database.js';
import type { CashRegisterRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { NotFoundError } from '../errors.js';
import { toPrinter } from './printers.js';
import { checkPrinterRef } from './references.js';

async function toRegisters(db: Db, rows: CashRegisterRow[], includePrinter: boolean): Promise<CashRegister[]> {
  const printers = new Map<string, ReturnType<typeof toPrinter>>();
  const ids = [...new Set(rows.map((row) => row.default_printer_id).filter((id): id is string => id !== null))];
  if (includePrinter && ids.length > 0) {
    for (const row of await db.selectFrom('printers').selectAll().where('id', 'in', ids).execute())
      printers.set(row.id, toPrinter(row));
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    defaultPrinterId: row.default_printer_id,
    ...(includePrinter
      ? { defaultPrinter: row.default_printer_id === null ? null : (printers.get(row.default_printer_id) ?? null) }
      : {}),
  }));
}

export async function listCashRegisters(
  ctx: CoreContext,
  options: { includePrinter: boolean; enabled?: boolean | undefined },
): Promise<CashRegister[]> {
  const db = reader(ctx);
  let query = db.selectFrom('cash_registers').selectAll();
  if (options.enabled !== undefined) query = query.where('enabled', '=', options.enabled ? 1 : 0);
  return toRegisters(db, await query.orderBy('name').orderBy('id').execute(), options.includePrinter);
}

export async function getCashRegister(ctx: CoreContext, id: string, includePrinter: boolean): Promise<CashRegister> {
  const db = reader(ctx);
  const row = await db.selectFrom('cash_registers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Cash register not found');
  return (await toRegisters(db, [row], includePrinter))[0] as CashRegister;
}

export async function createCashRegister(ctx: CoreContext, input: CashRegisterInput): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    await checkPrinterRef(trx, input.defaultPrinterId, 'body.defaultPrinterId');
    const now = ctx.clock.now().getTime();
    const row: CashRegisterRow = {
      id: ctx.newId(),
      name: input.name,
      enabled: input.enabled ? 1 : 0,
      default_printer_id: input.defaultPrinterId,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('cash_registers').values(row).execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}

export async function replaceCashRegister(
  ctx: CoreContext,
  id: string,
  input: CashRegisterInput,
): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('cash_registers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Cash register not found');
    await checkPrinterRef(trx, input.defaultPrinterId, 'body.defaultPrinterId');
    const row: CashRegisterRow = {
      ...before,
      name: input.name,
      enabled: input.enabled ? 1 : 0,
      default_printer_id: input.defaultPrinterId,
      updated_at: ctx.clock.now().getTime(),
    };
    await trx.updateTable('cash_registers').set(row).where('id', '=', id).execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}

export async function setCashRegisterEnabled(ctx: CoreContext, id: string, enabled: boolean): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('cash_registers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Cash register not found');
    const row: CashRegisterRow = { ...before, enabled: enabled ? 1 : 0, updated_at: ctx.clock.now().getTime() };
    await trx
      .updateTable('cash_registers')
      .set({ enabled: row.enabled, updated_at: row.updated_at })
      .where('id', '=', id)
      .execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}

/** Past orders keep their cashRegisterId (reports then name it "deleted register"). */
export async function deleteCashRegister(ctx: CoreContext, id: string): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('cash_registers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Cash register not found');
    await trx.deleteFrom('cash_registers').where('id', '=', id).execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}
