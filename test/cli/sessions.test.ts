import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// `pos sessions` against a listening server: open with a float typed the Italian way, close with a count by
// denominations and a card total, list; --json writes the API's shape; a bad flag is refused before any request.

t.test('pos sessions open, close and list', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.runtime.app.server.address() as AddressInfo).port}`;
  const token = await app.token('operator', 30 * 86400);
  const pos = (args: string[]) => runPosInProcess([...args, '--url', url, '--token', token]);
  const ok = async (args: string[]) => {
    const result = await pos(args);
    t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };

  t.match(
    await ok(['sessions', 'open', 'Cassa 1', '--float', '100,00']),
    /session opened on Cassa 1 with a float of 100\.00/,
  );
  const refused = await pos(['sessions', 'open', 'Cassa 1', '--float', '10']);
  t.equal(refused.code, 1, 'a second open fails');
  t.match(refused.stderr, /already open/);

  app.clock.set('2026-11-21T17:30:00.000Z');
  await createOrder(app, {
    table: '1',
    customer: 'x',
    orderItems: [{ foodId: menu.foods.margherita, quantity: 2 }],
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
  }); // 15.00

  const listedOpen = JSON.parse(await ok(['sessions', 'list', 'Cassa 1', '--json']));
  t.match(listedOpen, [{ status: 'open', float: 100, cashSales: 15, expectedCash: 115 }], '--json: the wire numbers');

  const bad = await pos(['sessions', 'close', 'Cassa 1', '--denomination', 'twenty']);
  t.equal(bad.code, 1);
  t.match(bad.stderr, /--denomination must be VALUE=COUNT/);
  const both = await pos(['sessions', 'close', 'Cassa 1', '--counted', '1', '--denomination', '20=1']);
  t.match(both.stderr, /not both/);
  const forgotten = await pos(['sessions', 'close', 'Cassa 1']);
  t.equal(forgotten.code, 1, 'a close with no count is not done by a forgotten flag');
  t.match(forgotten.stderr, /give the cash counted \(--counted 612,00, or --denomination 50=4 …\), or --uncounted/);
  const mixed = await pos(['sessions', 'close', 'Cassa 1', '--counted', '1', '--uncounted']);
  t.match(mixed.stderr, /--uncounted closes without a count: give it alone/);
  t.match(JSON.parse(await ok(['sessions', 'list', 'Cassa 1', '--json'])), [{ status: 'open' }], 'still open');

  app.clock.set('2026-11-21T21:00:00.000Z');
  const closed = await ok([
    'sessions',
    'close',
    'Cassa 1',
    '--denomination',
    '50=2',
    '--denomination',
    '10=1',
    '--denomination',
    '0,50=8',
    '--card-total',
    '0',
  ]);
  t.match(closed, /^expected cash\s+115\.00$/m);
  t.match(closed, /^counted\s+114\.00$/m);
  t.match(closed, /^difference\s+-1\.00$/m);
  t.match(closed, /^closed\s+21\/11, 22:00$/m, 'in venue time');

  const table = await ok(['sessions', 'list']);
  t.match(table, /Cassa 1\s+test-operator\s+21\/11, 18:00\s+21\/11, 22:00\s+100\.00\s+115\.00\s+114\.00\s+-1\.00/);
  const none = await pos(['sessions', 'close', 'Cassa 1', '--counted', '0']);
  t.equal(none.code, 1);
  t.match(none.stderr, /No cash session is open/);
  // Closed on purpose without a count: said so, the difference unknown.
  t.match(await ok(['sessions', 'open', 'Cassa 1', '--float', '0']), /with a float of 0\.00/);
  const blind = await ok(['sessions', 'close', 'Cassa 1', '--uncounted']);
  t.match(blind, /^counted\s+-$/m);
  t.match(blind, /^difference\s+-$/m);
});
