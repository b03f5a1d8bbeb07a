import fc from 'fast-check';
import t from 'tap';
import { CloseCashSessionInput } from '../../src/api/cash-sessions.js';
import { CreateOrderInput } from '../../src/api/orders.js';
import type { Principal } from '../../src/core/auth/principal.js';
import { createOrder } from '../../src/core/orders/use-cases.js';
import { closeCashSession, listCashSessions, openCashSession } from '../../src/core/sessions/use-cases.js';
import { buildTestCore } from '../helpers/core.js';
import { seedMenu } from '../helpers/seed.js';

// Random evenings: orders on random registers, drawers opened and closed at random times (often in the same
// millisecond as a sale or as the last close). Every session's figures equal a direct sum, to the cent, of the
// sales the model saw made while that session was open on that register: none lost, none counted twice.

const cashier: Principal = {
  kind: 'token',
  subject: 'token:mario',
  userId: null,
  name: 'mario',
  role: 'operator',
  jti: 'j',
};
const PRICES = [750, 850, 400, 450]; // margherita, diavola, beer, tiramisu (test/helpers/seed.ts)

type Op =
  | { kind: 'sale'; register: number; food: number; quantity: number; card: boolean; discount: number; ms: number }
  | { kind: 'open'; register: number; float: number; ms: number }
  | { kind: 'close'; register: number; counted: number; ms: number };

const ms = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 * 60_000 }));
const register = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      register,
      food: fc.integer({ min: 0, max: 3 }),
      quantity: fc.integer({ min: 1, max: 4 }),
      card: fc.boolean(),
      discount: fc.integer({ min: 0, max: 200 }),
      ms,
    }),
  },
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
      ms,
    }),
  },
);

interface ModelSession {
  id: string;
  float: number;
  orders: number;
  cash: number;
  card: number;
  counted: number | null;
}

t.test('every session equals the direct sum of the sales made while it was open', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
      const core = await buildTestCore(t, { printJobs: true });
      const menu = await seedMenu(core);
      const { ctx, storage } = core.runtime;
      const now = ctx.clock.now().getTime();
      const registers = [menu.register, ctx.newId(), ctx.newId()];
      for (const [i, id] of registers.slice(1).entries()) {
        await storage.db
          .insertInto('cash_registers')
          .values({
            id,
            name: `Cassa ${i + 2}`,
            enabled: 1,
            default_printer_id: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const foods = [menu.foods.margherita, menu.foods.diavola, menu.foods.beer, menu.foods.tiramisu];
      const open = new Map<string, ModelSession>();
      const all: ModelSession[] = [];
      for (const step of ops) {
        core.clock.advance(step.ms);
        const registerId = registers[step.register] as string;
        if (step.kind === 'sale') {
          const subtotal = (PRICES[step.food] as number) * step.quantity;
          const discount = Math.min(step.discount, subtotal);
          const input = CreateOrderInput.parse({
            table: '1',
            customer: 'x',
            orderItems: [{ foodId: foods[step.food], quantity: step.quantity }],
            confirm: {
              paymentMethod: step.card ? 'CARD' : 'CASH',
              cashRegisterId: registerId,
              discount: discount / 100,
            },
          });
          await createOrder(ctx, input, cashier);
          const session = open.get(registerId);
          if (session) {
            session.orders += 1;
            if (step.card) session.card += subtotal - discount;
            else session.cash += subtotal - discount;
          }
        } else if (step.kind === 'open') {
          const result = await openCashSession(ctx, registerId, step.float, cashier).catch((error) => error);
          if (open.has(registerId)) {
            if (result?.code !== 'session-open') throw new Error(`a second open was not refused: ${result}`);
            continue;
          }
          const session = { id: result.id, float: step.float, orders: 0, cash: 0, card: 0, counted: null };
          open.set(registerId, session);
          all.push(session);
        } else {
          const input = CloseCashSessionInput.parse({ counted: step.counted / 100 });
          const result = await closeCashSession(ctx, registerId, input, cashier).catch((error) => error);
          const session = open.get(registerId);
          if (!session) {
            if (result?.code !== 'session-not-open') throw new Error(`a close with none open was not refused`);
            continue;
          }
          open.delete(registerId);
          session.counted = step.counted;
          const expected = session.float + session.cash;
          const figures = { orders: result.orders, cash: result.cashSales, card: result.cardSales };
          if (
            JSON.stringify(figures) !==
            JSON.stringify({ orders: session.orders, cash: session.cash, card: session.card })
          ) {
            throw new Error(
              `close of ${session.id}: ${JSON.stringify(figures)} but the sales made ${JSON.stringify(session)}`,
            );
          }
          if (result.expectedCash !== expected || result.difference !== step.counted - expected) {
            throw new Error(`close of ${session.id}: expected ${result.expectedCash}, difference ${result.difference}`);
          }
        }
      }
      // Later sales on other registers, and the clock moving on, change no closed session; the open ones are live.
      core.clock.advance(60_000);
      const listed = new Map<string, Awaited<ReturnType<typeof listCashSessions>>[number]>();
      for (const id of registers) for (const record of await listCashSessions(ctx, id)) listed.set(record.id, record);
      if (listed.size !== all.length) throw new Error(`${listed.size} sessions listed, ${all.length} opened`);
      for (const session of all) {
        const record = listed.get(session.id);
        const seen = {
          orders: record?.orders,
          cash: record?.cashSales,
          card: record?.cardSales,
          counted: record?.counted,
        };
        const wanted = { orders: session.orders, cash: session.cash, card: session.card, counted: session.counted };
        if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
          throw new Error(
            `session ${session.id}: listed ${JSON.stringify(seen)}, the sales made ${JSON.stringify(wanted)}`,
          );
        }
        if (record?.expectedCash !== session.float + session.cash) throw new Error(`session ${session.id}: expected`);
      }
    }),
    { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 40), seed: Number(process.env['PROPERTY_SEED'] ?? 42) },
  );
  t.pass('every session added up');
});
