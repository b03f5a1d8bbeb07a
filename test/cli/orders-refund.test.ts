import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { cliEnvFor, runPosInProcess } from '../helpers/cli.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// `pos orders refund` against a server on 127.0.0.1, in-process: line ids and units, the reason, the amount to give
// back said plainly; `pos orders show` lists the refunds and each line's refunded units; a bad flag changes nothing.

t.test('pos orders refund ID --item ID:QTY --reason, then pos orders show', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const env = await cliEnvFor(app, 'operator');
  const pos = (args: string[]) => runPosInProcess(args, { env });
  const order = await createOrder(
    app,
    pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register, discount: 1 } }),
  );
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${order.id}` })).json();
  const beer = detail.categorizedItems.flatMap((group: any) => group.items).find((i: any) => i.food.name === 'Birra');

  const refused = await pos(['orders', 'refund', String(order.id), '--item', `${beer.id}:x`, '--reason', 'calda']);
  t.equal(refused.code, 1);
  t.match(refused.stderr, /--item/);
  const tooMuch = await pos(['orders', 'refund', String(order.id), '--item', `${beer.id}:4`, '--reason', 'calda']);
  t.not(tooMuch.code, 0, 'more units than the line has');
  t.match(tooMuch.stderr, /only 3 left/);

  const done = await pos(['orders', 'refund', String(order.id), '--item', `${beer.id}:2`, '--reason', 'calda']);
  t.equal(done.code, 0, done.stderr);
  t.match(done.stdout, /refunded 8\.36 in cash/, 'two beers: their share of the discounted total');
  const json = await pos(['orders', 'refund', String(order.id), '--item', beer.id, '--reason', 'x', '--json']);
  t.equal(json.code, 0, json.stderr);
  t.match(JSON.parse(json.stdout), { amount: '4.18', method: 'CASH', items: [{ id: beer.id, quantity: 1 }] });

  const shown = await pos(['orders', 'show', String(order.id)]);
  t.equal(shown.code, 0, shown.stderr);
  t.match(shown.stdout, /^refunded\s+12\.54$/m);
  t.match(shown.stdout, /Birra .*\(3 refunded\)/);
  t.match(shown.stdout, /^Refunds$/m);
  t.match(shown.stdout, /8\.36 CASH\s+2 × Birra: calda/);
});
