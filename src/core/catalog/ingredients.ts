import type { Ingredient, IngredientInput, IngredientPatch } from '../../api/catalog.js';
import type { Db } from '../../storage/database.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { foodStates, foodsUsing, patchedStock, settleFoods } from './portions.js';
import { nameTaken } from './references.js';

// An ingredient may carry a count shared by every food that lists it (the porchetta of the sandwich and of the
// plate): each portion of those foods uses one unit.

const COLUMNS = ['id', 'name', 'stock'] as const;

export async function listIngredients(ctx: CoreContext): Promise<Ingredient[]> {
  return reader(ctx).selectFrom('ingredients').select(COLUMNS).orderBy('name').execute();
}

export async function getIngredient(ctx: CoreContext, id: string): Promise<Ingredient> {
  const row = await reader(ctx).selectFrom('ingredients').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Ingredient not found');
  return row;
}

export async function createIngredient(ctx: CoreContext, input: IngredientInput): Promise<Ingredient> {
  return write(ctx, async (trx) => {
    if (await nameTaken(trx, 'ingredients', input.name))
      throw new ConflictError(`An ingredient named "${input.name}" already exists`, 'name-taken');
    const row = {
      id: ctx.newId(),
      name: input.name,
      stock: input.stock ?? null,
      created_at: ctx.clock.now().getTime(),
    };
    await trx.insertInto('ingredients').values(row).execute();
    return { id: row.id, name: row.name, stock: row.stock };
  });
}

/** Runs `change` and settles the foods that list the ingredient (their portions left may have changed). */
async function changingFoodsOf<T>(trx: Db, ctx: CoreContext, id: string, change: () => Promise<T>): Promise<T> {
  const foods = await foodsUsing(trx, [id]);
  const before = await foodStates(trx, foods);
  const result = await change();
  await settleFoods(trx, ctx, before, foods);
  return result;
}

/** Full replacement; a `stock` left out keeps the current count. */
export async function replaceIngredient(ctx: CoreContext, id: string, input: IngredientInput): Promise<Ingredient> {
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('ingredients').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Ingredient not found');
    if (await nameTaken(trx, 'ingredients', input.name, id))
      throw new ConflictError(`An ingredient named "${input.name}" already exists`, 'name-taken');
    const stock = input.stock === undefined ? row.stock : input.stock;
    await changingFoodsOf(trx, ctx, id, () =>
      trx.updateTable('ingredients').set({ name: input.name, stock }).where('id', '=', id).execute(),
    );
    return { id, name: input.name, stock };
  });
}

/** A count set, restocked or written off (`stockAdd` applies to what is left at that moment). */
export async function patchIngredient(ctx: CoreContext, id: string, patch: IngredientPatch): Promise<Ingredient> {
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('ingredients').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Ingredient not found');
    const stock = patchedStock(row.name, row.stock, patch);
    await changingFoodsOf(trx, ctx, id, () =>
      trx.updateTable('ingredients').set({ stock }).where('id', '=', id).execute(),
    );
    return { id, name: row.name, stock };
  });
}

/** Foods that listed the ingredient simply stop listing it (and stop counting on it). */
export async function deleteIngredient(ctx: CoreContext, id: string): Promise<void> {
  const result = await write(ctx, (trx) =>
    changingFoodsOf(trx, ctx, id, () => trx.deleteFrom('ingredients').where('id', '=', id).executeTakeFirst()),
  );
  if (result.numDeletedRows === 0n) throw new NotFoundError('Ingredient not found');
}
