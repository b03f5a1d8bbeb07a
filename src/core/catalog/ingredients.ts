import type { Ingredient } from '../../api/catalog.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { nameTaken } from './references.js';

export async function listIngredients(ctx: CoreContext): Promise<Ingredient[]> {
  return reader(ctx).selectFrom('ingredients').select(['id', 'name']).orderBy('name').execute();
}

export async function getIngredient(ctx: CoreContext, id: string): Promise<Ingredient> {
  const row = await reader(ctx).selectFrom('ingredients').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Ingredient not found');
  return row;
}

export async function createIngredient(ctx: CoreContext, input: { name: string }): Promise<Ingredient> {
  return write(ctx, async (trx) => {
    if (await nameTaken(trx, 'ingredients', input.name)) throw new ConflictError(`An ingredient named "${input.name}" already exists`);
    const row = { id: ctx.newId(), name: input.name, created_at: ctx.clock.now().getTime() };
    await trx.insertInto('ingredients').values(row).execute();
    return { id: row.id, name: row.name };
  });
}

export async function replaceIngredient(ctx: CoreContext, id: string, input: { name: string }): Promise<Ingredient> {
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('ingredients').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Ingredient not found');
    if (await nameTaken(trx, 'ingredients', input.name, id)) throw new ConflictError(`An ingredient named "${input.name}" already exists`);
    await trx.updateTable('ingredients').set({ name: input.name }).where('id', '=', id).execute();
    return { id, name: input.name };
  });
}

/** Foods that listed the ingredient simply stop listing it. */
export async function deleteIngredient(ctx: CoreContext, id: string): Promise<void> {
  const result = await write(ctx, (trx) => trx.deleteFrom('ingredients').where('id', '=', id).executeTakeFirst());
  if (result.numDeletedRows === 0n) throw new NotFoundError('Ingredient not found');
}
