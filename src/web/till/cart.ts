import {
  discountTooLarge,
  priceLine,
  serviceLine,
  totalsOf,
  type OrderTotals,
  unitPriceWithChoices,
} from '../../api/pricing.js';
import type { Paid } from './settle.js';

// The order on screen: pure data and functions (unit-tested), priced by the server's own rules (src/api/pricing).

/** An option chosen on the choices sheet, as the line keeps it. `foodId`: the component's food (set menus). */
export interface CartChoice {
  id: string;
  name: string;
  priceDeltaCents: number;
  foodId: string | null;
}

export interface CartLine {
  /**
   * One line per food, choices and note: the same food with other choices or another note is another line (the
   * kitchen reads it).
   */
  id: string;
  foodId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  notes: string;
  /** Per line, not per unit (docs/api.md, "Prices"). */
  surchargeCents: number;
  /** The options chosen, in the menu's order (absent: none, as carts saved before choices existed). */
  choices?: CartChoice[];
}

const sameChoices = (a: readonly CartChoice[] = [], b: readonly CartChoice[] = []) =>
  a.length === b.length && a.every((choice, index) => choice.id === b[index]?.id);

export interface Cart {
  lines: CartLine[];
  customer: string;
  table: string;
  discountCents: number;
  /** Why the discount was given ("Volontari"): sent with a discount only, summed by reason in the reports. */
  discountReason?: string;
  /** A refused order brought back to change it: what the customer paid for it already (see settle.ts). */
  paid?: Paid;
  /** People at the table (children among them eat free) or taken away; absent: a table, covers not asked. */
  service?: CartService;
}

export interface CartService {
  covers: number;
  /** Children among the covers: they eat free, so the cover line is covers − children. */
  children: number;
  takeaway: boolean;
}

/** The venue's cover and takeaway-fee foods (docs/till.md), null when it has none: then no line is added. */
export interface RoleFoods {
  cover: { id: string; name: string; priceCents: number } | null;
  takeawayFee: { id: string; name: string; priceCents: number } | null;
}

export const NO_ROLES: RoleFoods = { cover: null, takeawayFee: null };
export const NO_SERVICE: CartService = { covers: 0, children: 0, takeaway: false };

/** The covers the order pays: the cover line the till sends (children free). */
function paidCovers(service: CartService): number {
  return service.takeaway ? 0 : Math.max(0, service.covers - service.children);
}

/**
 * The covers and service the order is sent with. When every cover is a child there is no cover line to send (a line
 * has at least 1), and the server would charge the covers it is told: such an order goes without covers.
 */
function sentService(cart: Cart, roles: RoleFoods): { covers: number; service: 'TABLE' | 'TAKEAWAY' } {
  const service = cart.service ?? NO_SERVICE;
  if (service.takeaway) return { covers: 0, service: 'TAKEAWAY' };
  return { covers: roles.cover && paidCovers(service) === 0 ? 0 : service.covers, service: 'TABLE' };
}

const roleLine = (food: { id: string; name: string; priceCents: number }, quantity: number): CartLine => ({
  id: `role-${food.id}`,
  foodId: food.id,
  name: food.name,
  unitPriceCents: food.priceCents,
  quantity,
  notes: '',
  surchargeCents: 0,
});

/** The lines the till sends: the cashier's, and the paid covers as a cover line of their own (children free). */
function sentLines(cart: Cart, roles: RoleFoods): CartLine[] {
  const paid = paidCovers(cart.service ?? NO_SERVICE);
  const { cover } = roles;
  if (!cover || paid === 0 || cart.lines.some((line) => line.foodId === cover.id)) return cart.lines;
  return [...cart.lines, roleLine(cover, paid)];
}

/**
 * Every line the order will have: the ones the till sends and the one the server appends by the shared rule of
 * src/api/pricing.ts (the takeaway fee), so the total on screen is the one the server records.
 */
