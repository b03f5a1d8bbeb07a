import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';

// Reprints and cancellations from the terminal, with the real executable and emulated printers: a lost receipt
// printed alone (`pos orders reprint --receipt-only`), and an order deleted after its ticket went out reaching the
// kitchen.

t.test('a receipt printed again alone, and a cancelled order printed CANCELLED in the kitchen', async (t) => {
  const dataDir = tempDir(t);
  const kitchen = await startEmulatorProcess(t, join(tempDir(t), 'kitchen'));
  const till = await startEmulatorProcess(t, join(tempDir(t), 'till'), 0, 32);
  const server = await startRealServer(t, dataDir, ['--printer-probe', '200']);
  const run = (args: string[]) => runPosInProcess([...args, '--data-dir', dataDir]);
  const pos = posInProcess(t, dataDir);
  await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--port', String(kitchen.port)]);
  await pos(['printers', 'add', '--name', 'Cassa', '--ip', '127.0.0.1', '--port', String(till.port), '--width', '32']);
  await pos(['categories', 'add', '--name', 'Primi', '--printer', 'Cucina']);
  await pos(['foods', 'add', '--name', 'Pappardelle al cinghiale', '--price', '9.50', '--category', 'Primi']);
  await pos(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  const [food] = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{ id: string }>;
  const [register] = JSON.parse(await pos(['registers', 'list', '--json'])) as Array<{ id: string }>;
  const token = (await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])).stdout.trim();
  const sell = async (customer: string, cashRegisterId?: string) => {
    const response = await fetch(`${server.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        table: '5',
        customer,
        orderItems: [{ foodId: food!.id, quantity: 2 }],
        confirm: { paymentMethod: 'CARD', ...(cashRegisterId ? { cashRegisterId } : {}) },
      }),
    });
    t.equal(response.status, 201);
    return (await response.json()) as {
      id: number;
      ticketNumber: number;
      displayCode: string;
      warnings: Array<{ reason: string }>;
    };
  };

  const rossi = await sell('Rossi', register!.id);
  await kitchen.waitForTickets(1);
  await till.waitForTickets(1);
  t.match(
    await pos(['orders', 'reprint', String(rossi.id), '--receipt-only']),
    /receipt of order #\d+ · \w+ · id \d+ sent again/,
  );
  const [, again] = await till.waitForTickets(2);
  t.match(again, /REPRINT/);
  t.match(again, /TOTAL\s+€ 19\.00/);

  // Confirmed at no register: no receipt, and the response says so; printed later at the register asked for.
  const bianchi = await sell('Bianchi');
  t.match(bianchi.warnings, [{ reason: 'no-register' }]);
  await kitchen.waitForTickets(2);
  const refused = await run(['orders', 'reprint', String(bianchi.id), '--receipt-only']);
  t.equal(refused.code, 1, 'no register known: a clear refusal');
  t.match(refused.stderr, /without a cash register/);
  await pos(['orders', 'reprint', String(bianchi.id), '--receipt-only', '--register', 'Cassa 1']);
  const [, , late] = await till.waitForTickets(3);
  t.match(late, /Customer: Bianchi/);

  // Deleted after its ticket went out: the kitchen gets CANCELLED, the till nothing.
  await pos(['orders', 'rm', String(rossi.id), '--yes']);
  const [, , cancelled] = await kitchen.waitForTickets(3);
  t.match(cancelled, /C A N C E L L E D/);
  t.match(cancelled, new RegExp(`T I C K E T   ${rossi.ticketNumber}`));
  t.match(cancelled, /Customer: Rossi/);
  t.match(cancelled, /2 x Pappardelle al cinghiale/);
  t.equal(kitchen.tickets().length, 3);
  t.equal(till.tickets().length, 3, 'no receipt for a cancellation');
});
