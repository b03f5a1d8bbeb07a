import t from 'tap';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { runPos, startRealServer } from '../helpers/server.js';

// `pos setup` driven through piped answers, with two emulated printers: the first run (the real executable) sets the
// evening up (the test pages come out), a second run that only presses Enter changes nothing, and
// `pos setup --from` copies the set-up into a new data dir without its orders. It ends with pos doctor. The runs
// after the first and the commands that read the state back run in-process.

t.test('pos setup: first run, a run that changes nothing, and --from last year', async (t) => {
  const dataDir = tempDir(t);
  const kitchen = await startEmulatorProcess(t, tempDir(t));
  const till = await startEmulatorProcess(t, tempDir(t), 0, 32);
  const server = await startRealServer(t, dataDir, ['--locale', 'it']);
  const pos = posInProcess(t, dataDir);
  const answers = (lines: string[]) => ({ input: `${lines.join('\n')}\n` });

  const first = runPos(['setup', '--data-dir', dataDir], {
    ...answers([
      'Sagra della castagna',
      '', // event name, language kept
      '',
      'Cucina',
      `127.0.0.1:${kitchen.port}`,
      '',
      '', // add a printer (Enter: yes), 48 columns, it came out
      'y',
      'Cassa',
      `127.0.0.1:${till.port}`,
      '32',
      'y', // another one
      'n', // no more printers
      '',
      '', // the menu: the example sagra menu (the default), apply it
      'Cucina',
      'Cucina',
      'Cucina',
      'Cucina',
      'Cucina',
      '', // a printer per category; drinks at the register
      '',
      '',
      '',
      'n', // a register: Cassa 1 with the last printer (Cassa); no more
      '',
      '',
      'cassa-uno-2026',
      'n', // a cashier: cassa1; no more
      'n', // no TV address now
    ]),
    timeoutMs: 90_000,
  });
  t.match(first.stdout, /== 7\. pos doctor ==/, first.stderr);
  t.equal(first.code, 1, 'not ready in a test: the server listens on 127.0.0.1 only and has no backups');
  t.match(first.stdout, /FIX   tablets reach the server over the Wi-Fi\n.*listens on 127\.0\.0\.1 only/);
  t.match(first.stdout, /FIX   rotating backups are on[^\n]*\n.*\n.*pos serve --backup-every/);
  t.match(first.stdout, /ok    every available food goes to a printer or a station/);
  t.match(first.stdout, /ok    an enabled cash register exists/);
  t.match(first.stdout, /ok    an operator \(cashier login\) exists/);
  t.match(first.stdout, /Tills \(tablets and phones\): http:\/\/127\.0\.0\.1:\d+\//);
  t.match(await kitchen.waitForTickets(1), [/Cucina/], 'the kitchen printer printed its test page');
  t.match(await till.waitForTickets(1), [/Cassa/], 'and the till printer');

  const state = async () => ({
    venue: JSON.parse(await pos(['venue', 'show', '--json'])),
    foods: JSON.parse(await pos(['foods', 'list', '--json'])).map(
      (f: { name: string; price: number; categoryId: string }) => [f.name, f.price, f.categoryId],
    ),
    categories: JSON.parse(await pos(['categories', 'list', '--json'])).map(
      (c: { name: string; printerId: string | null }) => [c.name, c.printerId],
    ),
    printers: JSON.parse(await pos(['printers', 'list', '--json'])).map(
      (p: { name: string; ip: string; port: number }) => [p.name, p.ip, p.port],
    ),
    registers: JSON.parse(await pos(['registers', 'list', '--json'])).map(
      (r: { name: string; defaultPrinterId: string }) => [r.name, r.defaultPrinterId],
    ),
    users: JSON.parse(await pos(['users', 'list', '--json'])).map((u: { username: string; role: string }) => [
      u.username,
      u.role,
    ]),
  });
  const before = await state();
  t.match(before.venue, { name: 'Sagra della castagna', receiptHeader: ['Sagra della castagna'], locale: 'it' });
  t.equal(before.foods.length, 19, 'the example sagra menu');
  t.same(
    before.printers.map((p: string[]) => p[0]),
    ['Cassa', 'Cucina'],
  );
  t.same(before.registers.length, 1);
  t.ok(before.users.some(([name, role]: string[]) => name === 'cassa1' && role === 'operator'));

  // Enter everywhere: every question keeps what is there.
  const again = await runPosInProcess(['setup', '--data-dir', dataDir], answers(['', '', '', '', '', '', '', '', '']));
  t.match(again.stdout, /== 7\. pos doctor ==/, again.stderr);
  t.match(again.stdout, /The menu has 19 foods\./);
  t.same(await state(), before, 'a second run that confirms nothing changes nothing');

  // An order this year, then next year's data dir from this one: everything but the orders.
  const token = (await pos(['token', 'create', '--role', 'operator'])).trim();
  const food = JSON.parse(await pos(['foods', 'list', '--json']))[0] as { id: string };
  const order = await fetch(`${server.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ table: '1', customer: 'Rossi', orderItems: [{ foodId: food.id, quantity: 1 }] }),
  });
  t.equal(order.status, 201);
  // A food with choices (a required cooking, a side that changes the price) comes along with them.
  const admin = (await pos(['token', 'create', '--role', 'admin'])).trim();
  const category = JSON.parse(await pos(['categories', 'list', '--json']))[0] as { id: string };
  const steak = await fetch(`${server.url}/v1/foods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Tagliata',
      price: 14,
      categoryId: category.id,
      available: true,
      choices: [
        { name: 'Cottura', min: 1, max: 1, options: [{ name: 'al sangue' }, { name: 'ben cotta' }] },
        { name: 'Contorno', min: 0, max: 1, options: [{ name: 'patate', priceDelta: 1.5 }] },
      ],
    }),
  });
  t.equal(steak.status, 201);
  const next = tempDir(t);
  const copy = await runPosInProcess(['setup', '--from', dataDir, '--data-dir', next]);
  t.equal(copy.code, 0, copy.stderr);
  t.match(
    copy.stdout,
    /Copied from .*: 2 printers, 6 categories, 0 ingredients, 20 foods, 0 food ingredients, 2 food choice groups, 3 food choice options, 1 cash registers, 2 users, 1 venue\./,
  );
  const copied = new Database(join(next, 'pos.db'), { readonly: true });
  t.teardown(() => copied.close());
  t.equal((copied.prepare('select count(*) as n from orders').get() as { n: number }).n, 0, 'no orders');
  t.match(copied.prepare('select name, status from printers order by name').all(), [
    { name: 'Cassa', status: 'OFFLINE' },
    { name: 'Cucina', status: 'OFFLINE' },
  ]);
  const nextServer = await startRealServer(t, next);
  const login = await fetch(`${nextServer.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cassa1', password: 'cassa-uno-2026' }),
  });
  t.equal(login.status, 200, "the cashier logs in with last year's password");
  t.match(JSON.parse(await posInProcess(t, next)(['venue', 'show', '--json'])), { name: 'Sagra della castagna' });
  const copiedSteak = JSON.parse(await posInProcess(t, next)(['foods', 'show', 'Tagliata', '--json']));
  t.match(
    copiedSteak.choices,
    [
      { name: 'Cottura', min: 1, max: 1, options: [{ name: 'al sangue' }, { name: 'ben cotta' }] },
      { name: 'Contorno', min: 0, max: 1, options: [{ name: 'patate', priceDelta: 1.5 }] },
    ],
    "last year's choices, as they were",
  );
  const refused = await runPosInProcess(['setup', '--from', dataDir, '--data-dir', next]);
  t.equal(refused.code, 1, 'not while a server runs on the target');
  t.match(refused.stderr, /already using this data dir/);
});
