import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

t.test('a volunteer sets up two printers, unplugs one, and every ticket comes out once, in order', async (t) => {
  const dataDir = tempDir(t);
  const kitchenOut = join(tempDir(t), 'kitchen');
  const tillOut = join(tempDir(t), 'till');
  let kitchen = await startEmulatorProcess(t, kitchenOut);
  const till = await startEmulatorProcess(t, tillOut, 0, 32);
  let server = await startRealServer(t, dataDir, ['--printer-probe', '200']);
  const pos = posInProcess(t, dataDir);
  await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--port', String(kitchen.port)]);
  await pos([
    'printers',
    'add',
    '--name',
    'Cassa',
    '--ip',
    '127.0.0.1',
    '--port',
    String(till.port),
    '--width',
    '32',
    '--drawer',
  ]);
  await pos(['categories', 'add', '--name', 'Pizze', '--printer', 'Cucina']);
  await pos(['categories', 'add', '--name', 'Dolci']);
  await pos(['foods', 'add', '--name', 'Margherita', '--price', '7.50', '--category', 'Pizze']);
  await pos(['foods', 'add', '--name', 'Tiramisù', '--price', '4.50', '--category', 'Dolci']);
  await pos(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  const foods = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{ id: string; name: string }>;
  const registers = JSON.parse(await pos(['registers', 'list', '--json'])) as Array<{ id: string }>;
  const token = (await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])).stdout.trim();
  const sell = async (customer: string) => {
    const response = await fetch(`${server.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        table: '3',
        customer,
        orderItems: [
          { foodId: foods.find((f) => f.name === 'Margherita')!.id, quantity: 1 },
          { foodId: foods.find((f) => f.name === 'Tiramisù')!.id, quantity: 2, notes: 'con più caffè' },
        ],
        confirm: { paymentMethod: 'CASH', cashRegisterId: registers[0]!.id },
      }),
    });
    t.equal(response.status, 201);
    return (await response.json()) as { ticketNumber: number };
  };

  await sell('Rossi');
  const [kitchenTicket] = await kitchen.waitForTickets(1);
  t.match(kitchenTicket, /1 x Margherita/);
  t.notMatch(kitchenTicket, /Tiramisù/, 'desserts have no printer of their own: they go to the register printer');
  const tillTickets = await till.waitForTickets(2);
  t.match(tillTickets.join('\n'), /2 x Tiramisù\n\s+> con più caffè/, 'accents survive the round trip');
  t.match(tillTickets.join('\n'), /TOTAL\s+€ 16\.50/);
  t.match(tillTickets.join('\n'), /\[drawer\]/);

  // The kitchen printer is unplugged during the rush, then plugged back in.
  await kitchen.stop();
  const sold = [];
  for (const customer of ['Bianchi', 'Verdi', 'Neri']) sold.push((await sell(customer)).ticketNumber);
  const waiting = JSON.parse(
    await pos(['print-jobs', 'list', '--printer', 'Cucina', '--status', 'queued', '--json']),
  ) as unknown[];
  t.equal(waiting.length, 3, 'three kitchen tickets wait');
  // The worker marks the printer OFFLINE when its connection is refused, just after the jobs were queued.
  const offline = await waitFor(
    'pos printers list to show Cucina OFFLINE',
    async () => {
      const listed = await pos(['printers', 'list']);
      return /Cucina\s+127\.0\.0\.1:\d+\s+OFFLINE/.test(listed) ? listed : null;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  t.match(offline, /Cucina\s+127\.0\.0\.1:\d+\s+OFFLINE/, 'volunteers see the printer offline');

  // And the server crashes with the kitchen's tickets still queued. The register printer's are all out first: a job
  // killed while it is being sent comes out again after the restart (the printer got it, its row was not yet marked),
  // and this story is about the kitchen's queue. Three sales since: each the desserts' ticket and the receipt.
  await waitFor(
    'every register printer job printed',
    async () => {
      const jobs = JSON.parse(await pos(['print-jobs', 'list', '--printer', 'Cassa', '--json'])) as Array<{
        status: string;
      }>;
      return jobs.length === tillTickets.length + 6 && jobs.every((job) => job.status === 'printed') ? jobs : null;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  await server.kill();
  server = await startRealServer(t, dataDir, ['--printer-probe', '200']);
  kitchen = await startEmulatorProcess(t, kitchenOut, kitchen.port);
  const all = await kitchen.waitForTickets(4, 30_000);
  const numbers = all.slice(1).map((text) => Number(/T I C K E T {3}((?:\d ?)+)/.exec(text)![1]!.replace(/ /g, '')));
  t.same(numbers, sold, 'in order, once each');

  // The treasurer closes the day from the terminal; the closure comes out of the register printer.
  const closure = await runPosInProcess(['closure', '--register', 'Cassa 1', '--data-dir', dataDir]);
  t.equal(closure.code, 0, closure.stderr);
  t.match(closure.stdout, /GENERAL CLOSURE[\s\S]*orders\s+4[\s\S]*revenue\s+66\.00/);
  const withClosure = await till.waitForTickets(tillTickets.length + 6 + 1, 30_000);
  t.match(withClosure.at(-1), /C L O S U R E[\s\S]*REVENUE\s+€ 66\.00/);

  t.match(await pos(['printers', 'test', 'Cucina']), /test page queued/);
  await kitchen.waitForTickets(5);
  t.match(kitchen.tickets().at(-1), /T E S T   P A G E/);
  // Its tickets waited in the queue through the crash (none was being sent): none may come out a second time. Once
  // every kitchen job is marked printed nothing is left to send, and a ticket sent twice would be out already.
  const kitchenJobs = await waitFor(
    'every kitchen job printed',
    async () => {
      const jobs = JSON.parse(await pos(['print-jobs', 'list', '--printer', 'Cucina', '--json'])) as Array<{
        status: string;
      }>;
      return jobs.length > 0 && jobs.every((job) => job.status === 'printed') ? jobs : null;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  t.equal(kitchenJobs.length, 5, 'five kitchen jobs: the first order, three that waited, the test page');
  t.equal(kitchen.tickets().length, 5, 'the kitchen printed each ticket once');

  // No sale: the cashier needs change, and opens the drawer from the terminal.
  const before = till.tickets().length;
  t.match(await pos(['registers', 'open-drawer', 'Cassa 1']), /drawer of Cassa 1 opened \(printer Cassa\)/);
  const kicked = await till.waitForTickets(before + 1);
  t.equal(kicked.at(-1)!.trim(), '[drawer]', 'the pulse alone, no paper');
});
