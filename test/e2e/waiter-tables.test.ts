import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

// Waiter tables with the real executable and an emulated kitchen printer over TCP (docs/waiter.md): an order paid
// at the till with the placeholder table prints its receipt, and nothing in the kitchen until a waiter seats it;
// then one kitchen ticket, with the table.

t.test('no kitchen ticket until the waiter sets the table, then one ticket with it', async (t) => {
  const dataDir = tempDir(t);
  const kitchen = await startEmulatorProcess(t, join(tempDir(t), 'kitchen'));
  const till = await startEmulatorProcess(t, join(tempDir(t), 'till'), 0, 32);
  const server = await startRealServer(t, dataDir, ['--printer-probe', '200']);
  const pos = posInProcess(t, dataDir);
  await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--port', String(kitchen.port)]);
  await pos(['printers', 'add', '--name', 'Cassa', '--ip', '127.0.0.1', '--port', String(till.port), '--width', '32']);
  await pos(['categories', 'add', '--name', 'Primi', '--printer', 'Cucina']);
  await pos(['foods', 'add', '--name', 'Tagliatelle al ragù', '--price', '8.00', '--category', 'Primi']);
  await pos(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  const [food] = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{ id: string }>;
  const [register] = JSON.parse(await pos(['registers', 'list', '--json'])) as Array<{ id: string }>;
  const admin = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ id: number; displayCode: string }>;
  };
  await call('PATCH', '/v1/venue', { waiterTables: true });
  const order = await call('POST', '/v1/orders', {
    table: '-',
    customer: 'Rossi',
    orderItems: [{ foodId: food!.id, quantity: 2 }],
    confirm: { paymentMethod: 'CASH', cashRegisterId: register!.id },
  });

  // The receipt goes out at once, and every job of the order is printed: the kitchen got nothing.
  await till.waitForTickets(1);
  await waitFor('every job of the order printed', async () => {
    const jobs = (await (
      await fetch(`${server.url}/v1/print-jobs?orderId=${order.id}`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as Array<{ status: string; kind: string }>;
    return jobs.length > 0 && jobs.every((job) => job.status === 'printed') ? jobs : null;
  });
  t.equal(kitchen.tickets().length, 0, 'no kitchen ticket before the table');

  const seated = await call('PATCH', `/v1/orders/${order.id}`, { table: '12' });
  t.equal((seated as unknown as { table: string }).table, '12');
  const [ticket] = await kitchen.waitForTickets(1);
  t.match(ticket, /Table: 12/);
  t.match(ticket, /2 x Tagliatelle al ragù/);
  t.match(ticket, new RegExp(order.displayCode.split('').join(' *')));
  // Moved to another table: the marker is a receipt asked after the move; once it is out, the kitchen has had time.
  await call('PATCH', `/v1/orders/${order.id}`, { table: '14' });
  await call('POST', `/v1/orders/${order.id}/reprint-receipt`, {});
  const [, again] = await till.waitForTickets(2);
  t.match(again, /Table: 14/);
  t.equal(kitchen.tickets().length, 1, 'one kitchen ticket: moving the order to another table prints nothing');
});