export function serviceLines(cart: Cart, roles: RoleFoods): CartLine[] {
  const sent = sentLines(cart, roles);
  const extra = serviceLine(sent, sentService(cart, roles), {
    cover: roles.cover?.id ?? null,
    takeawayFee: roles.takeawayFee?.id ?? null,
  });
  const food = extra && [roles.cover, roles.takeawayFee].find((role) => role?.id === extra.foodId);
  const added = extra && food ? [roleLine(food, extra.quantity)] : [];
  return [...sent.filter((line) => !cart.lines.includes(line)), ...added];
}

/** The longest discount reason the server takes. */
export const DISCOUNT_REASON_MAX = 50;

export const EMPTY_CART: Cart = { lines: [], customer: '', table: '', discountCents: 0 };

/** What the API needs when the cashier leaves customer or table empty (both are required, at least 1 character). */
export const NOT_GIVEN = '—';

let counter = 0;
const lineId = () => `l${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Tapping a food adds one (with the choices made on its sheet): to its line with the same choices and without a
 * note and surcharge if there is one, else a new line. The unit price is the server's: price + Σ price changes.
 * Never more than is left.
 */
export function addFood(
  cart: Cart,
  food: { id: string; name: string; priceCents: number; portionsLeft?: number | null },
  choices: readonly CartChoice[] = [],
): Cart {
  if (!canAddOne(cart, food.id, food.portionsLeft ?? null)) return cart;
  return addLine(cart, food, choices, 1);
}

/**
 * `quantity` of a food with its choices (in the menu's order), split into lines as a tap splits them: onto its line
 * with the same choices and no note or surcharge, else a new line at price + Σ price changes. No count check: a
 * scanned cart loads a food short all the same, and the order panel holds payment (scan-cart.ts).
 */
export function addLine(
  cart: Cart,
  food: { id: string; name: string; priceCents: number },
  choices: readonly CartChoice[],
  quantity: number,
): Cart {
  const index = cart.lines.findIndex(
    (line) =>
      line.foodId === food.id && line.notes === '' && line.surchargeCents === 0 && sameChoices(line.choices, choices),
  );
  if (index >= 0) return changeQuantity(cart, (cart.lines[index] as CartLine).id, quantity);
  const line: CartLine = {
    id: lineId(),
    foodId: food.id,
    name: food.name,
    unitPriceCents: unitPriceWithChoices(
      food.priceCents,
      choices.map((choice) => choice.priceDeltaCents),
    ),
    quantity: Math.min(999, quantity),
    notes: '',
    surchargeCents: 0,
    ...(choices.length > 0 ? { choices: [...choices] } : {}),
  };
  return { ...cart, lines: [...cart.lines, line] };
}

/** − on a line of one removes it. */
export function changeQuantity(cart: Cart, id: string, delta: number): Cart {
  const lines = cart.lines
    .map((line) => (line.id === id ? { ...line, quantity: Math.min(999, line.quantity + delta) } : line))
    .filter((line) => line.quantity > 0);
  return { ...cart, lines };
}

export function updateLine(cart: Cart, id: string, patch: Partial<Pick<CartLine, 'notes' | 'surchargeCents'>>): Cart {
  return { ...cart, lines: cart.lines.map((line) => (line.id === id ? { ...line, ...patch } : line)) };
}

export function lineTotalCents(line: CartLine): number {
  return priceLine(line).totalCents;
}

export function cartTotals(cart: Cart, roles: RoleFoods = NO_ROLES): OrderTotals {
  return totalsOf([...cart.lines, ...serviceLines(cart, roles)].map(priceLine), cart.discountCents);
}

/** Pay is possible with at least one line and a discount no larger than the subtotal (the server refuses more). */
export function canPay(cart: Cart, roles: RoleFoods = NO_ROLES): boolean {
  return cart.lines.length > 0 && !discountTooLarge(cartTotals(cart, roles));
}

/** The body of POST /v1/orders with its amounts in cents: the client writes them as the wire has them. */
export interface OrderBody {
  table: string;
  customer: string;
  orderItems: Array<{ foodId: string; quantity: number; notes?: string; surcharge?: number; choices?: string[] }>;
  covers?: number;
  service?: 'TABLE' | 'TAKEAWAY';
  confirm: {
    paymentMethod: 'CASH' | 'CARD';
    discount?: number;
    discountReason?: string;
    userId?: string | null;
    cashRegisterId?: string | null;
    cashReceived?: number;
  };
}

/**
 * The body of POST /v1/orders for this cart, created and confirmed at once. The cash the customer handed over goes
 * with a cash payment (the receipt prints it and the change); never less than the total, which the server refuses.
 */
export function orderBody(
  cart: Cart,
  payment: {
    method: 'CASH' | 'CARD';
    userId: string | null;
    cashRegisterId: string | null;
    receivedCents?: number | null;
  },
  roles: RoleFoods = NO_ROLES,
): OrderBody {
  const received = payment.receivedCents;
  const cash =
    payment.method === 'CASH' && typeof received === 'number' && received >= cartTotals(cart, roles).totalCents;
  const service = sentService(cart, roles);
  return {
    table: cart.table.trim() || NOT_GIVEN,
    customer: cart.customer.trim() || NOT_GIVEN,
    ...(service.covers > 0 ? { covers: service.covers } : {}),
    ...(service.service === 'TAKEAWAY' ? { service: service.service } : {}),
    orderItems: sentLines(cart, roles).map((line) => ({
      foodId: line.foodId,
      quantity: line.quantity,
      ...(line.notes.trim() ? { notes: line.notes.trim() } : {}),
      ...(line.surchargeCents ? { surcharge: line.surchargeCents } : {}),
      ...(line.choices?.length ? { choices: line.choices.map((choice) => choice.id) } : {}),
    })),
    confirm: {
      paymentMethod: payment.method,
      ...(cart.discountCents ? { discount: cart.discountCents } : {}),
      ...(cart.discountCents && cart.discountReason?.trim()
        ? { discountReason: cart.discountReason.trim().slice(0, DISCOUNT_REASON_MAX) }
        : {}),
      userId: payment.userId,
      cashRegisterId: payment.cashRegisterId,
      ...(cash ? { cashReceived: received } : {}),
    },
  };
}

/** A food the order asks more of than is left (the server's 409 says the same, with these fields). */
export interface Shortage {
  foodId: string;
  name: string;
  requested: number;
  left: number;
}

/**
 * How many portions of this food the order takes, over all its lines (one per note or choices): its own lines, and
 * the set menus that have it as a component (one per unit of the menu).
 */
export function quantityOf(cart: Cart, foodId: string): number {
  return cart.lines.reduce((sum, line) => {
    const own = line.foodId === foodId ? line.quantity : 0;
    const inMenus = (line.choices ?? []).filter((choice) => choice.foodId === foodId).length * line.quantity;
    return sum + own + inMenus;
  }, 0);
}

/** One more of this food fits in what is left (`left` null: not counted). */
export function canAddOne(cart: Cart, foodId: string, left: number | null): boolean {
  return left === null || quantityOf(cart, foodId) < left;
}

/** One more unit of this line fits: its food, and each set menu course it holds (one more of each). */
export function canAddToLine(cart: Cart, line: CartLine, leftOf: (foodId: string) => number | null): boolean {
  const foods = [line.foodId, ...(line.choices ?? []).flatMap((choice) => (choice.foodId ? [choice.foodId] : []))];
  return foods.every((foodId) => canAddOne(cart, foodId, leftOf(foodId)));
}

/**
 * The foods the order asks more of than the tablet knows are left: paying is held back until the cashier takes
 * some off. (Ingredients shared by two foods are counted by the server only: its 409 covers them.)
 */
export function shortages(cart: Cart, leftOf: (foodId: string) => number | null): Shortage[] {
  const seen = new Map<string, Shortage>();
  const foods = cart.lines.flatMap((line) => [
    { foodId: line.foodId, name: line.name },
    ...(line.choices ?? []).flatMap((choice) => (choice.foodId ? [{ foodId: choice.foodId, name: choice.name }] : [])),
  ]);
  for (const food of foods) {
    const left = leftOf(food.foodId);
    if (left === null || seen.has(food.foodId)) continue;
    const requested = quantityOf(cart, food.foodId);
    if (requested > left) seen.set(food.foodId, { foodId: food.foodId, name: food.name, requested, left });
  }
  return [...seen.values()];
}
