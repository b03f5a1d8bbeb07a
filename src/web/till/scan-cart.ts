import type { ChoiceGroup } from '../../api/catalog.js';
import { type CartCodeLine, decodeCart, refersTo } from '../shared/cart-code.js';
import { addLine, type Cart, type CartChoice } from './cart.js';

// A customer's cart code (the menu page's QR, docs/menu-page.md) into the order on screen: each line becomes the
// till's own food with the till's own options, at the till's own price, split into lines as taps are (addLine). A
// food sold out or switched off since is loaded all the same, so the order panel names it and holds payment back as
// for any food short (a set menu's course too); a food the till does not know any more is not loaded but listed. A
// line whose options the till cannot take as they are (an option gone or switched off, or the groups' bounds
// changed) is not loaded either, and listed by name, to choose again with the customer: never silently changed.

/** Why a line's choices are not loaded: an option the till does not know, one switched off, or bounds not met. */
export type ChoiceProblem = { kind: 'gone'; ref: string } | { kind: 'off'; option: string } | { kind: 'bounds' };

export interface ScannedCart {
  cart: Cart;
  loaded: number;
  /** Lines whose food the till's menu does not have. */
  missing: CartCodeLine[];
  /** Lines of a food the till has, whose options it cannot take: not loaded. */
  rechoose: Array<{ line: CartCodeLine; food: string; problem: ChoiceProblem }>;
}

export type TillFood = { id: string; name: string; priceCents: number; choices?: readonly ChoiceGroup[] };

/** The till's options for a line's references, in the menu's order, or what is wrong with them. */
function optionsOf(
  food: TillFood,
  refs: readonly string[],
  known: (foodId: string) => boolean,
): CartChoice[] | ChoiceProblem {
  const groups = food.choices ?? [];
  const all = groups.flatMap((group) => group.options);
  const chosen: ChoiceGroup['options'] = [];
  for (const ref of refs) {
    const option = all.find((candidate) => refersTo(ref, candidate.id));
    if (!option) return { kind: 'gone', ref };
    if (!option.available || (option.foodId !== null && !known(option.foodId))) {
      return { kind: 'off', option: option.name };
    }
    chosen.push(option);
  }
  if (new Set(chosen).size !== chosen.length) return { kind: 'bounds' };
  const fits = groups.every((group) => {
    const count = group.options.filter((option) => chosen.includes(option)).length;
    return count >= group.min && count <= group.max;
  });
  if (!fits) return { kind: 'bounds' };
  return all
    .filter((option) => chosen.includes(option))
    .map((option) => ({
      id: option.id,
      name: option.name,
      priceDeltaCents: option.priceDelta,
      foodId: option.foodId,
    }));
}

/** Null when the text is not a cart code. */
export function loadScannedCart(cart: Cart, text: string, foods: readonly TillFood[]): ScannedCart | null {
  const lines = decodeCart(text);
  if (!lines) return null;
  const missing: CartCodeLine[] = [];
  const rechoose: ScannedCart['rechoose'] = [];
  const known = (foodId: string) => foods.some((food) => food.id === foodId);
  let next = cart;
  let loaded = 0;
  for (const line of lines) {
    const food = foods.find((candidate) => refersTo(line.food, candidate.id));
    if (!food) {
      missing.push(line);
      continue;
    }
    const choices = optionsOf(food, line.options, known);
    if (!Array.isArray(choices)) {
      rechoose.push({ line, food: food.name, problem: choices });
      continue;
    }
    loaded++;
    next = addLine(next, food, choices, line.quantity);
  }
  return { cart: next, loaded, missing, rechoose };
}
