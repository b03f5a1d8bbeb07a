import type { ClosureSession } from '../../api/cash-sessions.js';
import type { ClosureEvent } from '../../api/reports.js';
import { closureSession, sessionsBetween } from '../sessions/use-cases.js';
import type { Db } from '../../storage/database.js';
import { type Principal, principalId } from '../auth/principal.js';
import { type CoreContext, reader } from '../context.js';
import { InvalidError } from '../errors.js';
import { centsToNumber } from '../money.js';
import { type IdempotencyKey, writeOnce } from '../idempotency.js';
import { appendEvent } from '../events/event-log.js';
import { queueClosurePrintJob } from '../printing/queue.js';
import { windowFigures } from './aggregate.js';
import { ceilHour, floorHour } from './buckets.js';
import { buildReport, catalogNames, type Report, savedReport, storedReport } from './report.js';
import { snapshotWatermark } from './snapshots.js';

/**
 * The general closure: one report of the business day so far (from 07:00 venue time, or yesterday's 07:00 before
 * that), computed and saved in the same transaction, announced on the printer channel (`general-closure`, with the
 * requesting register, flat and nested as print services read it) so it is printed on that register's printer.
 */
export async function generalClosure(
  ctx: CoreContext,
  cashRegisterId: string,
  actor: Principal,
  key?: IdempotencyKey | null,
): Promise<Report & { cashRegisterId: string; sessions: ClosureSession[] }> {
  return writeOnce(ctx, key, (trx) => closeBusinessDay(trx, ctx, cashRegisterId, actor));
}

async function closeBusinessDay(
  trx: Db,
  ctx: CoreContext,
  cashRegisterId: string,
  actor: Principal,
): Promise<Report & { cashRegisterId: string; sessions: ClosureSession[] }> {
  const register = await trx
    .selectFrom('cash_registers')
    .select(['id', 'name'])
    .where('id', '=', cashRegisterId)
    .executeTakeFirst();
  if (!register) {
    throw new InvalidError(`Unknown cash register ${cashRegisterId}`, [
      { path: 'body.cashRegister', message: 'unknown cash register' },
    ]);
  }
  const now = ctx.clock.now();
  // Everything done before the closure is in it, its own millisecond included. A drawer opened or closed in a busy
  // millisecond is dated a millisecond or so ahead of the clock, and so is what it took (docs/reports.md, "Cash
  // sessions"): the window reaches the latest of them too.
  const ahead = await trx
    .selectFrom('cash_sessions')
    .select((eb) => [eb.fn.max('opened_at').as('opened'), eb.fn.max('closed_at').as('closed')])
    .executeTakeFirst();
  const end = Math.max(now.getTime(), ahead?.opened ?? 0, ahead?.closed ?? 0) + 1;
  const window = { start: ctx.venue.businessDayStart(now).getTime(), end };
  const watermark = (await snapshotWatermark(trx)) ?? Number.NEGATIVE_INFINITY;
  const figures = await windowFigures(trx, window, {
    watermark,
    ceilHour: (at) => ceilHour(ctx.venue, at),
    floorHour: (at) => floorHour(ctx.venue, at),
  });
  const id = ctx.newId();
  const report = buildReport(id, window, figures, await catalogNames(trx, [figures]));
  await trx
    .insertInto('reports')
    .values({
      id,
      kind: 'closure',
      period_start: window.start,
      period_end: window.end,
      cash_register_id: register.id,
      data: storedReport(report),
      created_at: now.getTime(),
    })
    .execute();
  await trx
    .insertInto('audit_log')
    .values({
      at: now.getTime(),
      actor: principalId(actor),
      action: 'general-closure',
      entity: 'report',
      entity_id: id,
      data: JSON.stringify({
        cashRegisterId: register.id,
        totalRevenue: centsToNumber(report.totalRevenue),
        totalOrders: report.totalOrders,
      }),
    })
    .execute();
  const sessions = (await sessionsBetween(ctx, trx, window.start, window.end)).map(closureSession);
  const response = { ...report, cashRegisterId: register.id, sessions };
  const event: ClosureEvent = { ...response, cashRegister: register.id, report };
  await appendEvent(trx, now, 'printer', 'general-closure', event);
  await queueClosurePrintJob(trx, ctx, {
    report,
    cashRegisterId: register.id,
    from: window.start,
    to: window.end,
    sessions,
  });
  return response;
}

/** Saved closures, newest first (extension: the treasurer's history). */
export async function listClosures(
  ctx: CoreContext,
  limit = 50,
): Promise<Array<Report & { cashRegisterId: string | null; createdAt: string }>> {
  const rows = await reader(ctx)
    .selectFrom('reports')
    .selectAll()
    .where('kind', '=', 'closure')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...savedReport(row.data),
    cashRegisterId: row.cash_register_id,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
