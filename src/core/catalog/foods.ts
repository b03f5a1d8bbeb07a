import type {
  ChoiceGroup,
  Food,
  FoodInput,
  FoodPatch,
  FoodRole,
  FoodsQuery,
  IngredientRef,
} from '../../api/catalog.js';
import type { Allergen } from '../../api/enums.js';
import type { Db } from '../../storage/database.js';
import type { FoodRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { ConflictError, InvalidError, NotFoundError } from '../errors.js';
import { checkChoices, checkLowestPrice, choicesOf, componentOf, setChoices } from './choices.js';
import { portionsLeft } from './portion-rules.js';
import { foodStates, ingredientsLeft, patchedStock, settleFoods } from './portions.js';
import { checkPrinterRef, nameTaken } from './references.js';

const FOOD_COLUMNS = [
  'foods.id',
  'foods.name',
  'foods.description',
  'foods.price_cents',
  'foods.category_id',
  'foods.printer_id',
  'foods.available',
  'foods.stock',
  'foods.role',
  'foods.position',
  'foods.allergens',
  'categories.name as category_name',
  'categories.available as category_available',
  'categories.position as category_position',
] as const;

function foodsWithCategory(db: Db) {
  return db
    .selectFrom('foods')
    .innerJoin('categories', 'categories.id', 'foods.category_id')
    .select(FOOD_COLUMNS)
    .select(ingredientsLeft);
}

type FoodWithCategory = Awaited<ReturnType<ReturnType<typeof foodsWithCategory>['executeTakeFirstOrThrow']>>;

function toFood(row: FoodWithCategory, ingredients?: IngredientRef[], choices: ChoiceGroup[] = []): Food {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    categoryId: row.category_id,
    printerId: row.printer_id,
    available: row.available === 1,
    category: {
      id: row.category_id,
      name: row.category_name,
      available: row.category_available === 1,
      position: row.category_position,
    },
    ...(ingredients ? { ingredients } : {}),
    stock: row.stock,
    portionsLeft: portionsLeft(row.stock, [row.ingredients_left]),
    role: row.role,
    choices,
    position: row.position,
    allergens: storedAllergens(row.allergens),
  };
}

/** The stored JSON list, kept in the EU list's order by the schemas that wrote it. */
function storedAllergens(stored: string): Allergen[] {
  return JSON.parse(stored) as Allergen[];
}

/** Ingredients of each food, in the order they were given. */
async function ingredientsOf(db: Db, foodIds: string[]): Promise<Map<string, IngredientRef[]>> {
  const result = new Map<string, IngredientRef[]>(foodIds.map((id) => [id, []]));
  if (foodIds.length === 0) return result;
  const rows = await db
    .selectFrom('food_ingredients')
    .innerJoin('ingredients', 'ingredients.id', 'food_ingredients.ingredient_id')
    .select(['food_ingredients.food_id', 'ingredients.id', 'ingredients.name'])
    .where('food_ingredients.food_id', 'in', foodIds)
    .orderBy('food_ingredients.food_id')
    .orderBy('food_ingredients.position')
    .execute();
  for (const row of rows) result.get(row.food_id)?.push({ id: row.id, name: row.name });
  return result;
}

export interface FoodReadOptions {
  includeIngredients: boolean;
  /** Non-admin callers only ever see available foods (docs/catalog.md, "Foods"). */
  onlyAvailable: boolean;
}

export async function listFoods(ctx: CoreContext, query: FoodsQuery, options: FoodReadOptions): Promise<Food[]> {
  const db = reader(ctx);
  let select = foodsWithCategory(db);
  if (options.onlyAvailable) select = select.where('foods.available', '=', 1);
  if (query.available !== undefined) select = select.where('foods.available', '=', query.available ? 1 : 0);
  if (query.category && query.category.length > 0) select = select.where('categories.name', 'in', query.category);
  const rows = await select
    .orderBy('categories.position')
    .orderBy('categories.name')
    .orderBy('foods.position')
    .orderBy('foods.name')
    .execute();
  const ingredients = options.includeIngredients
    ? await ingredientsOf(
        db,
        rows.map((row) => row.id),
      )
    : null;
  const choices = await choicesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toFood(row, ingredients?.get(row.id), choices.get(row.id)));
}

