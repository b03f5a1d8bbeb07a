// The pure rules of portion counts (docs/catalog.md, "Portion counts"): what is left of a food, what an order
// takes, who is short, and whether a food is on the menu. No database here: src/core/catalog/portions.ts reads the
// counts, asks these functions, and writes what they decide.

/** Each portion of a food uses one unit of its own count (when counted) and one of each counted ingredient's. */
export function portionsLeft(stock: number | null, ingredientStocks: Iterable<number | null>): number | null {
  let left = stock;
  for (const count of ingredientStocks) if (count !== null && (left === null || count < left)) left = count;
  return left;
}

/** The counts one food of an order draws on (only counted ingredients are listed). */
export interface FoodCounts {
  foodId: string;
  name: string;
  stock: number | null;
  ingredients: ReadonlyMap<string, { name: string; stock: number }>;
}

/** Units taken from one count: a food's own, or an ingredient's. */
export type Take =
  | { foodId: string; ingredientId?: undefined; units: number }
  | { foodId?: undefined; ingredientId: string; units: number };

export interface Shortage {
  foodId: string;
  name: string;
  /** Portions of this food the order asks for. */
  requested: number;
  /** Portions of this food left before the order. */
  left: number;
  /** Why, in words: the count that is short (the food's own, or an ingredient shared with other lines). */
  reason: string;
}

/**
 * What an order asking `requested` portions per food takes from the counts, or which foods are short. A shared
 * ingredient must cover every line that uses it together (a sandwich and a plate of the same porchetta).
 */
export function planTake(
  requested: ReadonlyMap<string, number>,
  counts: ReadonlyMap<string, FoodCounts>,
): { takes: Take[]; short: Shortage[] } {
  const ingredientNeed = new Map<string, { name: string; stock: number; units: number }>();
  for (const [foodId, quantity] of requested) {
    for (const [ingredientId, ingredient] of counts.get(foodId)?.ingredients ?? []) {
      const need = ingredientNeed.get(ingredientId) ?? { ...ingredient, units: 0 };
      need.units += quantity;
      ingredientNeed.set(ingredientId, need);
    }
  }
  const takes: Take[] = [];
  const short: Shortage[] = [];
  for (const [foodId, quantity] of requested) {
    const food = counts.get(foodId);
    if (!food) continue; // nothing counted
    const reasons: string[] = [];
    if (food.stock !== null) {
      if (food.stock < quantity) reasons.push(`${quantity} asked, ${food.stock} left`);
      else takes.push({ foodId, units: quantity });
    }
    for (const [ingredientId, ingredient] of food.ingredients) {
      const need = ingredientNeed.get(ingredientId) as { units: number };
      if (ingredient.stock >= need.units) continue;
      reasons.push(
        need.units === quantity
          ? `${ingredient.name}: ${quantity} needed, ${ingredient.stock} left`
          : `${ingredient.name}, shared with other lines: ${need.units} needed, ${ingredient.stock} left`,
      );
    }
    if (reasons.length > 0) {
      const left =
        portionsLeft(
          food.stock,
          [...food.ingredients.values()].map((ingredient) => ingredient.stock),
        ) ?? 0;
      short.push({ foodId, name: food.name, requested: quantity, left, reason: reasons.join('; ') });
    }
  }
  if (short.length > 0) return { takes: [], short };
  for (const [ingredientId, need] of ingredientNeed) takes.push({ ingredientId, units: need.units });
  return { takes, short };
}

/**
 * Whether a food is on the menu. `on` is a person's switch: on when the food is available, or when only running
 * out switched it off. A food that is on shows as available unless a count it uses is at 0; then it is sold out
 * by running out, and comes back by itself when restocked.
 */
export function menuState(on: boolean, left: number | null): { available: boolean; soldOutByStock: boolean } {
  return { available: on && left !== 0, soldOutByStock: on && left === 0 };
}

/** Portions per food of an order's lines (a food may be on several lines). */
export function requestedPortions(lines: Iterable<{ foodId: string; quantity: number }>): Map<string, number> {
  const requested = new Map<string, number>();
  for (const line of lines) requested.set(line.foodId, (requested.get(line.foodId) ?? 0) + line.quantity);
  return requested;
}
