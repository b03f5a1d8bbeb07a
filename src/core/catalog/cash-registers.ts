import type { CashRegister, CashRegisterInput, CashRegisterPatch } from '../../api/cash-registers.js';
import type { Db } from '../../storage/database.js';
import type { CashRegisterRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, InvalidError, NotFoundError } from '../errors.js';
import { openSession } from '../sessions/use-cases.js';
import { toPrinter } from './printers.js';
import { checkPrinterRef, nameTaken } from './references.js';

/** The stored JSON list of a register's categories; null: all. */
export function registerCategories(stored: string | null): string[] | null {
  return stored === null ? null : (JSON.parse(stored) as string[]);
}

/**
 * Every listed category must exist (400 at its place in the list). Only the till's view is narrowed: the server
 * still accepts an order of the register for any category, since it never refuses a sale the cashier made.
 */
async function checkCategories(trx: Db, ids: readonly string[] | null | undefined, path: string): Promise<void> {
  if (!ids) return;
  const found = new Set(
    (await trx.selectFrom('categories').select('id').where('id', 'in', ids).execute()).map((row) => row.id),
  );
  const missing = ids.flatMap((id, index) => (found.has(id) ? [] : [{ path: `${path}.${index}`, id }]));
  if (missing.length > 0)
    throw new InvalidError(
      `Unknown categories: ${missing.map((item) => item.id).join(', ')}`,
      missing.map((item) => ({ path: item.path, message: 'unknown category' })),
    );
}

const storedCategories = (ids: readonly string[] | null) => (ids === null ? null : JSON.stringify(ids));

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
    categoryIds: registerCategories(row.category_ids),
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

/** Registers are chosen by name (the till's list, `pos sessions open "Cassa 1"`): two of one name could not be told apart. */
async function checkName(trx: Db, name: string, exceptId?: string): Promise<void> {
  if (await nameTaken(trx, 'cash_registers', name, exceptId))
    throw new ConflictError(`A cash register named "${name}" already exists`, 'name-taken');
}

export async function createCashRegister(ctx: CoreContext, input: CashRegisterInput): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    await checkName(trx, input.name);
    await checkPrinterRef(trx, input.defaultPrinterId, 'body.defaultPrinterId');
    await checkCategories(trx, input.categoryIds, 'body.categoryIds');
    const now = ctx.clock.now().getTime();
    const row: CashRegisterRow = {
      id: ctx.newId(),
      name: input.name,
      enabled: input.enabled ? 1 : 0,
      default_printer_id: input.defaultPrinterId,
      created_at: now,
      updated_at: now,
      category_ids: storedCategories(input.categoryIds ?? null),
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
    await checkName(trx, input.name, id);
    await checkPrinterRef(trx, input.defaultPrinterId, 'body.defaultPrinterId');
    await checkCategories(trx, input.categoryIds, 'body.categoryIds');
    const row: CashRegisterRow = {
      ...before,
      name: input.name,
      enabled: input.enabled ? 1 : 0,
      default_printer_id: input.defaultPrinterId,
      updated_at: ctx.clock.now().getTime(),
      ...(input.categoryIds === undefined ? {} : { category_ids: storedCategories(input.categoryIds) }),
    };
    await trx.updateTable('cash_registers').set(row).where('id', '=', id).execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}

/** Switched on or off, and/or the categories its till shows. */
export async function patchCashRegister(ctx: CoreContext, id: string, patch: CashRegisterPatch): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('cash_registers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Cash register not found');
    await checkCategories(trx, patch.categoryIds, 'body.categoryIds');
    const row: CashRegisterRow = {
      ...before,
      enabled: patch.enabled === undefined ? before.enabled : patch.enabled ? 1 : 0,
      category_ids: patch.categoryIds === undefined ? before.category_ids : storedCategories(patch.categoryIds),
      updated_at: ctx.clock.now().getTime(),
    };
    await trx
      .updateTable('cash_registers')
      .set({ enabled: row.enabled, category_ids: row.category_ids, updated_at: row.updated_at })
      .where('id', '=', id)
      .execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}

/**
 * Past orders keep their cashRegisterId (reports then name it "deleted register"). A register whose drawer is open
 * is refused: its session could no longer be closed, and the evening's closure would list it open for good.
 */
export async function deleteCashRegister(ctx: CoreContext, id: string): Promise<CashRegister> {
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('cash_registers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Cash register not found');
    if (await openSession(trx, id)) {
      throw new ConflictError(
        `Cash register "${row.name}" has its drawer open: close its cash session first, then delete it`,
        'session-open',
      );
    }
    await trx.deleteFrom('cash_registers').where('id', '=', id).execute();
    return (await toRegisters(trx, [row], false))[0] as CashRegister;
  });
}
