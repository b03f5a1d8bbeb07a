import t from 'tap';
import { CreateOrderInput } from '../../src/api/orders.js';
import { RefundInput } from '../../src/api/refunds.js';
import type { Principal } from '../../src/core/auth/principal.js';
import { refundOrder } from '../../src/core/orders/refunds.js';
import { createOrder } from '../../src/core/orders/use-cases.js';
import { listCashSessions, openCashSession } from '../../src/core/sessions/use-cases.js';
import { buildTestCore } from '../helpers/core.js';
import { seedMenu } from '../helpers/seed.js';

// A refund of more than is left of what was paid is refused as `refund-too-large` and changes nothing: no refund
// row, no unit counted as refunded, no portion back, no event, and the drawer's live figures as they were.

const cashier: Principal = {
  kind: 'token',
  subject: 'token:mario',
  userId: null,
  name: 'mario',
  role: 'operator',
  jti: 'j',
};

t.test('a refund beyond what was paid is refund-too-large and changes nothing, the drawer included', async (t) => {
  const core = await buildTestCore(t, { printJobs: false });
  const menu = await seedMenu(core);
  const { ctx, storage } = core.runtime;
  await openCashSession(ctx, menu.register, 5000, cashier);
  const order = await createOrder(
    ctx,
    CreateOrderInput.parse({
      table: '1',
      customer: 'x',
      orderItems: [
        { foodId: menu.foods.margherita, quantity: 2 },
        { foodId: menu.foods.beer, quantity: 1 },
      ],
      confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register, discount: 1 },
    }),
    cashier,
  );
  const [pizza, beer] = await storage.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  // 18.00 paid; 10.00 given back for one pizza (more than its worth, as a cashier may choose): 8.00 left.
  const first = await refundOrder(
    ctx,
    order.id,
    RefundInput.parse({ items: [{ id: pizza?.id, quantity: 1 }], reason: 'cold', amount: 10 }),
    cashier,
  );
  t.equal(first.amount, 1000);

  const snapshot = async () => ({
    refunds: await storage.db.selectFrom('refunds').selectAll().execute(),
    items: await storage.db.selectFrom('order_items').select(['id', 'refunded_quantity']).execute(),
    foods: await storage.db.selectFrom('foods').select(['id', 'available', 'updated_at']).execute(),
    events: await storage.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    drawer: await listCashSessions(ctx, menu.register),
  });
  const before = await snapshot();
  const tooLarge = await refundOrder(
    ctx,
    order.id,
    RefundInput.parse({ items: [{ id: beer?.id, quantity: 1 }], reason: 'spilled', amount: 8.01 }),
    cashier,
  ).catch((error) => error);
  t.equal(tooLarge.code, 'refund-too-large');
  t.match(tooLarge.details, [{ path: 'body.amount', message: 'at most 8.00' }]);
  t.same(await snapshot(), before, 'nothing changed');
  t.match(before.drawer[0], { cashSales: 1800, cashRefunds: 1000, expectedCash: 5800 });

  // What is left can still be given back, to the cent.
  const last = await refundOrder(
    ctx,
    order.id,
    RefundInput.parse({ items: [{ id: beer?.id, quantity: 1 }], reason: 'spilled', amount: 8 }),
    cashier,
  );
  t.equal(last.amount, 800);
  t.match((await listCashSessions(ctx, menu.register))[0], { cashRefunds: 1800, expectedCash: 5000 });
});
