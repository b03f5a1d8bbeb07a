import type { Db } from '../../storage/database.js';
import { listParams, prepared } from '../../storage/prepared.js';
import type { OrderItemChoiceRow, OrderItemRow } from '../../storage/schema.js';

/**
 * The current printer overrides an order's lines are routed by (docs/printing.md): each food's own printer and
 * each category's, the components' foods and categories included, and what each line chose (its components go to
 * their own stations). Read once per use case and shared by the printer-channel event (`food.printerId`), the
 * print queue and the stations, so confirming an order does not look the same rows up twice.
 */
export interface Routing {
  foodPrinters: Map<string, string | null>;
  categoryPrinters: Map<string, string | null>;
  /** Each line's choices, by item id, in order (a line without choices has none here). */
  choices: Map<string, OrderItemChoiceRow[]>;
  /** Categories whose kitchen tickets print one token per unit (docs/printing.md); absent: none. */
  perUnit?: Set<string>;
}

// On the hot path (every confirmation and every order's detail): built once per number of lines.
const choicesOfItems = prepared<{ ids: readonly string[] }, OrderItemChoiceRow>((db, _p, count) =>
  db
    .selectFrom('order_item_choices')
    .selectAll()
    .where('item_id', 'in', listParams<string>('ids', count))
    .orderBy('item_id')
    .orderBy('position'),
);

/** The choices of the order lines, by item id. */
export async function loadChoices(trx: Db, itemIds: readonly string[]): Promise<Map<string, OrderItemChoiceRow[]>> {
  const result = new Map<string, OrderItemChoiceRow[]>();
  if (itemIds.length === 0) return result;
  const rows = await choicesOfItems.execute(trx, { ids: itemIds }, itemIds.length);
  for (const row of rows) result.set(row.item_id, [...(result.get(row.item_id) ?? []), row]);
  return result;
}

/** The overrides of the foods and categories of `items` as they are now (a deleted food or category has none). */
export async function loadRouting(trx: Db, items: readonly OrderItemRow[]): Promise<Routing> {
  const choices = await loadChoices(
    trx,
    items.map((item) => item.id),
  );
  const components = [...choices.values()].flat().filter((choice) => choice.component_food_id !== null);
  const foodIds = [
    ...new Set([...items.map((item) => item.food_id), ...components.map((c) => c.component_food_id as string)]),
  ];
  const categoryIds = [
    ...new Set([
      ...items.map((item) => item.category_id),
      ...components.flatMap((c) => (c.component_category_id === null ? [] : [c.component_category_id])),
    ]),
  ];
  const foods = foodIds.length
    ? await trx.selectFrom('foods').select(['id', 'printer_id']).where('id', 'in', foodIds).execute()
    : [];
  const categories = categoryIds.length
    ? await trx
        .selectFrom('categories')
        .select(['id', 'printer_id', 'ticket_per_unit'])
        .where('id', 'in', categoryIds)
        .execute()
    : [];
  return {
    foodPrinters: new Map(foods.map((row) => [row.id, row.printer_id])),
    categoryPrinters: new Map(categories.map((row) => [row.id, row.printer_id])),
    choices,
    perUnit: new Set(categories.filter((row) => row.ticket_per_unit === 1).map((row) => row.id)),
  };
}

/**
 * Item → food's printer → category's printer → the register's default printer → none (null). A cover or takeaway-fee
 * line goes to no kitchen (null), whatever its food or category says: it is only on the receipt.
 */
export function printerFor(
  routing: Pick<Routing, 'foodPrinters' | 'categoryPrinters'>,
  item: Pick<OrderItemRow, 'food_id' | 'category_id'> & { role?: OrderItemRow['role'] },
  registerPrinter: string | null,
): string | null {
  if (isRoleLine(item)) return null;
  return routing.foodPrinters.get(item.food_id) ?? routing.categoryPrinters.get(item.category_id) ?? registerPrinter;
}

/** A line of the cover charge or the takeaway fee: priced and printed on the receipt, cooked by no one. */
export function isRoleLine(item: { role?: OrderItemRow['role'] }): boolean {
  return item.role !== undefined && item.role !== null;
}
