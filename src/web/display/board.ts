import type { DisplayState } from '../../api/display.js';
import type { DisplayEvent } from '../../api/events.js';

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
  /**
   * Ready: when it came out of the kitchen on the server's clock, when `at` is only an order (an event's `at` is just
   * after the latest time the TV knew). The "still to collect" strip ages orders by it (ageing.ts).
   */
  readyAt?: number;
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
  // A third of the places for the newest, at least the one just called once there are two; a single place (a
  // phone) goes to the customer who waited longest.
  const newest = places >= 2 ? Math.max(1, Math.floor(places / 3)) : 0;
  return [...newestFirst.slice(0, newest), ...newestFirst.slice(newestFirst.length - (places - newest))];
}

/**
 * A recalled order (back from "Ready" to the kitchen) keeps its place by confirmation time: the time the TV saw it
 * go to the kitchen; an order this TV only ever saw ready is placed by its ticket number (given out in confirmation
 * order), just before the first order in preparation with a higher one.
 */
export function recalledAt(
  preparing: readonly Shown[],
  recalled: Pick<Shown, 'ticketNumber' | 'confirmed'>,
  newest: number,
): number {
  if (recalled.confirmed !== undefined) return recalled.confirmed;
  const inOrder = preparingOrder(preparing);
  const number = recalled.ticketNumber;
  const index =
    number === null ? -1 : inOrder.findIndex((order) => order.ticketNumber !== null && order.ticketNumber > number);
  if (index < 0) return newest;
  const after = inOrder[index] as Shown;
  const before = inOrder[index - 1];
  return before ? (before.at + after.at) / 2 : after.at - 1;
}

// ---- the two columns as one value: what the state endpoint and the display channel make of it -------------------

export interface Board {
  preparing: ReadonlyMap<number, Shown>;
  ready: ReadonlyMap<number, Shown>;
  /** The newest ready order: highlighted, and called with the chime. */
  newest: number | null;
}

export const EMPTY_BOARD: Board = { preparing: new Map(), ready: new Map(), newest: null };

/** The server's state, keeping what this TV learnt before: when a now-ready order went to the kitchen. */
export function boardFromState(before: Board, data: Pick<DisplayState, 'preparing' | 'ready'>): Board {
  const entries = (list: DisplayState['preparing'], preparing: boolean) =>
    new Map(
      list.map((o): [number, Shown] => {
        const at = Date.parse(o.since);
        const confirmed = preparing ? at : (before.ready.get(o.id) ?? before.preparing.get(o.id))?.confirmed;
        return [
          o.id,
          {
            id: o.id,
            ticketNumber: o.ticketNumber,
            displayCode: o.displayCode,
            at,
            ...(confirmed === undefined ? {} : { confirmed }),
          },
        ];
      }),
    );
  const ready = entries(data.ready, false);
  const newest = before.newest !== null && ready.has(before.newest) ? before.newest : (data.ready[0]?.id ?? null);
  return { preparing: entries(data.preparing, true), ready, newest };
}

/** Just after the latest time known: an event is newer than everything the TV knows (its own clock is never used). */
function latest(board: Board): number {
  let at = 0;
  for (const order of board.preparing.values()) at = Math.max(at, order.at);
  for (const order of board.ready.values()) at = Math.max(at, order.at);
  return at + 1;
}

/**
 * An event of the display channel applied; `called` when a number became ready (the chime). `serverNow` is the
 * server's time as the TV estimates it (its Date header): when an order that becomes ready now came out.
 */
export function applyEvent(board: Board, event: DisplayEvent, serverNow?: number): { board: Board; called: boolean } {
  const at = latest(board);
  const preparing = new Map(board.preparing);
  const ready = new Map(board.ready);
  if (event.name === 'confirmed-order') {
    const data = event.payload;
    if (ready.has(data.id) || preparing.has(data.id)) return { board, called: false };
    preparing.set(data.id, {
      id: data.id,
      ticketNumber: data.ticketNumber,
      displayCode: data.displayCode,
      at,
      confirmed: at,
    });
    return { board: { ...board, preparing }, called: false };
  }
  if (event.name === 'order-status-changed') {
    const data = event.payload;
    const before = preparing.get(data.id) ?? ready.get(data.id);
    preparing.delete(data.id);
    ready.delete(data.id);
    const entry: Shown = { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at };
    if (before?.confirmed !== undefined) entry.confirmed = before.confirmed;
    if (data.status === 'CONFIRMED') {
      // Recalled from "Ready" (or confirmed later): its place is its confirmation time, not the end of the column.
      const confirmed = before ? recalledAt([...preparing.values()], entry, at) : at;
      preparing.set(data.id, { ...entry, at: confirmed, confirmed });
    }
    if (data.status === 'COMPLETED') {
      ready.set(data.id, serverNow === undefined ? entry : { ...entry, readyAt: serverNow });
      return { board: { preparing, ready, newest: data.id }, called: true };
    }
    return { board: { preparing, ready, newest: board.newest === data.id ? null : board.newest }, called: false };
  }
  if (event.name === 'order-deleted') {
    preparing.delete(event.payload.id);
    ready.delete(event.payload.id);
    return { board: { ...board, preparing, ready }, called: false };
  }
  return { board, called: false };
}

/** The column with nothing in it while the other has orders: it gives its room to the other. */
export function emptyColumn(board: Board): 'preparing' | 'ready' | '' {
  if (board.preparing.size === 0 && board.ready.size > 0) return 'preparing';
  if (board.ready.size === 0 && board.preparing.size > 0) return 'ready';
  return '';
}

/** The same orders in each column as the server's state (the half-minute check of a stream that died silently). */
export function sameOrders(board: Board, data: Pick<DisplayState, 'preparing' | 'ready'>): boolean {
  const same = (mine: ReadonlyMap<number, Shown>, theirs: DisplayState['preparing']) =>
    mine.size === theirs.length && theirs.every((o) => mine.has(o.id));
  return same(board.preparing, data.preparing) && same(board.ready, data.ready);
}
