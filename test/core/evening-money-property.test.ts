import fc from 'fast-check';
import t from 'tap';
import { CloseCashSessionInput } from '../../src/api/cash-sessions.js';
import { centsToNumber } from '../../src/api/money.js';
import { CreateOrderInput } from '../../src/api/orders.js';
import { RefundInput } from '../../src/api/refunds.js';
import type { Principal } from '../../src/core/auth/principal.js';
import { refundOrder } from '../../src/core/orders/refunds.js';
import { createOrder, deleteOrder } from '../../src/core/orders/use-cases.js';
import { generalClosure } from '../../src/core/reports/closure.js';
import { listReports } from '../../src/core/reports/queries.js';
import { closeCashSession, listCashSessions, openCashSession } from '../../src/core/sessions/use-cases.js';
import type { TestLike } from '../helpers/app.js';
import { buildTestCore, type TestCore } from '../helpers/core.js';
import { seedMenu } from '../helpers/seed.js';

// A model-based evening of money: orders paid on random registers (cash or card, discounts with reasons), refunds
// of random units at random times (paid at a random register, the default amount or one given, sometimes more than
// is left), cancellations, drawers opened and closed at random times (often in the same millisecond as a sale, a
// refund or the last close). The model writes down what happened in the order it happened: a sale or refund belongs
// to the drawer open on its register when it was made. After the evening, every session and the report equal plain
// sums over the model, to the cent (docs/reports.md explains each figure).

const cashier: Principal = {
  kind: 'token',
  subject: 'token:mario',
  userId: null,
  name: 'mario',
  role: 'operator',
  jti: 'j',
};
const PRICES = [750, 850, 400, 450]; // margherita, diavola, beer, tiramisu (test/helpers/seed.ts)
const REASONS = ['Volontari', 'Staff', undefined] as const;

type Op =
  | {
      kind: 'sale';
      register: number;
      lines: Array<{ food: number; quantity: number }>;
      card: boolean;
      discount: number;
      reason: number;
      ms: number;
    }
  | {
      kind: 'refund';
      pick: number;
      line: number;
      units: number;
      /** 0: the default amount; 1: an amount within what is left; 2: more than is left. */
      amount: 0 | 1 | 2;
      cents: number;
      register: number | null;
      otherMethod: boolean;
      ms: number;
    }
  | { kind: 'cancel'; pick: number; ms: number }
  | { kind: 'open'; register: number; float: number; ms: number }
  | { kind: 'close'; register: number; counted: number; handover: boolean; ms: number };

const ms = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 * 60_000 }));
const register = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      register,
      lines: fc.array(fc.record({ food: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      card: fc.boolean(),
      discount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
      reason: fc.integer({ min: 0, max: 2 }),
      ms,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      line: fc.nat(),
      units: fc.nat(),
      amount: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2),
      cents: fc.nat(),
      register: fc.option(register),
      otherMethod: fc.boolean(),
      ms,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), ms }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      register,
      float: fc.integer({ min: 0, max: 20000 }),
      ms,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      register,
      counted: fc.integer({ min: 0, max: 50000 }),
      handover: fc.boolean(),
      ms,
    }),
  },
);

interface ModelOrder {
  id: number;
  register: string;
  method: 'CASH' | 'CARD';
  total: number;
  discount: number;
  reason: string | null;
  lines: Array<{ id: string; quantity: number; refunded: number }>;
  /** The drawer open on its register when it was paid (null: none). */
  session: string | null;
  cancelled: boolean;
}
interface ModelRefund {
  orderId: number;
  register: string;
  method: 'CASH' | 'CARD';
  amount: number;
  session: string | null;
}
interface ModelSession {
  id: string;
  register: string;
  float: number;
  counted: number | null;
  /** The figures the model summed at the close (null while open). */
  closed: Figures | null;
}
interface Figures {
  orders: number;
  cashSales: number;
  cardSales: number;
  cashRefunds: number;
  cardRefunds: number;
}

