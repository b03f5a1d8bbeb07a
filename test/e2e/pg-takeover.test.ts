import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { POSTGRES_MISSING, postgresInstalled, testCluster } from '../helpers/pg-cluster.js';
import { type RealServer, startRealServer } from '../helpers/server.js';
import { sleep, waitFor } from '../helpers/wait.js';

// Two real servers on one PostgreSQL database and one kitchen printer: while the lease holder lives, every ticket
// prints once, whichever server took the order; killed (SIGKILL, as a crash or a power cut), the other server
// takes the lease and prints what waited.

if (!postgresInstalled()) {
  t.comment(`skipped: ${POSTGRES_MISSING}`);
} else {
  t.test('tickets print once while the holder lives; after its death the other prints what waited', async (t) => {
    const cluster = await testCluster();
    const name = `pos_takeover_${process.pid}`;
    await cluster.admin(`create database ${name}`);
    const url = cluster.url(name);
    const kitchen = await startEmulatorProcess(t, join(tempDir(t), 'kitchen'));
    const dirA = tempDir(t);
    const a = await startRealServer(t, dirA, ['--database', url, '--printer-probe', '200']);
    const b = await startRealServer(t, tempDir(t), ['--database', url, '--printer-probe', '200']);

    const pos = posInProcess(t, dirA);
    await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--port', String(kitchen.port)]);
    await pos(['categories', 'add', '--name', 'Pizze', '--printer', 'Cucina']);
    await pos(['foods', 'add', '--name', 'Margherita', '--price', '7.50', '--category', 'Pizze']);
    const foods = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{ id: string }>;
    const token = (await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dirA])).stdout.trim();
    const leaseOf = async (server: RealServer) =>
      ((await (await fetch(`${server.url}/health`)).json()) as { lease: boolean }).lease;
    const order = async (server: RealServer, table: string) => {
      const response = await fetch(`${server.url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          table,
          customer: `T${table}`,
          orderItems: [{ foodId: foods[0]?.id, quantity: 1 }],
          confirm: { paymentMethod: 'CASH' },
        }),
      });
      t.equal(response.status, 201, `order at table ${table} through ${server === a ? 'A' : 'B'}`);
    };

    const leases = [await leaseOf(a), await leaseOf(b)];
    t.same(leases.filter(Boolean), [true], 'one of the two holds the lease');
    const [holder, other] = leases[0] ? [a, b] : [b, a];
    await order(other, '1');
    await order(holder, '2');
    await order(other, '3');
    await kitchen.waitForTickets(3, 60_000);
    await sleep(1500); // a second sender would have printed its copies by now
    t.equal(kitchen.tickets().length, 3, 'each ticket printed once while the holder lives');

    await holder.kill();
    await order(other, '4');
    await order(other, '5');
    const killedAt = Date.now();
    await waitFor('the other server to hold the lease', () => leaseOf(other), { timeoutMs: 60_000, intervalMs: 200 });
    const tickets = await kitchen.waitForTickets(5, 60_000);
    t.ok(Date.now() - killedAt < 60_000, `printed ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);
    for (const table of ['4', '5']) {
      t.ok(
        tickets.some((ticket) => ticket.includes(`T${table}`)),
        `the ticket of table ${table}, which waited, printed`,
      );
    }
  });
}
