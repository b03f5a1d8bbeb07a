import type { FoodRole } from '../../api/enums.js';
import type { OrderItemInput, OrderService } from '../../api/orders.js';
import { type RoleFoodIds, serviceLine } from '../../api/pricing.js';
import type { Db } from '../../storage/database.js';
import { listParams, prepared } from '../../storage/prepared.js';
import type { OrderItemChoiceRow, OrderItemRow } from '../../storage/schema.js';
import { unitPriceWithChoices } from '../../api/pricing.js';
import type { CoreContext } from '../context.js';
import type { Routing } from './routing.js';
import { InvalidError, type IssueDetail } from '../errors.js';
import { priceLine } from './pricing.js';
import { resolveChoices } from './choices.js';

interface OrderableFood {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  available: number;
  category_id: string;
  category_name: string;
  category_position: number;
  category_available: number;
  printer_id: string | null;
  category_printer_id: string | null;
  role: FoodRole | null;
  category_ticket_per_unit: number;
}

const orderableFoods = prepared<{ ids: string[] }, OrderableFood>((db, _p, count) =>
  db
    .selectFrom('foods')
    .innerJoin('categories', 'categories.id', 'foods.category_id')
    .select([
      'foods.id',
      'foods.name',
      'foods.description',
      'foods.price_cents',
      'foods.available',
      'foods.category_id',
      'categories.name as category_name',
      'categories.position as category_position',
      'categories.available as category_available',
      'foods.printer_id',
      'categories.printer_id as category_printer_id',
      'foods.role',
      'categories.ticket_per_unit as category_ticket_per_unit',
    ])
    .where('foods.id', 'in', listParams<string>('ids', count)),
);

async function loadFoods(trx: Db, ids: string[]): Promise<Map<string, OrderableFood>> {
  const rows = await orderableFoods.execute(trx, { ids }, ids.length);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Turns item inputs into order lines priced at the foods' current prices, with copies of the names so the order
 * keeps its meaning if the menu changes later. Unknown foods and foods not orderable right now (the food or its
 * category is unavailable) are refused together: the message names the unavailable foods, the details every id. The same read gives the lines'
 * printer routing.
 */
export async function buildOrderItems(
  trx: Db,
  ctx: CoreContext,
  orderId: number,
  inputs: readonly OrderItemInput[],
): Promise<{ items: OrderItemRow[]; routing: Routing; choiceRows: OrderItemChoiceRow[] }> {
  const foods = await loadFoods(trx, [...new Set(inputs.map((input) => input.foodId))]);
  const unknown = new Set<string>();
  const unavailable = new Map<string, string>(); // id → name: the message names the foods, the details their ids
  const details: IssueDetail[] = [];
  inputs.forEach((input, index) => {
    const food = foods.get(input.foodId);
    const path = `body.orderItems.${index}.foodId`;
    if (!food) {
      unknown.add(input.foodId);
      details.push({ path, message: `unknown food ${input.foodId}`, code: 'unknown-food' });
    } else if (food.available !== 1 || food.category_available !== 1) {
      unavailable.set(input.foodId, food.name);
      details.push({ path, message: `food ${input.foodId} (${food.name}) is not available`, code: 'food-unavailable' });
    }
  });
  if (details.length > 0) {
    // A cashier reads this message: sold-out foods by name ("Birra, Tiramisù are sold out"); only foods the
    // menu does not know (a stale till) can be named by nothing but their id.
    const parts = [];
    if (unavailable.size > 0) {
      const names = [...unavailable.values()];
      parts.push(`${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not available (sold out or switched off)`);
    }
    if (unknown.size > 0) parts.push(`unknown foods (reload the menu): ${[...unknown].join(', ')}`);
    throw new InvalidError(
      `Cannot order: ${parts.join('; ')}`,
      details,
      unavailable.size > 0 ? 'food-unavailable' : 'unknown-food',
    );
  }
  const chosen = await resolveChoices(trx, inputs, new Map([...foods.values()].map((food) => [food.id, food.name])));
  const routing: Routing = {
    foodPrinters: chosen.foodPrinters,
    categoryPrinters: chosen.categoryPrinters,
    choices: new Map(),
    perUnit: new Set(),
  };
  for (const food of foods.values()) {
    routing.foodPrinters.set(food.id, food.printer_id);
    routing.categoryPrinters.set(food.category_id, food.category_printer_id);
    if (food.category_ticket_per_unit === 1) routing.perUnit?.add(food.category_id);
  }
  const choiceRows: OrderItemChoiceRow[] = [];
  const items = inputs.map((input, position): OrderItemRow => {
    const food = foods.get(input.foodId) as OrderableFood;
    const lineChoices = chosen.lines[position] ?? [];
    const line = priceLine({
      quantity: input.quantity,
      unitPriceCents: unitPriceWithChoices(
        food.price_cents,
        lineChoices.map((choice) => choice.price_delta_cents),
      ),
      surchargeCents: input.surcharge ?? 0,
    });
    if (line.unitPriceCents < 0) {
      // The catalog refuses such choices; a price lowered since (a menu import) must not sell below nothing.
      throw new InvalidError(
        `${food.name} with these choices would cost less than nothing`,
        [{ path: `body.orderItems.${position}.choices`, message: 'the unit price would be below 0' }],
        'choice-invalid',
      );
    }
    const id = ctx.newId();
    if (lineChoices.length > 0) {
      const rows = lineChoices.map((choice) => ({ ...choice, item_id: id }));
      routing.choices.set(id, rows);
      choiceRows.push(...rows);
    }
    return {
      id,
      order_id: orderId,
      position,
      food_id: food.id,
      food_name: food.name,
      food_description: food.description,
      category_id: food.category_id,
      category_name: food.category_name,
      category_position: food.category_position,
      quantity: line.quantity,
      notes: input.notes ?? '',
      unit_price_cents: line.unitPriceCents,
      surcharge_cents: line.surchargeCents,
      total_cents: line.totalCents,
      role: food.role,
      refunded_quantity: 0,
    };
  });
  return { items, routing, choiceRows };
}

/** Writes the choices of new order lines (after the lines themselves). */
export async function insertItemChoices(trx: Db, rows: readonly OrderItemChoiceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('order_item_choices')
    .values([...rows])
    .execute();
}

export async function loadItems(trx: Db, orderId: number): Promise<OrderItemRow[]> {
  return trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

/** The role foods an order may get a line of: only those that can be sold now (a switched-off cover is no charge). */
async function roleFoods(trx: Db): Promise<RoleFoodIds> {
  const rows = await trx
    .selectFrom('foods')
    .innerJoin('categories', 'categories.id', 'foods.category_id')
    .select(['foods.id', 'foods.role'])
    .where('foods.role', 'is not', null)
    .where('foods.available', '=', 1)
    .where('categories.available', '=', 1)
    .execute();
  return {
    cover: rows.find((row) => row.role === 'COVER')?.id ?? null,
    takeawayFee: rows.find((row) => row.role === 'TAKEAWAY_FEE')?.id ?? null,
  };
}

/** The order's lines with the cover or takeaway-fee line the server appends (the rule of src/api/pricing.ts). */
export async function withServiceLine(
  trx: Db,
  inputs: readonly OrderItemInput[],
  order: { covers: number; service: OrderService },
): Promise<OrderItemInput[]> {
  if (order.service === 'TABLE' && order.covers === 0) return [...inputs];
  const line = serviceLine(inputs, order, await roleFoods(trx));
  return line ? [...inputs, line] : [...inputs];
}
