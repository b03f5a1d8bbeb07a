import { join } from 'node:path';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { tempDir } from '../helpers/app.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';

t.test('pos kitchen-url prints the address of a station’s screen with a kitchen key, and a QR', async (t) => {
  const dataDir = tempDir(t);
  const configDir = tempDir(t);
  const server = await startRealServer(t, dataDir, ['--log-level', 'warn']);
  const storage = openStorage(join(dataDir, 'pos.db'));
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.close();
  const pos = (args: string[]) =>
    runPosInProcess([...args, '--data-dir', dataDir], { env: { POS_CONFIG_DIR: configDir } });

  const created = await pos(['kitchen-url', '--station', 'kitchen', '--create-key', 'Grill tablet', '--json']);
  t.equal(created.code, 0, created.stderr);
  const { station, urls } = JSON.parse(created.stdout) as { station: { id: string; name: string }; urls: string[] };
  t.same(station, { id: menu.printers.kitchen, name: 'Kitchen' }, 'the station by its printer’s name, any case');
  t.equal(urls.length, 1, 'the server listens on 127.0.0.1 only: that one address');
  t.match(created.stderr, /listens on 127\.0\.0\.1 only/);
  const url = new URL(urls[0]!);
  t.equal(url.origin, server.url);
  t.equal(url.pathname, '/kitchen');
  t.equal(url.searchParams.get('station'), menu.printers.kitchen);
  const key = url.searchParams.get('key') as string;
  t.match(key, /^posk_kitchen_/);

  // The key in the address opens exactly that station's view, and no more than a kitchen key may.
  const admin = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const order = await fetch(`${server.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      table: '4',
      customer: 'Gialli',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    }),
  });
  t.equal(order.status, 201);
  const view = await fetch(`${server.url}/v1/stations/${menu.printers.kitchen}/orders`, {
    headers: { 'x-api-key': key },
  });
  t.equal(view.status, 200);
  t.match(await view.json(), [{ customer: 'Gialli', items: [{ name: 'Margherita' }] }]);
  t.equal((await fetch(`${server.url}/v1/orders`, { headers: { 'x-api-key': key } })).status, 403);
  const bar = await fetch(`${server.url}/v1/stations/${menu.printers.bar}/orders`, { headers: { 'x-api-key': key } });
  t.equal(bar.status, 403, 'the key made for the Kitchen screen does not open another station');
  const keys = (await (
    await fetch(`${server.url}/v1/api-keys`, { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as Array<Record<string, unknown>>;
  t.match(keys, [{ name: 'Grill tablet', scope: 'kitchen', printerId: menu.printers.kitchen }]);

  const again = await pos(['kitchen-url', '--station', menu.printers.bar, '--key', key]);
  t.equal(again.code, 0, again.stderr);
  t.match(
    again.stdout,
    new RegExp(`^${server.url}/kitchen\\?station=${menu.printers.bar}&key=${key}$`, 'm'),
    'by id, with the key given',
  );
  t.match(
    again.stdout,
    /Scan to open the Bar screen \(http:\/\/127\.0\.0\.1:\d+\/kitchen\?station=\w+&key=…\) on its tablet/,
  );
  t.match(again.stdout, /[▄▀█]/, 'and a QR code');

  const unknown = await pos(['kitchen-url', '--station', 'Griglia', '--key', key]);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /no station "Griglia": the stations are the printers "Bar", "Kitchen", "Till"/);
  const noKey = await pos(['kitchen-url', '--station', 'Bar']);
  t.equal(noKey.code, 1);
  t.match(noKey.stderr, /give the kitchen key with --key, or make one with --create-key "Bar tablet"/);
  const displayKey = await pos(['kitchen-url', '--station', 'Bar', '--key', 'posk_display_abc']);
  t.equal(displayKey.code, 1);
  t.match(displayKey.stderr, /not a kitchen key/);
  const noStation = await pos(['kitchen-url']);
  t.equal(noStation.code, 1);
  t.match(noStation.stderr, /--station/);

  // Its station works from the screen: no more paper there.
  const edited = await pos(['printers', 'edit', 'Kitchen', '--no-kitchen-tickets', '--json']);
  t.equal(edited.code, 0, edited.stderr);
  t.match(JSON.parse(edited.stdout), { name: 'Kitchen', kitchenTickets: false });
  t.match((await pos(['printers', 'list'])).stdout, /TICKETS/);
});
