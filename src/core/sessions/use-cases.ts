import {
  type CashSession,
  type CashSessionRecord,
  type ClosedCashSession,
  type ClosureSession,
  type Denominations,
  denominationCents,
  denominationsTotal,
} from '../../api/cash-sessions.js';
import { sql } from 'kysely';
import { centsToNumber } from '../../api/money.js';
import type { Db } from '../../storage/database.js';
import type { CashSessionRow } from '../../storage/schema.js';
import type { Principal } from '../auth/principal.js';
import { type CoreContext, reader } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { appendEvent } from '../events/event-log.js';
import { type IdempotencyKey, writeOnce } from '../idempotency.js';
import { queueHandoverPrintJob } from '../printing/queue.js';
import { sessionFigures, sessionWindow } from './figures.js';
import { keptFigures, toSessionRecord } from './records.js';

// Cash sessions: open a drawer with its float, close it with the count (docs/reports.md). Each use case is one
// transaction: the row, the event on the cashier channel and, at the close, the handover slip.

async function findRegister(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; default_printer_id: string | null }> {
  const register = await db
    .selectFrom('cash_registers')
    .select(['id', 'name', 'default_printer_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!register) throw new NotFoundError('Cash register not found');
  return register;
}

/** The register's open session (its drawer), if any. */
export const openSession = (db: Db, registerId: string) =>
  db
    .selectFrom('cash_sessions')
    .selectAll()
    .where('cash_register_id', '=', registerId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();

/** Where money moved at a register is recorded, and when: a sale, a refund, a cancellation, its order's refunds. */
const MONEY_MOVED = [
  { table: 'orders', at: 'confirmed_at' },
  { table: 'refunds', at: 'created_at' },
  { table: 'cancellations', at: 'created_at' },
  { table: 'cancelled_refunds', at: 'created_at' },
] as const;

/** The latest time money moved at the register, at `since` or later (null: none). */
async function latestMoved(
  trx: Db,
  moved: (typeof MONEY_MOVED)[number],
  registerId: string,
  since: number,
): Promise<number | null> {
  const row = await trx
    .selectFrom(moved.table)
    .select(sql<number | null>`max(${sql.ref(moved.at)})`.as('at'))
    .where('cash_register_id', '=', registerId)
    .where(sql.ref(moved.at), '>=', since)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export async function openCashSession(
  ctx: CoreContext,
  registerId: string,
  floatCents: number,
  actor: Principal,
  key?: IdempotencyKey | null,
): Promise<CashSession> {
  return writeOnce(ctx, key, async (trx) => {
    await findRegister(trx, registerId);
    if (await openSession(trx, registerId)) {
      throw new ConflictError('A cash session is already open on this register: close it first', 'session-open');
    }
    // A session starts after what came before it on the register, even within the same millisecond: after the last
    // session's close (no order counts twice) and after the orders confirmed, the refunds paid and the orders
    // cancelled there already (they were not in this drawer).
    const clock = ctx.clock.now().getTime();
    const last = await trx
      .selectFrom('cash_sessions')
      .select((eb) => eb.fn.max('closed_at').as('at'))
      .where('cash_register_id', '=', registerId)
      .executeTakeFirst();
    const after = (at: number | null | undefined) => (at ?? clock - 1) + 1;
    let start = Math.max(clock, after(last?.at));
    for (const moved of MONEY_MOVED) start = Math.max(start, after(await latestMoved(trx, moved, registerId, clock)));
    const now = new Date(start);
    const row: CashSessionRow = {
      id: ctx.newId(),
      cash_register_id: registerId,
      user_id: actor.kind === 'token' ? actor.userId : null,
      user_name: actor.name,
      float_cents: floatCents,
      opened_at: now.getTime(),
      closed_at: null,
      closed_by: null,
      closed_by_name: null,
      counted_cents: null,
      denominations: null,
      card_terminal_cents: null,
      note: null,
      orders: null,
      cash_sales_cents: null,
      card_sales_cents: null,
      cash_refunds_cents: null,
      card_refunds_cents: null,
    };
    await trx.insertInto('cash_sessions').values(row).execute();
    const session: CashSession = {
      id: row.id,
      cashRegisterId: registerId,
      userId: row.user_id,
      float: floatCents,
      openedAt: now.toISOString(),
    };
    await appendEvent(trx, now, 'cashier', 'cash-session-opened', { ...session, userName: row.user_name });
    return session;
  });
}

export interface CloseInput {
  counted?: number | undefined;
  denominations?: Denominations | undefined;
  cardTerminalTotal?: number | undefined;
  note?: string | undefined;
}

export async function closeCashSession(
  ctx: CoreContext,
  registerId: string,
  input: CloseInput,
  actor: Principal,
  key?: IdempotencyKey | null,
): Promise<ClosedCashSession> {
  return writeOnce(ctx, key, async (trx) => {
    const register = await findRegister(trx, registerId);
    const open = await openSession(trx, registerId);
    if (!open) throw new ConflictError('No cash session is open on this register', 'session-not-open');
    // Never before the drawer's start, which may be a millisecond ahead of the clock (see openCashSession): what was
    // sold in it is then dated at that start, and the window must still hold it.
    const now = new Date(Math.max(ctx.clock.now().getTime(), open.opened_at));
    const closedAt = now.getTime();
    const figures = await sessionFigures(trx, sessionWindow(open, closedAt));
    const denominations = input.denominations ? cleanDenominations(input.denominations) : null;
    const counted = denominations ? denominationsTotal(denominations) : (input.counted ?? null);
    const row: CashSessionRow = {
      ...open,
      closed_at: closedAt,
      closed_by: actor.kind === 'token' ? actor.subject : `key:${actor.keyId}`,
      closed_by_name: actor.name,
      counted_cents: counted,
      denominations: denominations ? JSON.stringify(denominations) : null,
      card_terminal_cents: input.cardTerminalTotal ?? null,
      note: input.note ?? null,
      orders: figures.orders,
      cash_sales_cents: figures.cashSales,
      card_sales_cents: figures.cardSales,
      cash_refunds_cents: figures.cashRefunds,
      card_refunds_cents: figures.cardRefunds,
    };
    await trx.updateTable('cash_sessions').set(row).where('id', '=', open.id).execute();
    const record = toSessionRecord(row, figures, register.name) as ClosedCashSession;
    await appendEvent(trx, now, 'cashier', 'cash-session-closed', record);
    await queueHandoverPrintJob(trx, ctx, register.default_printer_id, {
      kind: 'handover',
      registerName: register.name,
      cashierName: row.user_name,
      closedByName: actor.name,
      openedAt: row.opened_at,
      closedAt,
      orders: figures.orders,
      floatCents: row.float_cents,
      cashSalesCents: figures.cashSales,
      cashRefundsCents: figures.cashRefunds,
      expectedCents: record.expectedCash,
      countedCents: counted,
      denominations: denominations
        ? Object.entries(denominations)
            .map(([value, count]) => ({ valueCents: denominationCents(value) as number, count }))
            .sort((a, b) => b.valueCents - a.valueCents)
        : null,
      differenceCents: record.difference,
      cardSalesCents: figures.cardSales,
      cardRefundsCents: figures.cardRefunds,
      cardTerminalCents: record.cardTerminalTotal,
      cardDifferenceCents: record.cardDifference,
      note: row.note,
    });
    return record;
  });
}

/** One key per coin or note ("0.50" and "0.5" are the same coin), the counts of a coin given twice added. */
function cleanDenominations(denominations: Denominations): Denominations {
  const byCents = new Map<number, number>();
  for (const [key, count] of Object.entries(denominations)) {
    const cents = denominationCents(key) as number;
    byCents.set(cents, (byCents.get(cents) ?? 0) + count);
  }
  const out: Denominations = {};
  for (const [cents, count] of [...byCents].sort((a, b) => b[0] - a[0])) {
    if (count > 0) out[denominationKey(cents)] = count;
  }
  return out;
}

/** 2000 → "20", 50 → "0.5", 5 → "0.05": the euro value as a JSON number would write it. */
function denominationKey(cents: number): string {
  return String(centsToNumber(cents));
}

/** The register's sessions, newest first, each with its figures (live while open). */
export async function listCashSessions(ctx: CoreContext, registerId: string): Promise<CashSessionRecord[]> {
  const db = reader(ctx);
  const register = await findRegister(db, registerId);
  const rows = await db
    .selectFrom('cash_sessions')
    .selectAll()
    .where('cash_register_id', '=', registerId)
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return recordsOf(db, ctx, rows, new Map([[register.id, register.name]]));
}

/** Sessions that overlap [from, to) on any register, oldest first: what the general closure lists. */
export async function sessionsBetween(
  ctx: CoreContext,
  db: Db,
  from: number,
  to: number,
): Promise<CashSessionRecord[]> {
  const rows = await db
    .selectFrom('cash_sessions')
    .selectAll()
    .where('opened_at', '<', to)
    .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>', from)]))
    .orderBy('opened_at')
    .orderBy('id')
    .execute();
  const registers = new Map(
    (await db.selectFrom('cash_registers').select(['id', 'name']).execute()).map((r) => [r.id, r.name]),
  );
  return recordsOf(db, ctx, rows, registers);
}

async function recordsOf(
  db: Db,
  ctx: CoreContext,
  rows: CashSessionRow[],
  registers: Map<string, string>,
): Promise<CashSessionRecord[]> {
  const now = ctx.clock.now().getTime();
  const records: CashSessionRecord[] = [];
  for (const row of rows) {
    // An open drawer's figures so far; it may have started a millisecond ahead of the clock (see openCashSession),
    // with what it took dated at that start.
    const figures = keptFigures(row) ?? (await sessionFigures(db, sessionWindow(row, Math.max(now, row.opened_at))));
    records.push(toSessionRecord(row, figures, registers.get(row.cash_register_id) ?? null));
  }
  return records;
}

/** A session as the general closure lists it. */
export function closureSession(record: CashSessionRecord): ClosureSession {
  return {
    id: record.id,
    cashRegisterId: record.cashRegisterId,
    cashRegisterName: record.cashRegisterName,
    userName: record.userName,
    openedAt: record.openedAt,
    closedAt: record.closedAt,
    float: record.float,
    cashSales: record.cashSales,
    cardSales: record.cardSales,
    expectedCash: record.expectedCash,
    counted: record.counted,
    difference: record.difference,
  };
}
