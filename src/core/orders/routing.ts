import type { Db } from '../../storage/database.js';
import type { OrderItemRow } from '../../storage/schema.js';

/**
 * The current printer overrides an order's lines are routed by (docs/printing.md): each food's own printer and
 * each category's. Read once per use case and shared by the printer-channel event (`food.printerId`) and the print
 * queue, so confirming an order does not look the same rows up twice.
 */
export interface Routing {
  foodPrinters: Map<string, string | null>;
  categoryPrinters: Map<string, string | null>;
  /** Categories whose kitchen tickets print one token per unit (docs/printing.md); absent: none. */
  perUnit?: Set<string>;
}

/** The overrides of the foods and categories of `items` as they are now (a deleted food or category has none). */
export async function loadRouting(trx: Db, items: readonly OrderItemRow[]): Promise<Routing> {
  const foodIds = [...new Set(items.map((item) => item.food_id))];
  const categoryIds = [...new Set(items.map((item) => item.category_id))];
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
    perUnit: new Set(categories.filter((row) => row.ticket_per_unit === 1).map((row) => row.id)),
  };
}

/** Item → food's printer → category's printer → the register's default printer → none (null). */
export function printerFor(
  routing: Routing,
  item: Pick<OrderItemRow, 'food_id' | 'category_id'>,
  registerPrinter: string | null,
): string | null {
  return routing.foodPrinters.get(item.food_id) ?? routing.categoryPrinters.get(item.category_id) ?? registerPrinter;
}
