// What the TV shows of its two columns, and in which order (pure; test/web/display-board.test.ts). Orders keep the
// server's order: `at` is a time on the server's clock (the TV's own clock is never compared with it).

export interface Shown {
  id: number;
  ticketNumber: number | null;
  displayCode: string;
  /** Preparing: when it went to the kitchen. Ready: when it came out. */
  at: number;
  /** When it went to the kitchen, once known: a recalled order goes back to its place by it. */
  confirmed?: number;
}

/** "In preparazione": the order they went to the kitchen in, a recalled one at its old place. */
export function preparingOrder(orders: Iterable<Shown>): Shown[] {
  return [...orders].sort((a, b) => a.at - b.at || a.id - b.id);
}

/** "Pronti": the newest first (the one just called leads). */
export function readyOrder(orders: Iterable<Shown>): Shown[] {
  return [...orders].sort((a, b) => b.at - a.at || b.id - a.id);
}

/**
 * When not every ready number fits, which ones get a tile (in the column's order, newest first). The customers who
 * waited longest must never be the ones hidden: the oldest keep their tiles, and so do the newest few (the number
 * just called, the ones who are walking up); the hidden ones are in between, counted by "+N".
 */
export function readyShown(newestFirst: readonly Shown[], places: number): Shown[] {
  if (newestFirst.length <= places) return [...newestFirst];
  if (places <= 0) return [];
  const newest = Math.max(1, Math.floor(places / 3));
  return [...newestFirst.slice(0, newest), ...newestFirst.slice(newestFirst.length - (places - newest))];
}

/**
 * A recalled order (back from "Ready" to the kitchen) keeps its place by confirmation time: the time the TV saw it
 * go to the kitchen; an order this TV only ever saw ready is placed by its ticket number (given out in confirmation
 * order), just before the first order in preparation with a higher one.
 */
export function recalledAt(preparing: readonly Shown[], recalled: Pick<Shown, 'ticketNumber' | 'confirmed'>, newest: number): number {
  if (recalled.confirmed !== undefined) return recalled.confirmed;
  const inOrder = preparingOrder(preparing);
  const number = recalled.ticketNumber;
  const index = number === null ? -1 : inOrder.findIndex((order) => order.ticketNumber !== null && order.ticketNumber > number);
  if (index < 0) return newest;
  const after = inOrder[index] as Shown;
  const before = inOrder[index - 1];
  return before ? (before.at + after.at) / 2 : after.at - 1;
}
