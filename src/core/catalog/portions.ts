import type { ExpressionBuilder } from 'kysely';
import { MAX_STOCK, type ShortFood } from '../../api/catalog.js';
import type { Db } from '../../storage/database.js';
import { listParams, prepared } from '../../storage/prepared.js';
import type { Database, OrderRow } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { AppError, InvalidError } from '../errors.js';
import { appendEvents, type NewEvent } from '../events/event-log.js';
import { type FoodCounts, menuState, planTake, portionsLeft, requestedPortions, type Take } from './portion-rules.js';

// Portion counts in the database: taken at confirmation and given back at cancellation, inside the caller's
// transaction. Every use case runs on the single writer connection (src/storage/write-batcher.ts), one after the
// other, so the check and the take below cannot interleave with another confirmation: no oversell without locks.

/**
 * An order line as a request gives it (`foodId`) or as it is stored (`food_id`); a set menu's component carries the
 * `path` of the choice that asked for it.
 */
export type PortionLine =
  | { foodId: string; quantity: number; path?: string }
  | { food_id: string; quantity: number; path?: string };

/** 409: the counts cannot cover the order. `details` names each short food; nothing was changed. */
export class ShortOfPortionsError extends AppError {
  constructor(readonly shortFoods: ShortFood[]) {
    const message = `Not enough portions left: ${shortFoods.map((food) => `${food.name} (${food.message})`).join(', ')}`;
    super(409, message, shortFoods, 'portions-short');
  }
}

interface CountedUnit {
  id: string;
  name: string;
  stock: number | null;
  ingredient_id: string | null;
  ingredient_name: string | null;
  ingredient_stock: number | null;
}

// On the hot path (every confirmation): a menu that counts nothing answers with no rows and costs one look-up.
const countedUnits = prepared<{ ids: string[] }, CountedUnit>((db, _p, count) =>
  db
    .selectFrom('foods')
    .leftJoin('food_ingredients', 'food_ingredients.food_id', 'foods.id')
    .leftJoin('ingredients', (join) =>
      join.onRef('ingredients.id', '=', 'food_ingredients.ingredient_id').on('ingredients.stock', 'is not', null),
    )
    .select([
      'foods.id',
      'foods.name',
      'foods.stock',
      'ingredients.id as ingredient_id',
      'ingredients.name as ingredient_name',
      'ingredients.stock as ingredient_stock',
    ])
    .where('foods.id', 'in', listParams<string>('ids', count))
    .where((eb) => eb.or([eb('foods.stock', 'is not', null), eb('ingredients.stock', 'is not', null)])),
);

function countsOf(rows: readonly CountedUnit[]): Map<string, FoodCounts> {
  const counts = new Map<string, FoodCounts & { ingredients: Map<string, { name: string; stock: number }> }>();
  for (const row of rows) {
    let food = counts.get(row.id);
    if (!food)
      counts.set(row.id, (food = { foodId: row.id, name: row.name, stock: row.stock, ingredients: new Map() }));
    if (row.ingredient_id !== null && row.ingredient_stock !== null) {
      food.ingredients.set(row.ingredient_id, {
        name: row.ingredient_name ?? row.ingredient_id,
        stock: row.ingredient_stock,
      });
    }
  }
  return counts;
}

const lineFood = (line: PortionLine) => ('foodId' in line ? line.foodId : line.food_id);

/**
 * Whether the counts cover an order's lines: the units a confirmation will take, or ShortOfPortionsError (409)
 * naming each short food. Nothing is written: the caller checks first, so that a food sold out by running out is
 * refused as short rather than as unavailable, and takes (takePortions) once the order is written, in the same
 * transaction.
 */
export async function checkPortions(trx: Db, lines: readonly PortionLine[]): Promise<Take[]> {
  const requested = requestedPortions(lines.map((line) => ({ foodId: lineFood(line), quantity: line.quantity })));
  if (requested.size === 0) return [];
  const rows = await countedUnits.execute(trx, { ids: [...requested.keys()] }, requested.size);
  if (rows.length === 0) return [];
  const { takes, short } = planTake(requested, countsOf(rows));
  if (short.length > 0) {
    const at = 'foodId' in (lines[0] as PortionLine) ? 'body.orderItems' : 'orderItems';
    throw new ShortOfPortionsError(
      short.map((food) => ({
        path: shortPath(lines, food.foodId, at),
        message: food.reason,
        foodId: food.foodId,
        name: food.name,
        requested: food.requested,
        left: food.left,
      })),
    );
  }
  return takes;
}

function shortPath(lines: readonly PortionLine[], foodId: string, at: string): string {
  const line = lines.find((candidate) => lineFood(candidate) === foodId) as PortionLine;
  return line.path ?? `${at}.${lines.indexOf(line)}.foodId`;
}

/**
 * Takes what checkPortions found, writes it to the order's ledger (so a cancellation gives back exactly that,
 * whatever changes in the menu later), and settles the foods whose portions changed.
 */
