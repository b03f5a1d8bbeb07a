import { spawn } from 'node:child_process';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { tempDir } from '../helpers/app.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPosInProcess } from '../helpers/cli.js';
import { nodeCommand, POS_BIN, startRealServer } from '../helpers/server.js';
import { openSse } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

async function order(url: string, token: string, body: unknown): Promise<{ id: number }> {
  const response = await fetch(`${url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`order failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

t.test('missed events are replayed after the server restarts, even after SIGKILL', async (t) => {
  const dataDir = tempDir(t);
  let server = await startRealServer(t, dataDir);
  const storage = openStorage(`${dataDir}/pos.db`);
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.close();
  const token = (await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])).stdout.trim();
  t.match(token, /^ey/);
  const auth = { authorization: `Bearer ${token}` };
  const body = (customer: string) => ({
    table: '7',
    customer,
    orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
  });

  const first = await openSse(`${server.url}/events/cashier`, auth);
  await order(server.url, token, body('before'));
  await first.waitFor((events) => events.length >= 1);
  const resumeFrom = first.lastEventId();
  first.close();

  const missedBeforeStop = await order(server.url, token, body('missed 1'));
  t.equal(await server.stop('SIGTERM'), 0, 'SIGTERM stops cleanly');
  server = await startRealServer(t, dataDir);
  const missedAfterRestart = await order(server.url, token, body('missed 2'));
  await server.kill(); // a crash right after the commit
  server = await startRealServer(t, dataDir);

  const again = await openSse(`${server.url}/events/cashier`, { ...auth, 'last-event-id': resumeFrom });
  t.teardown(() => again.close());
  await again.waitFor((events) => events.length >= 2);
  t.same(
    again.events.map((e) => JSON.parse(e.data).id),
    [missedBeforeStop.id, missedAfterRestart.id],
  );
  t.same(
    again.events.map((e) => e.event),
    ['new-order', 'new-order'],
  );
  t.ok(Number(again.events[0]!.lastEventId) > Number(resumeFrom), 'event ids keep increasing across restarts');
});

t.test('`pos events --json` prints the stream, one JSON object per line', async (t) => {
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const storage = openStorage(`${dataDir}/pos.db`);
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.close();
  const token = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const cli = spawn(...nodeCommand([POS_BIN, 'events', 'display', '--json']), {
    env: { ...process.env, POS_URL: server.url, POS_TOKEN: token, POS_DATA_DIR: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => cli.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitFor('pos events to connect', () => stderr.includes('connected'), { detail: () => stderr });
  const created = await order(server.url, token, {
    table: '1',
    customer: 'Verdi',
    orderItems: [{ foodId: menu.foods.beer, quantity: 2 }],
    confirm: { paymentMethod: 'CASH' },
  });
  await waitFor('the first event line', () => stdout.includes('\n'), { detail: () => stderr });
  const line = JSON.parse(stdout.split('\n')[0] as string);
  t.match(line, { event: 'confirmed-order', data: { id: created.id, ticketNumber: 1 } });
  t.match(line.id, /^\d+$/);
  cli.kill('SIGINT');
  const code = await new Promise((resolve) => cli.once('exit', resolve));
  t.equal(code, 0, 'Ctrl+C ends it cleanly');
});
