import type { DateTime } from 'luxon';
import type { GroupBy } from '../../api/enums.js';
import type { VenueClock } from '../venue-time.js';

// The bucket sizes are part of the contract (src/api/enums.ts).
export { GROUP_BY, type GroupBy } from '../../api/enums.js';

/** A half-open window [start, end) in epoch milliseconds. */
export interface Window {
  start: number;
  end: number;
}

const HOURS: Record<'1h' | '4h' | '12h', number> = { '1h': 1, '4h': 4, '12h': 12 };

/** The bucket of venue wall-clock time that contains `at`, and the start of the next one. DST days are honest. */
function bucketAround(
  venue: VenueClock,
  at: number,
  groupBy: Exclude<GroupBy, 'all'>,
): { start: DateTime; next: DateTime } {
  const local = venue.local(at);
  if (groupBy === 'day') {
    const start = local.startOf('day');
    return { start, next: start.plus({ days: 1 }).startOf('day') };
  }
  const size = HOURS[groupBy];
  if (size === 1) {
    const start = local.startOf('hour');
    return { start, next: start.plus({ hours: 1 }) };
  }
  const hour = local.hour - (local.hour % size);
  const start = local.startOf('day').set({ hour });
  const next =
    hour + size >= 24
      ? local.startOf('day').plus({ days: 1 }).startOf('day')
      : local.startOf('day').set({ hour: hour + size });
  return { start, next };
}

/**
 * Splits [from, to) into report windows aligned to venue time: whole hours, 4- and 12-hour blocks starting at
 * midnight, calendar days, or one window for `all`. The first and last windows are clipped to [from, to).
 */
export function bucketWindows(venue: VenueClock, from: number, to: number, groupBy: GroupBy): Window[] {
  if (to <= from) return [];
  if (groupBy === 'all') return [{ start: from, end: to }];
  const windows: Window[] = [];
  let cursor = from;
  while (cursor < to) {
    const { next } = bucketAround(venue, cursor, groupBy);
    const end = Math.min(next.toMillis(), to);
    if (end <= cursor) throw new Error(`bucket boundary did not advance at ${new Date(cursor).toISOString()}`);
    windows.push({ start: cursor, end });
    cursor = end;
  }
  return windows;
}

/**
 * The window of `bucketWindows(venue, from, to, groupBy)` that holds `at` (from <= at < to), without building the
 * others: a report over a long range only visits the buckets that have activity.
 */
export function windowAt(venue: VenueClock, at: number, from: number, to: number, groupBy: GroupBy): Window {
  if (groupBy === 'all') return { start: from, end: to };
  const { start, next } = bucketAround(venue, at, groupBy);
  return { start: Math.max(start.toMillis(), from), end: Math.min(next.toMillis(), to) };
}

/** Venue-time hour boundaries: the start of the hour containing `at`, and the first boundary at or after it. */
export function floorHour(venue: VenueClock, at: number): number {
  return venue.hourStart(at).getTime();
}

export function ceilHour(venue: VenueClock, at: number): number {
  const floor = floorHour(venue, at);
  return floor === at ? at : venue.local(floor).plus({ hours: 1 }).toMillis();
}

export function nextHour(venue: VenueClock, hourStart: number): number {
  return venue.local(hourStart).plus({ hours: 1 }).toMillis();
}
