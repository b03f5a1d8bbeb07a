import type { StationOrder } from '../../api/stations.js';

// The pure rules of a station's screen: what waits, what to cook now (all-day counts), how late an order is, which
// one "Recall" brings back. No DOM, no fetch: test/web/kitchen-board.test.ts checks them.

export type { StationOrder };

/** The orders still to do at this station, oldest first (the server's order). */
export function waitingOrders(orders: readonly StationOrder[]): StationOrder[] {
  return orders.filter((order) => order.stationStatus === 'WAITING');
}

/**
 * What to put on the grill now: each food's quantity over the waiting orders, leaving out the items already
 * struck through on this tablet. Most first, then by name.
 */
export function allDayCounts(
  orders: readonly StationOrder[],
  struck: ReadonlySet<string>,
): Array<{ name: string; quantity: number }> {
  const counts = new Map<string, number>();
  for (const order of waitingOrders(orders)) {
    for (const item of order.items) {
      if (struck.has(item.id)) continue;
      counts.set(item.name, (counts.get(item.name) ?? 0) + item.quantity);
    }
  }
  return [...counts.entries()]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

export type AgeLevel = 'fresh' | 'amber' | 'red';

export interface AgeLimits {
  /** Minutes after which a card turns amber, and red. */
  amber: number;
  red: number;
}

const DEFAULT_AGE_LIMITS: AgeLimits = { amber: 10, red: 20 };

/** `?amber=8&red=15` (minutes); anything not a positive number keeps the default. Red is never before amber. */
export function ageLimits(search: string): AgeLimits {
  const params = new URLSearchParams(search);
  const minutes = (name: 'amber' | 'red') => {
    const value = Number(params.get(name));
    return params.get(name) !== null && Number.isFinite(value) && value > 0 ? value : DEFAULT_AGE_LIMITS[name];
  };
  const amber = minutes('amber');
  return { amber, red: Math.max(amber, minutes('red')) };
}

/** Whole minutes since confirmation (never negative: a tablet clock a little ahead shows 0). */
export function ageMinutes(confirmedAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(confirmedAt)) / 60_000));
}

export function ageLevel(minutes: number, limits: AgeLimits): AgeLevel {
  if (minutes >= limits.red) return 'red';
  if (minutes >= limits.amber) return 'amber';
  return 'fresh';
}

/** The order "Recall" brings back: the one this station marked done last (null when none is left to recall). */
export function lastDone(orders: readonly StationOrder[]): StationOrder | null {
  let last: StationOrder | null = null;
  for (const order of orders) {
    if (order.stationStatus !== 'DONE' || order.doneAt === null) continue;
    if (!last || Date.parse(order.doneAt) > Date.parse(last.doneAt as string)) last = order;
  }
  return last;
}

/** The struck items that still belong to an order on screen (the rest are forgotten, so the list stays small). */
export function keepStruck(struck: ReadonlySet<string>, orders: readonly StationOrder[]): Set<string> {
  const present = new Set(orders.flatMap((order) => order.items.map((item) => item.id)));
  return new Set([...struck].filter((id) => present.has(id)));
}

/** Replaces one order by its new state (the answer of a tap), keeping the list's order. */
export function replaceOrder(orders: readonly StationOrder[], next: StationOrder): StationOrder[] {
  return orders.some((order) => order.id === next.id)
    ? orders.map((order) => (order.id === next.id ? next : order))
    : [...orders, next];
}
