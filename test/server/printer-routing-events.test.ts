import t from 'tap';
import { cuid } from '../../src/core/ids.js';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, eventsSince, lastEventId } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// A print service prints each item on its `food.printerId`: the printer the item is routed to (the food's own, else
// its category's, else the register's default), so items routed by category or register are not lost.

t.test('printer-channel items carry the printer each item is routed to: food, category, register, none', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const now = app.runtime.ctx.clock.now().getTime();
  const pannaCotta = cuid();
  // Desserts have no printer and neither has this food: it goes to the register's printer.
  await app.runtime.storage.db
    .insertInto('foods')
    .values({
      id: pannaCotta,
      name: 'Panna cotta',
      description: '',
      price_cents: 400,
      category_id: menu.categories.desserts,
      printer_id: null,
      available: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const foods = [menu.foods.margherita, menu.foods.tiramisu, menu.foods.beer, pannaCotta];
  const lines = foods.map((foodId) => ({ foodId, quantity: 1 }));
  const expected = {
    [menu.foods.margherita]: menu.printers.kitchen, // by its category
    [menu.foods.tiramisu]: menu.printers.kitchen, // its own printer
    [menu.foods.beer]: menu.printers.bar, // by its category
    [pannaCotta]: menu.printers.till, // by the register
  };
  const routed = (items: Array<{ foodId: string; food: { id: string; printerId: string | null } }>) =>
    Object.fromEntries(items.map((item) => [item.food.id, item.food.printerId]));

  const confirm = { paymentMethod: 'CASH', cashRegisterId: menu.register };
  const order = await createOrder(app, { table: '1', customer: 'x', orderItems: lines, confirm });
  const confirmed = (await eventsSince(app)).find((e) => e.channel === 'printer' && e.name === 'confirmed-order');
  t.same(routed(confirmed!.payload.orderItems), expected, 'confirmed-order');

  const mark = await lastEventId(app);
  const items = confirmed!.payload.orderItems as Array<{ id: string; foodId: string }>;
  const asked = items.filter((item) => item.foodId === pannaCotta || item.foodId === menu.foods.margherita);
  const reprint = await app.request({
    method: 'POST',
    url: `/v1/orders/${order.id}/reprint`,
    as: 'operator',
    body: { orderItems: asked.map((item) => ({ id: item.id })), reprintReceipt: false },
  });
  t.equal(reprint.statusCode, 200);
  const reprinted = (await eventsSince(app, mark)).find((e) => e.name === 'reprint-order');
  t.same(routed(reprinted!.payload.orderItems), expected, 'reprint-order: every item');
  t.same(
    routed(reprinted!.payload.reprintOrderItems),
    { [menu.foods.margherita]: menu.printers.kitchen, [pannaCotta]: menu.printers.till },
    'reprint-order: the items to reprint',
  );

  const receiptMark = await lastEventId(app);
  const url = `/v1/orders/${order.id}/reprint-receipt`;
  const receipt = await app.request({ method: 'POST', url, as: 'operator', body: {} });
  t.equal(receipt.statusCode, 200);
  const receiptEvent = (await eventsSince(app, receiptMark)).find((e) => e.name === 'reprint-order');
  t.same(routed(receiptEvent!.payload.orderItems), expected, 'a receipt reprint lists the items routed the same way');

  // Without a register, what has no food or category printer goes nowhere: null.
  const mark2 = await lastEventId(app);
  await createOrder(app, { table: '2', customer: 'y', orderItems: lines, confirm: { paymentMethod: 'CASH' } });
  const second = (await eventsSince(app, mark2)).find((e) => e.channel === 'printer' && e.name === 'confirmed-order');
  const nowhere = { ...expected, [pannaCotta]: null };
  t.same(routed(second!.payload.orderItems), nowhere, 'no register: null only where nothing takes it');
});