class Evening {
  orders: ModelOrder[] = [];
  refunds: ModelRefund[] = [];
  /** What each cancellation handed back, and the drawer open at the order's register when it did. */
  cancellations: Array<{ amount: number; method: 'CASH' | 'CARD'; session: string | null }> = [];
  sessions: ModelSession[] = [];
  open = new Map<string, ModelSession>();
  /**
   * Registers whose drawers cannot add up to their line of the report: a sale, refund or cancellation made while no
   * drawer was open, or a cancelled order refunded at another register or by the other method (the money moved
   * between drawers or methods, which the report, where the sale never happened, does not show).
   */
  uncovered = new Set<string>();

  /**
   * A session's figures: the money that moved while it was open, where it moved. A sale cancelled later still came
   * in, its refunds still went out, and the cancellation's money went out of the drawer open when it was made.
   */
  figures(session: string): Figures {
    const sold = this.orders.filter((o) => o.session === session);
    const refunds = this.refunds.filter((r) => r.session === session);
    const paidBack = this.cancellations.filter((c) => c.session === session);
    const total = <T extends { amount?: number; total?: number }>(rows: T[], which: (row: T) => boolean) =>
      rows.filter(which).reduce((sum, row) => sum + (row.amount ?? row.total ?? 0), 0);
    const back = (method: string) =>
      total(refunds, (r) => r.method === method) + total(paidBack, (c) => c.method === method);
    return {
      orders: sold.filter((o) => !o.cancelled).length,
      cashSales: total(sold, (o) => o.method === 'CASH'),
      cardSales: total(sold, (o) => o.method === 'CARD'),
      cashRefunds: back('CASH'),
      cardRefunds: back('CARD'),
    };
  }

  /** The refunds the reports count: those of orders not cancelled (a cancelled order's leave with it). */
  liveRefunds(): ModelRefund[] {
    const cancelled = new Set(this.orders.filter((o) => o.cancelled).map((o) => o.id));
    return this.refunds.filter((r) => !cancelled.has(r.orderId));
  }

  left(order: ModelOrder): number {
    return order.total - this.refunds.filter((r) => r.orderId === order.id).reduce((sum, r) => sum + r.amount, 0);
  }
}

async function addRegisters(core: TestCore, first: string): Promise<string[]> {
  const { ctx, storage } = core.runtime;
  const now = ctx.clock.now().getTime();
  const registers = [first, ctx.newId(), ctx.newId()];
  for (const [i, id] of registers.slice(1).entries()) {
    await storage.db
      .insertInto('cash_registers')
      .values({ id, name: `Cassa ${i + 2}`, enabled: 1, default_printer_id: null, created_at: now, updated_at: now })
      .execute();
  }
  return registers;
}

const same = (what: string, seen: unknown, wanted: unknown) => {
  if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
    throw new Error(`${what}: ${JSON.stringify(seen)}, the model says ${JSON.stringify(wanted)}`);
  }
};

const stats = { closures: 0, runs: 0, refunds: 0, tooLarge: 0, cancellations: 0, sessions: 0, covered: 0 };

