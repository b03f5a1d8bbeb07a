import { type CoreContext, reader } from '../context.js';
import { NotFoundError } from '../errors.js';
import { nextActivity, windowFigures } from './aggregate.js';
import { ceilHour, floorHour, type GroupBy, type Window, windowAt } from './buckets.js';
import { isEmpty, type Figures } from './figures.js';
import { buildReport, catalogNames, parseWindowReportId, savedReport, type Report, windowReportId } from './report.js';
import { snapshotWatermark } from './snapshots.js';

async function figuresOf(ctx: CoreContext, windows: Window[]): Promise<Figures[]> {
  const db = reader(ctx);
  const watermark = (await snapshotWatermark(db)) ?? Number.NEGATIVE_INFINITY;
  const hours = {
    watermark,
    ceilHour: (at: number) => ceilHour(ctx.venue, at),
    floorHour: (at: number) => floorHour(ctx.venue, at),
  };
  const result: Figures[] = [];
  for (const window of windows) result.push(await windowFigures(db, window, hours));
  return result;
}

/**
 * The buckets of [from, to) that have a confirmation or a completion in them, found by jumping from one activity
 * to the next: a range of years with two busy evenings costs two buckets, not tens of thousands of empty ones.
 * Buckets that start after `now` cannot hold anything yet.
 */
async function activeWindows(
  ctx: CoreContext,
  from: number,
  to: number,
  groupBy: GroupBy,
  now: number,
): Promise<Window[]> {
  if (to <= from) return [];
  if (groupBy === 'all') return from <= now ? [{ start: from, end: to }] : [];
  const db = reader(ctx);
  const windows: Window[] = [];
  let cursor = from;
  while (cursor < to) {
    const at = await nextActivity(db, cursor);
    if (at === null || at >= to) break;
    const bucket = windowAt(ctx.venue, at, from, to, groupBy);
    // Where clocks move by half an hour (Lord Howe), the bucket computed around the change can miss the instant it
    // was computed for: a window never starts before the last one ended, nor leaves out the activity that made it.
    const window = { start: Math.max(Math.min(bucket.start, at), cursor), end: Math.max(bucket.end, at + 1) };
    if (window.start > now) break;
    windows.push(window);
    cursor = window.end;
  }
  return windows;
}

/** Reports of [from, to) grouped into venue-time buckets; `to` defaults to now. Empty buckets are left out. */
export async function listReports(
  ctx: CoreContext,
  query: { from: number; to?: number | undefined; groupBy: GroupBy },
): Promise<Report[]> {
  const now = ctx.clock.now().getTime();
  const windows = await activeWindows(ctx, query.from, query.to ?? now, query.groupBy, now);
  const figures = await figuresOf(ctx, windows);
  const names = await catalogNames(reader(ctx), figures);
  const reports: Report[] = [];
  windows.forEach((window, index) => {
    const f = figures[index] as Figures;
    if (!isEmpty(f)) reports.push(buildReport(windowReportId(window), window, f, names));
  });
  return reports;
}

/** Computes the report of one window (the closure uses this for the business day). */
async function windowReport(ctx: CoreContext, window: Window, id: string): Promise<Report> {
  const [figures] = (await figuresOf(ctx, [window])) as [Figures];
  return buildReport(id, window, figures, await catalogNames(reader(ctx), [figures]));
}

/** A saved closure, or a computed report whose id encodes its window (as GET /v1/reports returns them). */
export async function getReport(ctx: CoreContext, id: string): Promise<Report> {
  const saved = await reader(ctx).selectFrom('reports').select('data').where('id', '=', id).executeTakeFirst();
  if (saved) return savedReport(saved.data);
  const window = parseWindowReportId(id);
  if (!window) throw new NotFoundError('Report not found');
  return windowReport(ctx, window, id);
}
