// The raw figures of a report window, in integer cents and milliseconds, before names and ids are attached.
// Figures of disjoint windows add up: that is what lets hourly snapshots and live data be combined.

export interface FoodFigures {
  categoryId: string;
  categoryName: string;
  categoryPosition: number;
  foodId: string;
  foodName: string;
  revenueCents: number;
  quantity: number;
}

export interface RegisterFigures {
  cashRegisterId: string;
  revenueCents: number;
  cashCents: number;
  cardCents: number;
  /** Refunds paid from this register's drawer (or card terminal) in the window. */
  refundCents?: number;
  refundCashCents?: number;
  refundCardCents?: number;
}

/** Money given back in a window, by the time it was given back (never snapshotted: read from its own tables). */
export interface MoneyBack {
  refunds: number;
  refundCents: number;
  refundCashCents: number;
  refundCardCents: number;
  cancellations: { count: number; amountCents: number; cashCents: number; cardCents: number };
  /** Discounts of the orders confirmed in the window, by reason ('' stands for none given). */
  discounts: Map<string, { count: number; amountCents: number }>;
}

export function emptyMoneyBack(): MoneyBack {
  return {
    refunds: 0,
    refundCents: 0,
    refundCashCents: 0,
    refundCardCents: 0,
    cancellations: { count: 0, amountCents: 0, cashCents: 0, cardCents: 0 },
    discounts: new Map(),
  };
}

/** A food sold as a set menu's component (its line's revenue counts on the menu). */
export interface ComponentFigures {
  foodId: string;
  foodName: string;
  quantity: number;
}

export interface Figures {
  orders: number;
  revenueCents: number;
  cashCents: number;
  cardCents: number;
  completedOrders: number;
  completionMs: number;
  /** Σ covers of the orders; the TAKEAWAY orders and Σ of their totals. */
  covers: number;
  takeawayOrders: number;
  takeawayCents: number;
  foods: Map<string, FoodFigures>;
  registers: Map<string, RegisterFigures>;
  /** By food id; read for the whole window at once (windowFigures), never from the hourly snapshots. */
  components: Map<string, ComponentFigures>;
  /** Refunds, cancellations and discount reasons: added once over the whole window (windowFigures). */
  moneyBack?: MoneyBack;
}

export function emptyFigures(): Figures {
  return {
    orders: 0,
    revenueCents: 0,
    cashCents: 0,
    cardCents: 0,
    completedOrders: 0,
    completionMs: 0,
    covers: 0,
    takeawayOrders: 0,
    takeawayCents: 0,
    foods: new Map(),
    registers: new Map(),
    components: new Map(),
  };
}

export const foodKey = (categoryId: string, foodId: string) => `${categoryId}\u0000${foodId}`;

/** Adds `more` into `into` (mutates and returns `into`). */
export function addFigures(into: Figures, more: Figures): Figures {
  into.orders += more.orders;
  into.revenueCents += more.revenueCents;
  into.cashCents += more.cashCents;
  into.cardCents += more.cardCents;
  into.completedOrders += more.completedOrders;
  into.completionMs += more.completionMs;
  into.covers += more.covers;
  into.takeawayOrders += more.takeawayOrders;
  into.takeawayCents += more.takeawayCents;
  for (const [key, food] of more.foods) {
    const existing = into.foods.get(key);
    if (existing) {
      existing.revenueCents += food.revenueCents;
      existing.quantity += food.quantity;
    } else {
      into.foods.set(key, { ...food });
    }
  }
  for (const [key, register] of more.registers) {
    const existing = into.registers.get(key);
    if (existing) {
      existing.revenueCents += register.revenueCents;
      existing.cashCents += register.cashCents;
      existing.cardCents += register.cardCents;
    } else {
      into.registers.set(key, { ...register });
    }
  }
  return into;
}

export function isEmpty(figures: Figures): boolean {
  const back = figures.moneyBack;
  return (
    figures.orders === 0 &&
    figures.completedOrders === 0 &&
    (back === undefined || (back.refunds === 0 && back.cancellations.count === 0))
  );
}
