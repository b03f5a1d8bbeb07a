import type { Category, CategoryInput, CategoryPatch, Food } from '../../api/catalog.js';
import type { Db } from '../../storage/database.js';
import type { CategoryRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { appendEvent } from '../events/event-log.js';
import { registerCategories } from './cash-registers.js';
import { listFoodsOfCategories } from './foods.js';
import { checkPrinterRef, nameTaken } from './references.js';

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    available: row.available === 1,
    position: row.position,
    printerId: row.printer_id,
    ticketPerUnit: row.ticket_per_unit === 1,
  };
}

export async function listCategories(
  ctx: CoreContext,
  options: { includeFoods: boolean; onlyAvailableFoods: boolean },
): Promise<Array<Category & { foods?: Food[] }>> {
  const db = reader(ctx);
  const rows = await db.selectFrom('categories').selectAll().orderBy('position').orderBy('name').execute();
  if (!options.includeFoods) return rows.map(toCategory);
  const foods = await listFoodsOfCategories(
    db,
    rows.map((row) => row.id),
    options.onlyAvailableFoods,
  );
  return rows.map((row) => ({ ...toCategory(row), foods: foods.get(row.id) ?? [] }));
}

export async function getCategory(
  ctx: CoreContext,
  id: string,
  options: { includeFoods: boolean; onlyAvailableFoods: boolean },
): Promise<Category & { foods?: Food[] }> {
  const db = reader(ctx);
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Category not found');
  if (!options.includeFoods) return toCategory(row);
  const foods = await listFoodsOfCategories(db, [id], options.onlyAvailableFoods);
  return { ...toCategory(row), foods: foods.get(id) ?? [] };
}

/** `category-availability-changed` on the cashier channel, only when the value really changes. */
async function announceAvailability(
  trx: Db,
  ctx: CoreContext,
  categoryId: string,
  before: boolean,
  after: boolean,
): Promise<void> {
  if (before === after) return;
  await appendEvent(trx, ctx.clock.now(), 'cashier', 'category-availability-changed', { categoryId, available: after });
}

export async function createCategory(ctx: CoreContext, input: CategoryInput): Promise<Category> {
  return write(ctx, async (trx) => {
    if (await nameTaken(trx, 'categories', input.name))
      throw new ConflictError(`A category named "${input.name}" already exists`, 'name-taken');
    await checkPrinterRef(trx, input.printerId);
    const now = ctx.clock.now().getTime();
    const row: CategoryRow = {
      id: ctx.newId(),
      name: input.name,
      available: input.available ? 1 : 0,
      position: input.position,
      printer_id: input.printerId,
      created_at: now,
      updated_at: now,
      ticket_per_unit: input.ticketPerUnit ? 1 : 0,
    };
    await trx.insertInto('categories').values(row).execute();
    return toCategory(row);
  });
}

export async function replaceCategory(ctx: CoreContext, id: string, input: CategoryInput): Promise<Category> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Category not found');
    if (await nameTaken(trx, 'categories', input.name, id))
      throw new ConflictError(`A category named "${input.name}" already exists`, 'name-taken');
    await checkPrinterRef(trx, input.printerId);
    const row: CategoryRow = {
      ...before,
      name: input.name,
      available: input.available ? 1 : 0,
      position: input.position,
      printer_id: input.printerId,
      updated_at: ctx.clock.now().getTime(),
      ...(input.ticketPerUnit === undefined ? {} : { ticket_per_unit: input.ticketPerUnit ? 1 : 0 }),
    };
    await trx.updateTable('categories').set(row).where('id', '=', id).execute();
    await announceAvailability(trx, ctx, id, before.available === 1, input.available);
    return toCategory(row);
  });
}

/**
 * Availability of the whole category (its foods keep their own flag), its printer (null removes it), its place in
 * the menu, whether its tickets come out as one token per unit.
 */
export async function patchCategory(ctx: CoreContext, id: string, patch: CategoryPatch): Promise<Category> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Category not found');
    if (patch.printerId !== undefined) await checkPrinterRef(trx, patch.printerId);
    const row: CategoryRow = {
      ...before,
      available: patch.available === undefined ? before.available : patch.available ? 1 : 0,
      printer_id: patch.printerId === undefined ? before.printer_id : patch.printerId,
      position: patch.position ?? before.position,
      ticket_per_unit: patch.ticketPerUnit === undefined ? before.ticket_per_unit : patch.ticketPerUnit ? 1 : 0,
      updated_at: ctx.clock.now().getTime(),
    };
    await trx.updateTable('categories').set(row).where('id', '=', id).execute();
    await announceAvailability(trx, ctx, id, before.available === 1, row.available === 1);
    return toCategory(row);
  });
}

/**
 * A deleted category leaves the registers that showed it; a register left with none shows every category again
 * rather than an empty till.
 */
async function forgetInRegisters(trx: Db, categoryId: string): Promise<void> {
  const rows = await trx
    .selectFrom('cash_registers')
    .select(['id', 'category_ids'])
    .where('category_ids', 'is not', null)
    .execute();
  for (const row of rows) {
    const ids = registerCategories(row.category_ids) ?? [];
    if (!ids.includes(categoryId)) continue;
    const rest = ids.filter((id) => id !== categoryId);
    await trx
      .updateTable('cash_registers')
      .set({ category_ids: rest.length > 0 ? JSON.stringify(rest) : null })
      .where('id', '=', row.id)
      .execute();
  }
}

/** A category that still has foods cannot be deleted (409): move or delete its foods first. */
export async function deleteCategory(ctx: CoreContext, id: string): Promise<void> {
  await write(ctx, async (trx) => {
    const row = await trx.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Category not found');
    const food = await trx.selectFrom('foods').select('name').where('category_id', '=', id).limit(1).executeTakeFirst();
    if (food)
      throw new ConflictError(
        `The category still has foods (for example "${food.name}"): move or delete them first`,
        'in-use',
      );
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await forgetInRegisters(trx, id);
  });
}