export async function takePortions(trx: Db, ctx: CoreContext, orderId: number, takes: readonly Take[]): Promise<void> {
  if (takes.length === 0) return;
  await changeCounts(
    trx,
    ctx,
    takes.map((take) => ({ ...take, units: -take.units })),
  );
  await trx
    .insertInto('order_portions')
    .values(
      takes.map((take) => ({
        order_id: orderId,
        food_id: take.foodId ?? null,
        ingredient_id: take.ingredientId ?? null,
        units: take.units,
      })),
    )
    .execute();
}

/**
 * DELETE of an order: a confirmed order that never reached COMPLETED (CONFIRMED, or moved back to PENDING) gives
 * back what its confirmation took. An order that reached COMPLETED or PICKED_UP even once was cooked: its portions
 * are gone, whatever status it was moved back to since (`ever_completed`, which is never cleared, unlike
 * `completed_at`). Call it before the order row is deleted (its ledger goes with it).
 */
export async function givePortionsBack(trx: Db, ctx: CoreContext, order: OrderRow): Promise<void> {
  if (order.confirmed_at === null || wasCooked(order)) return;
  const rows = await trx
    .selectFrom('order_portions')
    .select(['food_id', 'ingredient_id', 'units'])
    .where('order_id', '=', order.id)
    .execute();
  if (rows.length === 0) return;
  await changeCounts(
    trx,
    ctx,
    rows.map(
      (row): Take =>
        row.food_id !== null
          ? { foodId: row.food_id, units: row.units }
          : { ingredientId: row.ingredient_id as string, units: row.units },
    ),
  );
}

/**
 * Some units of a confirmed order refunded before they were cooked: each food's own count gets back the units its
 * ledger still holds (at most the refunded units), and so does each of the food's ingredients the ledger holds. The
 * ledger keeps what is still taken, so a later cancellation of the order gives back only the rest.
 */
export async function givePortionsForUnits(
  trx: Db,
  ctx: CoreContext,
  orderId: number,
  units: ReadonlyArray<{ foodId: string; units: number }>,
): Promise<void> {
  const ledger = await trx
    .selectFrom('order_portions')
    .select(['id', 'food_id', 'ingredient_id', 'units'])
    .where('order_id', '=', orderId)
    .execute();
  if (ledger.length === 0) return;
  const perFood = new Map<string, number>();
  for (const line of units) perFood.set(line.foodId, (perFood.get(line.foodId) ?? 0) + line.units);
  const uses = await trx
    .selectFrom('food_ingredients')
    .select(['food_id', 'ingredient_id'])
    .where('food_id', 'in', [...perFood.keys()])
    .execute();
  const want = new Map<string, number>(); // ledger key → units to give back
  for (const [foodId, count] of perFood) want.set(`f:${foodId}`, count);
  for (const use of uses) {
    const key = `i:${use.ingredient_id}`;
    want.set(key, (want.get(key) ?? 0) + (perFood.get(use.food_id) ?? 0));
  }
  const back: Take[] = [];
  for (const row of ledger) {
    const key = row.food_id !== null ? `f:${row.food_id}` : `i:${row.ingredient_id}`;
    const units = Math.min(want.get(key) ?? 0, row.units);
    if (units <= 0) continue;
    want.set(key, (want.get(key) ?? 0) - units);
    back.push(
      row.food_id !== null ? { foodId: row.food_id, units } : { ingredientId: row.ingredient_id as string, units },
    );
    if (units === row.units) await trx.deleteFrom('order_portions').where('id', '=', row.id).execute();
    else
      await trx
        .updateTable('order_portions')
        .set({ units: row.units - units })
        .where('id', '=', row.id)
        .execute();
  }
  await changeCounts(trx, ctx, back);
}

/** Whether the order's food was cooked: it reached COMPLETED or PICKED_UP at some point, maybe now. */
export function wasCooked(order: Pick<OrderRow, 'status' | 'ever_completed'>): boolean {
  return order.ever_completed === 1 || order.status === 'COMPLETED' || order.status === 'PICKED_UP';
}

/** Adds units to counts (negative: takes), then settles every food whose portions may have changed. */
async function changeCounts(trx: Db, ctx: CoreContext, deltas: readonly Take[]): Promise<void> {
  if (deltas.length === 0) return;
  const ingredientIds = deltas.flatMap((delta) => (delta.ingredientId === undefined ? [] : [delta.ingredientId]));
  const affected = [
    ...new Set([
      ...deltas.flatMap((delta) => (delta.foodId === undefined ? [] : [delta.foodId])),
      ...(await foodsUsing(trx, ingredientIds)),
    ]),
  ];
  const before = await foodStates(trx, affected);
  for (const delta of deltas) {
    // A count switched off (null) since stays off: null + n is null.
    if (delta.foodId !== undefined) {
      await trx
        .updateTable('foods')
        .set((eb) => ({ stock: eb('stock', '+', delta.units) }))
        .where('id', '=', delta.foodId)
        .execute();
    } else {
      await trx
        .updateTable('ingredients')
        .set((eb) => ({ stock: eb('stock', '+', delta.units) }))
        .where('id', '=', delta.ingredientId)
        .execute();
    }
  }
  await settleFoods(trx, ctx, before, affected);
}