async function playEvening(t: TestLike, coverAll: boolean, ops: Op[]) {
  const core = await buildTestCore(t, { printJobs: false });
  const menu = await seedMenu(core);
  const { ctx, storage } = core.runtime;
  const registers = await addRegisters(core, menu.register);
  const foods = [menu.foods.margherita, menu.foods.diavola, menu.foods.beer, menu.foods.tiramisu];
  const model = new Evening();
  const start = ctx.clock.now().getTime();

  const openDrawer = async (registerId: string, float: number) => {
    const result = await openCashSession(ctx, registerId, float, cashier).catch((error) => error);
    if (model.open.has(registerId)) {
      if (result?.code !== 'session-open') throw new Error(`a second open was not refused: ${result}`);
      return;
    }
    if (typeof result?.id !== 'string') throw new Error(`open refused: ${result}`);
    const session: ModelSession = { id: result.id, register: registerId, float, counted: null, closed: null };
    model.open.set(registerId, session);
    model.sessions.push(session);
  };
  const closeDrawer = async (registerId: string, counted: number) => {
    const input = CloseCashSessionInput.parse({ counted: centsToNumber(counted) });
    const result = await closeCashSession(ctx, registerId, input, cashier).catch((error) => error);
    const session = model.open.get(registerId);
    if (!session) {
      if (result?.code !== 'session-not-open') throw new Error('a close with none open was not refused');
      return;
    }
    model.open.delete(registerId);
    session.counted = counted;
    session.closed = model.figures(session.id);
    const expected = session.float + session.closed.cashSales - session.closed.cashRefunds;
    const { orders, cashSales, cardSales, cashRefunds, cardRefunds } = result;
    same(`close of ${session.id}`, { orders, cashSales, cardSales, cashRefunds, cardRefunds }, session.closed);
    same(
      `close of ${session.id}: expected, difference`,
      [result.expectedCash, result.difference],
      [expected, counted - expected],
    );
  };
  const liveSessions = async () => {
    const all = [];
    for (const id of registers) all.push(...(await listCashSessions(ctx, id)));
    return all;
  };

  if (coverAll) for (const id of registers) await openDrawer(id, 5000);
  for (const step of ops) {
    core.clock.advance(step.ms);
    if (step.kind === 'sale') {
      const registerId = registers[step.register] as string;
      const subtotal = step.lines.reduce((sum, line) => sum + (PRICES[line.food] as number) * line.quantity, 0);
      const discount = Math.min(step.discount, subtotal);
      const reason = REASONS[step.reason];
      const input = CreateOrderInput.parse({
        table: '1',
        customer: 'x',
        orderItems: step.lines.map((line) => ({ foodId: foods[line.food], quantity: line.quantity })),
        confirm: {
          paymentMethod: step.card ? 'CARD' : 'CASH',
          cashRegisterId: registerId,
          discount: centsToNumber(discount),
          ...(reason ? { discountReason: reason } : {}),
        },
      });
      const { id } = await createOrder(ctx, input, cashier);
      const lines = await storage.db
        .selectFrom('order_items')
        .select(['id', 'quantity'])
        .where('order_id', '=', id)
        .orderBy('position')
        .execute();
      const session = model.open.get(registerId)?.id ?? null;
      if (session === null) model.uncovered.add(registerId);
      model.orders.push({
        id,
        register: registerId,
        method: step.card ? 'CARD' : 'CASH',
        total: subtotal - discount,
        discount,
        reason: discount > 0 ? (reason ?? null) : null,
        lines: lines.map((line) => ({ ...line, refunded: 0 })),
        session,
        cancelled: false,
      });
    } else if (step.kind === 'refund') {
      const live = model.orders.filter((o) => !o.cancelled && o.lines.some((l) => l.refunded < l.quantity));
      const order = live[step.pick % Math.max(1, live.length)];
      if (!order) continue;
      const lines = order.lines.filter((l) => l.refunded < l.quantity);
      const line = lines[step.line % lines.length] as ModelOrder['lines'][number];
      const units = 1 + (step.units % (line.quantity - line.refunded));
      const left = model.left(order);
      const asked =
        step.amount === 0 ? undefined : step.amount === 1 ? step.cents % (left + 1) : left + 1 + (step.cents % 500);
      const registerId = step.register === null ? order.register : (registers[step.register] as string);
      const method = step.otherMethod ? (order.method === 'CASH' ? 'CARD' : 'CASH') : order.method;
      const input = RefundInput.parse({
        items: [{ id: line.id, quantity: units }],
        reason: 'r',
        ...(asked === undefined ? {} : { amount: centsToNumber(asked) }),
        ...(step.otherMethod ? { method } : {}),
        ...(step.register === null ? {} : { cashRegisterId: registerId }),
      });
      const before = step.amount === 2 ? JSON.stringify(await liveSessions()) : '';
      const result = await refundOrder(ctx, order.id, input, cashier).catch((error) => error);
      if (step.amount === 2) {
        // More than is left of what was paid: refused, and nothing changed (the drawers' live figures included).
        if (result?.code !== 'refund-too-large') throw new Error(`a refund beyond what was paid: ${result}`);
        const refunds = await storage.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute();
        same(
          `order ${order.id}: refunds after a refusal`,
          refunds.length,
          model.refunds.filter((r) => r.orderId === order.id).length,
        );
        same('the drawers after a refused refund', JSON.stringify(await liveSessions()), before);
        stats.tooLarge += 1;
        continue;
      }
      if (typeof result?.amount !== 'number') throw new Error(`refund refused: ${result?.message ?? result}`);
      if (asked !== undefined) same(`refund of order ${order.id}: amount`, result.amount, asked);
      else if (result.amount < 0 || result.amount > left) throw new Error(`default refund ${result.amount} of ${left}`);
      same(
        `refund of order ${order.id}: method, register`,
        [result.method, result.cashRegisterId],
        [method, registerId],
      );
      line.refunded += units;
      const session = model.open.get(registerId)?.id ?? null;
      if (session === null) model.uncovered.add(registerId);
      model.refunds.push({ orderId: order.id, register: registerId, method, amount: result.amount, session });
      stats.refunds += 1;
    } else if (step.kind === 'cancel') {
      const live = model.orders.filter((o) => !o.cancelled);
      const order = live[step.pick % Math.max(1, live.length)];
      if (!order) continue;
      await deleteOrder(ctx, order.id, cashier);
      const session = model.open.get(order.register)?.id ?? null;
      if (session === null) model.uncovered.add(order.register);
      for (const refund of model.refunds.filter((r) => r.orderId === order.id)) {
        if (refund.register === order.register && refund.method === order.method) continue;
        model.uncovered.add(order.register).add(refund.register);
      }
      model.cancellations.push({ amount: Math.max(0, model.left(order)), method: order.method, session });
      order.cancelled = true;
      stats.cancellations += 1;
    } else if (step.kind === 'open') {
      await openDrawer(registers[step.register] as string, step.float);
    } else {
      const registerId = registers[step.register] as string;
      await closeDrawer(registerId, step.counted);
      if (coverAll || step.handover) await openDrawer(registerId, 5000);
    }
  }
  // The general closure, in the millisecond of the last step: the business day's totals and every drawer of it, the
  // open ones with their figures so far.
  if (ctx.venue.businessDayStart(ctx.clock.now()).getTime() <= start) {
    const closure = await generalClosure(ctx, registers[0] as string, cashier);
    const orders = model.orders.filter((o) => !o.cancelled);
    const paid = (method: string) => orders.filter((o) => o.method === method).reduce((sum, o) => sum + o.total, 0);
    const back = (method: string) =>
      model
        .liveRefunds()
        .filter((r) => r.method === method)
        .reduce((sum, r) => sum + r.amount, 0);
    same(
      'the closure',
      [closure.totalOrders, closure.totalCashRevenue, closure.totalCardRevenue, closure.cancellations.count],
      [orders.length, paid('CASH') - back('CASH'), paid('CARD') - back('CARD'), model.cancellations.length],
    );
    same(
      "the closure's drawers",
      closure.sessions.map((s) => [s.id, s.cashSales, s.cardSales, s.expectedCash]).sort(),
      model.sessions
        .map((session) => {
          const figures = session.closed ?? model.figures(session.id);
          return [
            session.id,
            figures.cashSales,
            figures.cardSales,
            session.float + figures.cashSales - figures.cashRefunds,
          ];
        })
        .sort(),
    );
    stats.closures += 1;
  }
  core.clock.advance(60_000);
  for (const id of registers) if (model.open.has(id)) await closeDrawer(id, 0);
  const end = ctx.clock.now().getTime() + 1;

  // Every session, as listed, equals what the model summed at its close.
  const listed = new Map((await liveSessions()).map((record) => [record.id, record]));
  same('sessions listed', listed.size, model.sessions.length);
  for (const session of model.sessions) {
    const record = listed.get(session.id);
    const figures = session.closed as Figures;
    const { orders, cashSales, cardSales, cashRefunds, cardRefunds, expectedCash, difference } = record ?? {};
    const expected = session.float + figures.cashSales - figures.cashRefunds;
    same(
      `session ${session.id}`,
      { orders, cashSales, cardSales, cashRefunds, cardRefunds, expectedCash, difference },
      { ...figures, expectedCash: expected, difference: (session.counted as number) - expected },
    );
  }

  // The report of the evening equals plain sums over the model.
  const reports = await listReports(ctx, { from: start, to: end, groupBy: 'all' });
  same('reports of the evening', reports.length, model.orders.length + model.cancellations.length > 0 ? 1 : 0);
  const report = reports[0];
  if (!report) return;
  const orders = model.orders.filter((o) => !o.cancelled);
  const sum = <T>(rows: T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
  const paid = (which: (o: ModelOrder) => boolean) => sum(orders.filter(which), (o) => o.total);
  const back = (which: (r: ModelRefund) => boolean) => sum(model.liveRefunds().filter(which), (r) => r.amount);
  same(
    'totals',
    [report.totalOrders, report.totalRevenue, report.totalCashRevenue, report.totalCardRevenue, report.totalRefunds],
    [
      orders.length,
      paid(() => true) - back(() => true),
      paid((o) => o.method === 'CASH') - back((r) => r.method === 'CASH'),
      paid((o) => o.method === 'CARD') - back((r) => r.method === 'CARD'),
      back(() => true),
    ],
  );
  const lines = registers
    .map((id) => ({
      id,
      revenue: paid((o) => o.register === id) - back((r) => r.register === id),
      cash:
        paid((o) => o.register === id && o.method === 'CASH') - back((r) => r.register === id && r.method === 'CASH'),
      card:
        paid((o) => o.register === id && o.method === 'CARD') - back((r) => r.register === id && r.method === 'CARD'),
      touched: orders.some((o) => o.register === id) || model.liveRefunds().some((r) => r.register === id),
    }))
    .filter((line) => line.touched)
    .map(({ touched: _, ...line }) => line);
  same(
    'register lines',
    report.cashRegisterStats
      .map((r) => ({
        id: r.cashRegisterId,
        revenue: r.totalRevenue,
        cash: r.totalCashRevenue,
        card: r.totalCardRevenue,
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    lines.sort((a, b) => a.id.localeCompare(b.id)),
  );
  const cancelled = (which: (c: Evening['cancellations'][number]) => boolean) =>
    sum(model.cancellations.filter(which), (c) => c.amount);
  same('cancellations', report.cancellations, {
    count: model.cancellations.length,
    amount: cancelled(() => true),
    cash: cancelled((c) => c.method === 'CASH'),
    card: cancelled((c) => c.method === 'CARD'),
  });
  const reasons = new Map<string | null, { count: number; amount: number }>();
  for (const o of orders.filter((o) => o.discount > 0)) {
    const entry = reasons.get(o.reason) ?? { count: 0, amount: 0 };
    entry.count += 1;
    entry.amount += o.discount;
    reasons.set(o.reason, entry);
  }
  const byReason = (rows: Array<{ reason: string | null; count: number; amount: number }>) =>
    rows.map((r) => `${r.reason ?? '-'}:${r.count}x${r.amount}`).sort();
  same(
    'discounts by reason',
    byReason(report.discountsByReason),
    byReason([...reasons].map(([reason, d]) => ({ reason, ...d }))),
  );
  same(
    'total discount',
    report.totalDiscount,
    sum(orders, (o) => o.discount),
  );
  const categories = sum(report.categoryStats, (c) => c.revenue);
  same(
    'categories − discounts − refunds',
    categories - report.totalDiscount - report.totalRefunds,
    report.totalRevenue,
  );

  // A register whose every sale, refund and cancellation was made in a drawer, no cancelled order of it refunded
  // elsewhere or otherwise: its closed sessions add up to its line, whenever its drawers closed.
  for (const line of lines) {
    if (model.uncovered.has(line.id)) continue;
    const mine = [...listed.values()].filter((s) => s.cashRegisterId === line.id);
    same(
      `register ${line.id}: its drawers against its line`,
      [sum(mine, (s) => s.cashSales - s.cashRefunds), sum(mine, (s) => s.cardSales - s.cardRefunds)],
      [line.cash, line.card],
    );
    stats.covered += 1;
  }
  stats.sessions += model.sessions.length;
}

t.test('every drawer and the report of a random evening equal plain sums over what happened', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 40 }), async (coverAll, ops) => {
      stats.runs += 1;
      await playEvening(t, coverAll, ops);
    }),
    { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 60), seed: Number(process.env['PROPERTY_SEED'] ?? 7) },
  );
  t.ok(stats.refunds > 0 && stats.tooLarge > 0 && stats.cancellations > 0, `the evenings ${JSON.stringify(stats)}`);
  t.ok(stats.covered > 0, 'some registers had every sale in a drawer');
});
