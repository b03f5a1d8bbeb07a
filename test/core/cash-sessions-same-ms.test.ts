import t from 'tap';
import { CloseCashSessionInput } from '../../src/api/cash-sessions.js';
import { CreateOrderInput } from '../../src/api/orders.js';
import { RefundInput } from '../../src/api/refunds.js';
import type { Principal } from '../../src/core/auth/principal.js';
import { refundOrder } from '../../src/core/orders/refunds.js';
import { createOrder } from '../../src/core/orders/use-cases.js';
import { generalClosure } from '../../src/core/reports/closure.js';
import { closeCashSession, listCashSessions, openCashSession } from '../../src/core/sessions/use-cases.js';
import type { TestLike } from '../helpers/app.js';
import { buildTestCore } from '../helpers/core.js';
import { seedMenu } from '../helpers/seed.js';

// A drawer opened in the millisecond of the last close, a sale or a refund starts a millisecond later. Whatever
// happens at the register within that millisecond belongs to the drawer that was open when it happened: none lost
// between two drawers, none counted by a drawer opened after it.

const cashier: Principal = {
  kind: 'token',
  subject: 'token:mario',
  userId: null,
  name: 'mario',
  role: 'operator',
  jti: 'j',
};

async function setUp(t: TestLike) {
  const core = await buildTestCore(t, { printJobs: false });
  const menu = await seedMenu(core);
  const { ctx, storage } = core.runtime;
  const sell = async () => {
    const input = CreateOrderInput.parse({
      table: '1',
      customer: 'x',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 2 }],
      confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    });
    return (await createOrder(ctx, input, cashier)).id;
  };
  const refund = async (orderId: number) => {
    const item = await storage.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return refundOrder(
      ctx,
      orderId,
      RefundInput.parse({ items: [{ id: item.id, quantity: 1 }], reason: 'cold' }),
      cashier,
    );
  };
  const open = () => openCashSession(ctx, menu.register, 5000, cashier);
  const close = () => closeCashSession(ctx, menu.register, CloseCashSessionInput.parse({ counted: 50 }), cashier);
  const sessions = () => listCashSessions(ctx, menu.register);
  return { core, sell, refund, open, close, sessions };
}

t.test('a sale and a refund right after a handover in the same millisecond count in the new drawer', async (t) => {
  const { core, sell, refund, open, close } = await setUp(t);
  await open();
  const paid = await sell();
  core.clock.advance(60_000);
  const first = await close();
  await open();
  await sell();
  await refund(paid);
  const second = await close();
  t.match(first, { orders: 1, cashSales: 1500, cashRefunds: 0 }, 'the first drawer: the sale before the handover');
  t.match(second, { orders: 1, cashSales: 1500, cashRefunds: 750, expectedCash: 5750 }, 'the second: what followed');
});

t.test('a drawer opened in the millisecond of a refund paid without one does not count it', async (t) => {
  const { core, sell, refund, open, close } = await setUp(t);
  const paid = await sell();
  core.clock.advance(60_000);
  await refund(paid);
  await open();
  t.match(await close(), { orders: 0, cashSales: 0, cashRefunds: 0, expectedCash: 5000 });
});

t.test('a drawer closed in the millisecond it was opened keeps what was sold in it', async (t) => {
  const { sell, open, close, sessions } = await setUp(t);
  await sell();
  await open();
  await sell();
  const closed = await close();
  t.match(closed, { orders: 1, cashSales: 1500, expectedCash: 6500 });
  t.ok(Date.parse(closed.closedAt as string) >= Date.parse(closed.openedAt), 'closed no earlier than opened');
  t.match((await sessions())[0], { orders: 1, cashSales: 1500 }, 'listed the same');
});

t.test('an open drawer a millisecond ahead of the clock shows what it took so far', async (t) => {
  const { sell, open, sessions } = await setUp(t);
  await sell();
  await open();
  await sell();
  t.match((await sessions())[0], { status: 'open', orders: 1, cashSales: 1500, expectedCash: 6500 });
});

t.test('the general closure holds the sales and refunds of its own millisecond, and the drawer it lists', async (t) => {
  const { core, sell, refund, open } = await setUp(t);
  await open();
  const paid = await sell();
  core.clock.advance(60_000);
  await refund(paid);
  const closure = await generalClosure(
    core.runtime.ctx,
    (
      await core.runtime.storage.db
        .selectFrom('cash_registers')
        .select('id')
        .where('enabled', '=', 1)
        .executeTakeFirstOrThrow()
    ).id,
    cashier,
  );
  t.match(closure, { totalOrders: 1, totalRevenue: 750, totalCashRevenue: 750, totalRefunds: 750 });
  t.match(closure.sessions, [{ cashSales: 1500, expectedCash: 5750 }]);
});