/**
 * The stock after a PATCH: `stock` sets it, `stockAdd` adds to what is left right now (the writer runs one change at
 * a time, so a sale cannot slip in between the read and the write).
 */
export function patchedStock(
  name: string,
  current: number | null,
  patch: { stock?: number | null; stockAdd?: number },
): number | null {
  if (patch.stock !== undefined) return patch.stock;
  if (patch.stockAdd === undefined) return current;
  if (current === null) {
    throw new InvalidError(
      `${name} is not counted: set its stock first`,
      [{ path: 'body.stockAdd', message: 'not counted: set stock first' }],
      'not-counted',
    );
  }
  const next = current + patch.stockAdd;
  if (next < 0) {
    throw new InvalidError(
      `${name} has only ${current} left: cannot take off ${-patch.stockAdd}`,
      [{ path: 'body.stockAdd', message: `only ${current} left` }],
      'stock-short',
    );
  }
  if (next > MAX_STOCK)
    throw new InvalidError(`${name} would have more than ${MAX_STOCK}`, [
      { path: 'body.stockAdd', message: `at most ${MAX_STOCK} in all` },
    ]);
  return next;
}

/** Foods that list any of the ingredients. */
export async function foodsUsing(trx: Db, ingredientIds: readonly string[]): Promise<string[]> {
  if (ingredientIds.length === 0) return [];
  const rows = await trx
    .selectFrom('food_ingredients')
    .select('food_id')
    .distinct()
    .where('ingredient_id', 'in', ingredientIds)
    .execute();
  return rows.map((row) => row.food_id);
}

export interface FoodState {
  available: boolean;
  soldOutByStock: boolean;
  portionsLeft: number | null;
}

/** What is left of each food (the smallest of its own and its counted ingredients' counts), and its menu flags. */
export async function foodStates(trx: Db, foodIds: readonly string[]): Promise<Map<string, FoodState>> {
  const states = new Map<string, FoodState>();
  if (foodIds.length === 0) return states;
  const rows = await trx
    .selectFrom('foods')
    .select(['id', 'stock', 'available', 'sold_out_by_stock', ingredientsLeft])
    .where('id', 'in', foodIds)
    .execute();
  for (const row of rows) {
    states.set(row.id, {
      available: row.available === 1,
      soldOutByStock: row.sold_out_by_stock === 1,
      portionsLeft: portionsLeft(row.stock, [row.ingredients_left]),
    });
  }
  return states;
}

/** The smallest count among a food's counted ingredients (null: none counted), as a correlated subquery. */
export function ingredientsLeft(eb: ExpressionBuilder<Database, 'foods'>) {
  return eb
    .selectFrom('food_ingredients')
    .innerJoin('ingredients', 'ingredients.id', 'food_ingredients.ingredient_id')
    .select((inner) => inner.fn.min<number | null>('ingredients.stock').as('left'))
    .whereRef('food_ingredients.food_id', '=', 'foods.id')
    .as('ingredients_left');
}

/**
 * After counts or switches changed: each food's flags follow its portions (menuState), and the tills hear about it:
 * `food-stock-changed` when what is left changed, `food-availability-changed` when the menu did. `before` holds the
 * states before the change (a food missing from it is new: it announces nothing).
 */
export async function settleFoods(
  trx: Db,
  ctx: CoreContext,
  before: ReadonlyMap<string, FoodState>,
  foodIds: readonly string[],
): Promise<void> {
  const after = await foodStates(trx, foodIds);
  const events: NewEvent[] = [];
  for (const [foodId, now] of after) {
    const next = menuState(now.available || now.soldOutByStock, now.portionsLeft);
    if (next.available !== now.available || next.soldOutByStock !== now.soldOutByStock) {
      await trx
        .updateTable('foods')
        .set({ available: next.available ? 1 : 0, sold_out_by_stock: next.soldOutByStock ? 1 : 0 })
        .where('id', '=', foodId)
        .execute();
    }
    const was = before.get(foodId);
    if (!was) continue;
    if (was.portionsLeft !== now.portionsLeft) {
      events.push({
        channel: 'cashier',
        name: 'food-stock-changed',
        payload: { foodId, portionsLeft: now.portionsLeft },
      });
    }
    if (was.available !== next.available) {
      events.push({
        channel: 'cashier',
        name: 'food-availability-changed',
        payload: { foodId, available: next.available },
      });
    }
  }
  await appendEvents(trx, ctx.clock.now(), events);
}
