import type { MENU_FIELDS, MenuFoodInput, MenuImportInput, MenuImportResult } from '../../api/menu.js';
import type { Db } from '../../storage/database.js';
import type { CategoryRow, FoodRow } from '../../storage/schema.js';
import { type CoreContext, reader, write } from '../context.js';
import { InvalidError, type IssueDetail } from '../errors.js';
import { foodStates, settleFoods } from './portions.js';

// A whole menu applied at once: every food of the list added or changed in one transaction, or nothing at all.
// A dry run works out the same plan on the read connection and writes nothing.

type Field = (typeof MENU_FIELDS)[number];
const key = (name: string) => name.toLocaleLowerCase('en');

interface Plan {
  result: MenuImportResult;
  newCategories: CategoryRow[];
  newFoods: FoodRow[];
  updates: Array<{ id: string; set: Partial<FoodRow> }>;
}

/** Rows naming the same food twice, and printers no one has: every problem at once, each at its row and field. */
function checkRows(foods: readonly MenuFoodInput[], printers: ReadonlyMap<string, string>): void {
  const details: IssueDetail[] = [];
  const first = new Map<string, number>();
  foods.forEach((food, index) => {
    const earlier = first.get(key(food.name));
    if (earlier !== undefined)
      details.push({
        path: `body.foods.${index}.name`,
        message: `same food as foods.${earlier}`,
        code: 'duplicate-food',
        other: earlier,
      });
    else first.set(key(food.name), index);
    if (food.printer && !printers.has(key(food.printer)))
      details.push({ path: `body.foods.${index}.printer`, message: 'unknown printer', code: 'unknown-printer' });
  });
  if (details.length > 0)
    throw new InvalidError(
      `The menu has ${details.length} problem(s): ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`,
      details,
    );
}

async function plan(db: Db, ctx: CoreContext, input: MenuImportInput): Promise<Plan> {
  const printers = new Map(
    (await db.selectFrom('printers').select(['id', 'name']).execute()).map((row) => [key(row.name), row.id]),
  );
  checkRows(input.foods, printers);
  const categoryRows = await db.selectFrom('categories').selectAll().execute();
  const categories = new Map(categoryRows.map((row) => [key(row.name), row]));
  const foods = new Map((await db.selectFrom('foods').selectAll().execute()).map((row) => [key(row.name), row]));
  const now = ctx.clock.now().getTime();
  let position = Math.max(0, ...categoryRows.map((row) => row.position));
  const result: MenuImportResult = { dryRun: input.dryRun, added: [], changed: [], unchanged: [], categoriesAdded: [] };
  const newCategories: CategoryRow[] = [];
  const newFoods: FoodRow[] = [];
  const updates: Plan['updates'] = [];
  for (const food of input.foods) {
    let category = categories.get(key(food.category));
    if (!category) {
      position += 1;
      category = {
        id: ctx.newId(),
        name: food.category,
        available: 1,
        position,
        printer_id: null,
        created_at: now,
        updated_at: now,
        ticket_per_unit: 0,
      };
      categories.set(key(food.category), category);
      newCategories.push(category);
      result.categoriesAdded.push(food.category);
    }
    const printerId = food.printer ? (printers.get(key(food.printer)) as string) : null;
    const existing = foods.get(key(food.name));
    if (!existing) {
      newFoods.push({
        id: ctx.newId(),
        name: food.name,
        description: food.description ?? '',
        price_cents: food.price,
        category_id: category.id,
        printer_id: food.printer === undefined ? null : printerId,
        role: null,
        available: 1,
        created_at: now,
        updated_at: now,
        stock: food.stock ?? null,
        sold_out_by_stock: 0,
        position: food.position ?? 0,
        allergens: JSON.stringify(food.allergens ?? []),
      });
      result.added.push({ name: food.name, category: category.name });
      continue;
    }
    const set: Partial<FoodRow> = {};
    const fields: Field[] = [];
    const change = <K extends keyof FoodRow>(field: Field, column: K, value: FoodRow[K] | undefined) => {
      if (value === undefined || existing[column] === value) return;
      set[column] = value;
      fields.push(field);
    };
    change('name', 'name', food.name);
    change('category', 'category_id', category.id);
    change('price', 'price_cents', food.price);
    change('description', 'description', food.description);
    change('printer', 'printer_id', food.printer === undefined ? undefined : printerId);
    change('stock', 'stock', food.stock);
    change('position', 'position', food.position);
    change('allergens', 'allergens', food.allergens && JSON.stringify(food.allergens));
    if (fields.length === 0) {
      result.unchanged.push(existing.name);
      continue;
    }
    updates.push({ id: existing.id, set: { ...set, updated_at: now } });
    result.changed.push({ name: food.name, category: category.name, fields });
  }
  return { result, newCategories, newFoods, updates };
}

/**
 * Adds the foods the menu does not have, changes those that differ, creates the categories it names; all in one
 * transaction, so a problem anywhere (a printer no one has, a food named twice) changes nothing. The tills hear of
 * the counts and availability that changed, as after any other edit.
 */
export async function importMenu(ctx: CoreContext, input: MenuImportInput): Promise<MenuImportResult> {
  if (input.dryRun) return (await plan(reader(ctx), ctx, input)).result;
  return write(ctx, async (trx) => {
    const { result, newCategories, newFoods, updates } = await plan(trx, ctx, input);
    if (newCategories.length > 0) await trx.insertInto('categories').values(newCategories).execute();
    const before = await foodStates(
      trx,
      updates.map((update) => update.id),
    );
    // A food sold out by running out comes back when its count is set again (settleFoods), as after a PUT.
    for (const update of updates) await trx.updateTable('foods').set(update.set).where('id', '=', update.id).execute();
    for (let i = 0; i < newFoods.length; i += 100)
      await trx
        .insertInto('foods')
        .values(newFoods.slice(i, i + 100))
        .execute();
    await settleFoods(trx, ctx, before, [...updates.map((update) => update.id), ...newFoods.map((food) => food.id)]);
    return result;
  });
}