export async function listFoodsOfCategories(
  db: Db,
  categoryIds: string[],
  onlyAvailable: boolean,
): Promise<Map<string, Food[]>> {
  const result = new Map<string, Food[]>(categoryIds.map((id) => [id, []]));
  if (categoryIds.length === 0) return result;
  let select = foodsWithCategory(db).where('foods.category_id', 'in', categoryIds);
  if (onlyAvailable) select = select.where('foods.available', '=', 1);
  const rows = await select.orderBy('foods.position').orderBy('foods.name').execute();
  const choices = await choicesOf(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) result.get(row.category_id)?.push(toFood(row, undefined, choices.get(row.id)));
  return result;
}

async function readFood(db: Db, id: string, includeIngredients: boolean): Promise<Food | null> {
  const row = await foodsWithCategory(db).where('foods.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const ingredients = includeIngredients ? (await ingredientsOf(db, [id])).get(id) : undefined;
  return toFood(row, ingredients, (await choicesOf(db, [id])).get(id));
}

/** By id, every caller sees the food whatever its availability (a tablet must be able to show "sold out"). */
export async function getFood(ctx: CoreContext, id: string, includeIngredients: boolean): Promise<Food> {
  const food = await readFood(reader(ctx), id, includeIngredients);
  if (!food) throw new NotFoundError('Food not found');
  return food;
}

async function checkReferences(trx: Db, input: FoodInput): Promise<void> {
  const category = await trx
    .selectFrom('categories')
    .select('id')
    .where('id', '=', input.categoryId)
    .executeTakeFirst();
  if (!category)
    throw new InvalidError(`Unknown category ${input.categoryId}`, [
      { path: 'body.categoryId', message: 'unknown category' },
    ]);
  await checkPrinterRef(trx, input.printerId);
  const ids = input.ingredients.map((item) => item.id);
  if (ids.length > 0) {
    const found = new Set(
      (await trx.selectFrom('ingredients').select('id').where('id', 'in', ids).execute()).map((row) => row.id),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new InvalidError(
        `Unknown ingredients: ${missing.join(', ')}`,
        missing.map((id) => ({ path: `body.ingredients.${ids.indexOf(id)}.id`, message: 'unknown ingredient' })),
      );
    }
  }
}

/** One food per role: the server appends that food to orders by its role, so two would be ambiguous (409). */
async function checkRole(trx: Db, role: FoodRole | undefined, exceptId?: string): Promise<void> {
  if (role === undefined || role === null) return;
  let query = trx.selectFrom('foods').select(['id', 'name']).where('role', '=', role);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const holder = await query.executeTakeFirst();
  if (holder) {
    throw new ConflictError(
      `The food "${holder.name}" already has the role ${role}; take it off that food first`,
      'role-taken',
    );
  }
}

async function setIngredients(trx: Db, foodId: string, ingredients: Array<{ id: string }>): Promise<void> {
  await trx.deleteFrom('food_ingredients').where('food_id', '=', foodId).execute();
  if (ingredients.length === 0) return;
  await trx
    .insertInto('food_ingredients')
    .values(ingredients.map((item, position) => ({ food_id: foodId, ingredient_id: item.id, position })))
    .execute();
}

export async function createFood(ctx: CoreContext, input: FoodInput): Promise<Food> {
  return write(ctx, async (trx) => {
    if (await nameTaken(trx, 'foods', input.name))
      throw new ConflictError(`A food named "${input.name}" already exists`, 'name-taken');
    await checkReferences(trx, input);
    await checkRole(trx, input.role);
    await checkChoices(trx, null, input.choices ?? []);
    checkLowestPrice(input.price, input.choices ?? []);
    const now = ctx.clock.now().getTime();
    const row: FoodRow = {
      id: ctx.newId(),
      name: input.name,
      description: input.description,
      price_cents: input.price,
      category_id: input.categoryId,
      printer_id: input.printerId,
      // A person's switch; settleFoods shows it sold out at once when a count it uses is at 0.
      available: input.available ? 1 : 0,
      created_at: now,
      updated_at: now,
      stock: input.stock ?? null,
      sold_out_by_stock: 0,
      role: input.role ?? null,
      position: input.position ?? 0,
      allergens: JSON.stringify(input.allergens ?? []),
    };
    await trx.insertInto('foods').values(row).execute();
    await setIngredients(trx, row.id, input.ingredients);
    if (input.choices) await setChoices(trx, ctx, row.id, input.choices);
    await settleFoods(trx, ctx, new Map(), [row.id]);
    return (await readFood(trx, row.id, true)) as Food;
  });
}

/** Full replacement; the food's past order lines keep their names and prices. */
export async function replaceFood(ctx: CoreContext, id: string, input: FoodInput): Promise<Food> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('foods').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Food not found');
    if (await nameTaken(trx, 'foods', input.name, id))
      throw new ConflictError(`A food named "${input.name}" already exists`, 'name-taken');
    await checkReferences(trx, input);
    await checkRole(trx, input.role, id);
    if (input.choices) await checkChoices(trx, id, input.choices);
    checkLowestPrice(input.price, input.choices ?? (await choicesOf(trx, [id])).get(id) ?? []);
    const states = await foodStates(trx, [id]);
    // A client of the interface copies `available` from what it read: an unchanged value is no decision of a person,
    // so a food sold out by running out stays that way (and comes back when restocked).
    const on =
      input.available === (before.available === 1)
        ? before.available === 1 || before.sold_out_by_stock === 1
        : input.available;
    await trx
      .updateTable('foods')
      .set({
        name: input.name,
        description: input.description,
        price_cents: input.price,
        category_id: input.categoryId,
        printer_id: input.printerId,
        available: on ? 1 : 0,
        sold_out_by_stock: 0,
        ...(input.stock === undefined ? {} : { stock: input.stock }),
        ...(input.role === undefined ? {} : { role: input.role }),
        ...(input.position === undefined ? {} : { position: input.position }),
        ...(input.allergens === undefined ? {} : { allergens: JSON.stringify(input.allergens) }),
        updated_at: ctx.clock.now().getTime(),
      })
      .where('id', '=', id)
      .execute();
    await setIngredients(trx, id, input.ingredients);
    if (input.choices) await setChoices(trx, ctx, id, input.choices);
    await settleFoods(trx, ctx, states, [id]);
    return (await readFood(trx, id, true)) as Food;
  });
}

