import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { choicesMenu } from '../helpers/choices.js';
import { cliEnvFor, runPosInProcess } from '../helpers/cli.js';
import { createOrder } from '../helpers/orders.js';

// `pos orders show` against a server on 127.0.0.1, in-process: each line with what was chosen for it under it, a
// price change signed as on the receipt, a set menu's courses by name; --json gives the choices as the API has them.

t.test('pos orders show lists the choices under their line', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  const env = await cliEnvFor(app, 'operator');
  const order = await createOrder(app, {
    table: '4',
    customer: 'Rossi',
    orderItems: [
      { foodId: m.tagliata, quantity: 2, choices: [m.options['al sangue'], m.options['senza contorno']] },
      { foodId: m.pizza, quantity: 1, choices: [m.options['+ bufala']] },
      { foodId: m.pizza, quantity: 1 },
      { foodId: m.pellegrino, quantity: 1, choices: [m.options['Tagliatelle'], m.options['Salsiccia']] },
    ],
    confirm: { paymentMethod: 'CASH', cashRegisterId: m.register },
  });

  const shown = await runPosInProcess(['orders', 'show', String(order.id)], { env });
  t.equal(shown.code, 0, shown.stderr);
  const lines = shown.stdout.split('\n');
  const under = (food: RegExp) => {
    const at = lines.findIndex((line) => food.test(line));
    t.ok(at >= 0, `${food} is listed`);
    const after = lines.slice(at + 1);
    const end = after.findIndex((line) => !/^ {10}\S/.test(line));
    return after.slice(0, end === -1 ? after.length : end).map((line) => line.trim());
  };
  t.same(under(/^\s+2 × Tagliata di manzo\s+24\.00/), ['Cottura: al sangue', 'Contorno: senza contorno -2.00']);
  t.same(under(/^\s+1 × Margherita\s+9\.50/), ['Aggiunte: + bufala +2.00']);
  t.same(under(/^\s+1 × Margherita\s+7\.50/), [], 'a line without choices has nothing under it');
  t.same(
    under(/^\s+1 × Menu Pellegrino/),
    ['Primo: Tagliatelle', 'Secondo: Salsiccia'],
    'a set menu names its courses',
  );

  const json = await runPosInProcess(['orders', 'show', String(order.id), '--json'], { env });
  t.equal(json.code, 0, json.stderr);
  const items = JSON.parse(json.stdout).categorizedItems.flatMap((group: { items: unknown[] }) => group.items);
  t.match(items.find((item: { food: { name: string } }) => item.food.name === 'Tagliata di manzo').choices, [
    { group: 'Cottura', name: 'al sangue', priceDelta: 0 },
    { group: 'Contorno', name: 'senza contorno', priceDelta: -2 },
  ]);
});
