import { unitPriceWithChoices } from '../../api/pricing.js';
import type { PublicMenu } from '../../api/public-menu.js';
import { MAX_QUANTITY } from '../shared/cart-code.js';
import { decodeMenu } from './menu-decode.js';

// Where the page's menu comes from: the copy embedded in the file `pos menu-page` writes (a website's copy, a
// poster's QR: it works with no connection to the venue), else the venue's server (`/menu` on its Wi-Fi). And the
// customer's cart, pure: lines of a food with its chosen options, priced as the till prices them.

export type Menu = PublicMenu;
export type MenuFood = Menu['categories'][number]['foods'][number];

/** The element `pos menu-page` writes the menu into, as the wire has it. */
export const EMBEDDED_ID = 'pos-menu';

export function embeddedMenu(doc: Document = document): Menu | null {
  const element = doc.getElementById(EMBEDDED_ID);
  if (!element?.textContent) return null;
  return decodeMenu(JSON.parse(element.textContent));
}

/**
 * What the customer picked: a food with its options (ids in the menu's order) and how many. The same food with
 * other options is another line, as at the till; the same options again add to their line.
 */
export interface PickedLine {
  key: string;
  foodId: string;
  optionIds: string[];
  quantity: number;
}

const keyOf = (foodId: string, optionIds: readonly string[]) => [foodId, ...optionIds].join('/');

/** One more (or `by` more, or fewer: a line at 0 leaves), at most the cart code's 99 a line. */
export function pick(lines: readonly PickedLine[], foodId: string, optionIds: readonly string[] = [], by = 1) {
  const key = keyOf(foodId, optionIds);
  const known = lines.some((line) => line.key === key);
  const next = known ? [...lines] : [...lines, { key, foodId, optionIds: [...optionIds], quantity: 0 }];
  return next
    .map((line) => (line.key === key ? { ...line, quantity: Math.min(MAX_QUANTITY, line.quantity + by) } : line))
    .filter((line) => line.quantity > 0);
}

/** How many of a food the cart holds, over all its lines. */
export function countOf(lines: readonly PickedLine[], foodId: string): number {
  return lines.reduce((sum, line) => sum + (line.foodId === foodId ? line.quantity : 0), 0);
}

/** A cart line as the page shows it: the food, the options' names and price changes, the unit price with them. */
export interface CartLine {
  key: string;
  foodId: string;
  name: string;
  options: Array<{ id: string; name: string; priceDeltaCents: number }>;
  unitCents: number;
  quantity: number;
}

/** The lines priced from the menu; a line whose food or option the menu does not have is left out. */
export function pricedLines(menu: Menu, lines: readonly PickedLine[]): CartLine[] {
  const foods = new Map(menu.categories.flatMap((category) => category.foods).map((food) => [food.id, food]));
  return lines.flatMap((line): CartLine[] => {
    const food = foods.get(line.foodId);
    if (!food) return [];
    const all = food.choices.flatMap((group) => group.options);
    const options = line.optionIds.map((id) => all.find((option) => option.id === id));
    if (options.some((option) => option === undefined)) return [];
    const chosen = options.map((option) => ({
      id: option!.id,
      name: option!.name,
      priceDeltaCents: option!.priceDelta,
    }));
    const unitCents = unitPriceWithChoices(
      food.price,
      chosen.map((option) => option.priceDeltaCents),
    );
    return [{ key: line.key, foodId: food.id, name: food.name, options: chosen, unitCents, quantity: line.quantity }];
  });
}

export function cartTotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
}

/** The venue's menu from its server (`/menu` on its Wi-Fi); rejects when it does not answer with a menu. */
export async function fetchMenu(): Promise<Menu> {
  const response = await fetch('/v1/public/menu', { signal: AbortSignal.timeout(15_000) });
  const menu = response.ok ? decodeMenu(await response.json()) : null;
  if (!menu) throw new Error(`no menu (${response.status})`);
  return menu;
}
