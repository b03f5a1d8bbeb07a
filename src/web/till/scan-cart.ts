import { type CartCodeLine, decodeCart, refersTo } from '../shared/cart-code.js';
import type { Cart, CartLine } from './cart.js';

// A customer's cart code (the menu page's QR, docs/menu-page.md) into the order on screen: each line becomes the
// till's own food at the till's own price. A food sold out or switched off since is loaded all the same, so the
// order panel names it and holds payment back as for any food short; a food the till does not know any more is
// not loaded but listed, never silently dropped.

export interface ScannedCart {
  cart: Cart;
  loaded: number;
  /** Lines whose food the till's menu does not have. */
  missing: CartCodeLine[];
}

let counter = 0;
const lineId = () => `s${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Null when the text is not a cart code. */
export function loadScannedCart(
  cart: Cart,
  text: string,
  foods: ReadonlyArray<{ id: string; name: string; priceCents: number }>,
): ScannedCart | null {
  const lines = decodeCart(text);
  if (!lines) return null;
  const missing: CartCodeLine[] = [];
  let next = cart.lines;
  let loaded = 0;
  for (const line of lines) {
    const food = foods.find((candidate) => refersTo(line.food, candidate.id));
    if (!food) {
      missing.push(line);
      continue;
    }
    loaded++;
    const same = next.findIndex((item) => item.foodId === food.id && item.notes === '' && item.surchargeCents === 0);
    if (same >= 0) {
      next = next.map((item, index) =>
        index === same ? { ...item, quantity: Math.min(999, item.quantity + line.quantity) } : item,
      );
    } else {
      const added: CartLine = {
        id: lineId(),
        foodId: food.id,
        name: food.name,
        unitPriceCents: food.priceCents,
        quantity: line.quantity,
        notes: '',
        surchargeCents: 0,
      };
      next = [...next, added];
    }
  }
  return { cart: { ...cart, lines: next }, loaded, missing };
}
