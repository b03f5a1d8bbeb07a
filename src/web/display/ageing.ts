import type { Shown } from './board.js';

// The TV's "still to collect" strip (pure; test/web/display-ageing.test.ts). A ready number called long ago and not
// collected leaves the big tiles, which stay for the numbers being called now, for a compact strip under them; a
// customer who waited longest must still find their number there, so when the strip is full it is the youngest of
// the strip that are counted ("+3"), never the oldest.

/** The strip's numbers stay readable from afar: about 2 cm on a 43" TV (53.5 cm of height), 4.4% of the screen. */
export const STRIP_MIN_SHARE = 0.044;
/** A strip entry is this many times its font size wide (number and code side by side, with its padding). */
export const STRIP_ENTRY_EMS = 3.6;

/** When the order came out of the kitchen, on the server's clock (`at` for a state read, the estimate of an event). */
const readyTime = (order: Shown) => order.readyAt ?? order.at;

/**
 * The ready orders (newest first) split into those still on the big tiles (newest first) and those ready for longer
 * than `afterMinutes` at `now` (server clock), oldest first. `afterMinutes` 0 keeps every ready order on the tiles.
 */
export function splitReady(
  newestFirst: readonly Shown[],
  now: number,
  afterMinutes: number,
): { fresh: Shown[]; aged: Shown[] } {
  if (afterMinutes <= 0) return { fresh: [...newestFirst], aged: [] };
  const limit = now - afterMinutes * 60_000;
  const fresh = newestFirst.filter((order) => readyTime(order) > limit);
  const aged = newestFirst.filter((order) => readyTime(order) <= limit).reverse();
  return { fresh, aged };
}

/**
 * How many entries of the strip fit in `rows` lines of `width` pixels at `font`, with `gap` between them (a phone
 * upright gives the strip two lines: one holds only two numbers).
 */
export function stripPlaces(width: number, font: number, gap: number, rows = 1): number {
  if (width <= 0 || font <= 0) return 0;
  return Math.max(0, Math.floor((width + gap) / (font * STRIP_ENTRY_EMS + gap))) * rows;
}

/**
 * What the strip shows of the aged orders (oldest first) in `places`: all of them when they fit; otherwise the
 * oldest, and the last place counts the rest ("+N"), who are the ones who waited least.
 */
export function stripShown(oldestFirst: readonly Shown[], places: number): { shown: Shown[]; more: number } {
  if (oldestFirst.length <= places) return { shown: [...oldestFirst], more: 0 };
  const room = Math.max(0, places - 1);
  return { shown: oldestFirst.slice(0, room), more: oldestFirst.length - room };
}