/**
 * The quick changes of the evening: sold out / back, another printer (null removes the override), a count set,
 * restocked or written off; and the menu's small edits: the food's place, its allergens. `available` here is always a person's decision: off stays off after a restock.
 */
export async function patchFood(ctx: CoreContext, id: string, patch: FoodPatch): Promise<Food> {
  return write(ctx, async (trx) => {
    const before = await trx.selectFrom('foods').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFoundError('Food not found');
    if (patch.printerId !== undefined) await checkPrinterRef(trx, patch.printerId);
    await checkRole(trx, patch.role, id);
    const stock = patchedStock(before.name, before.stock, patch);
    const states = await foodStates(trx, [id]);
    await trx
      .updateTable('foods')
      .set({
        ...(patch.available === undefined ? {} : { available: patch.available ? 1 : 0, sold_out_by_stock: 0 }),
        ...(patch.printerId === undefined ? {} : { printer_id: patch.printerId }),
        ...(patch.role === undefined ? {} : { role: patch.role }),
        ...(patch.position === undefined ? {} : { position: patch.position }),
        ...(patch.allergens === undefined ? {} : { allergens: JSON.stringify(patch.allergens) }),
        stock,
        updated_at: ctx.clock.now().getTime(),
      })
      .where('id', '=', id)
      .execute();
    await settleFoods(trx, ctx, states, [id]);
    return (await readFood(trx, id, false)) as Food;
  });
}

export async function deleteFood(ctx: CoreContext, id: string): Promise<void> {
  const result = await write(ctx, async (trx) => {
    const menu = await componentOf(trx, id);
    if (menu !== null) {
      throw new ConflictError(`This food is a choice of ${menu}: remove it from there first`, 'in-use');
    }
    return trx.deleteFrom('foods').where('id', '=', id).executeTakeFirst();
  });
  if (result.numDeletedRows === 0n) throw new NotFoundError('Food not found');
}
