import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { tempDir } from '../helpers/app.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPosInProcess } from '../helpers/cli.js';
import { nodeCommand, POS_BIN, startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

function runPosAsync(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(...nodeCommand([POS_BIN, ...args]), {
      env: { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

t.test('pos backup under load, then pos restore: the restored server serves the same orders and reports', async (t) => {
  const dataDir = tempDir(t);
  let server = await startRealServer(t, dataDir);
  const storage = openStorage(join(dataDir, 'pos.db'));
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.close();
  const token = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const api = async (url: string, method = 'GET', body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const sell = () =>
    api('/v1/orders', 'POST', {
      table: '4',
      customer: 'Gialli',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    });

  // Cashiers keep selling while the backup runs.
  let selling = true;
  let sold = 0;
  const cashier = (async () => {
    while (selling) if ((await sell()).status === 201) sold++;
  })();
  await waitFor('20 sales before the backup', () => sold >= 20, { timeoutMs: 30_000, intervalMs: 10 });
  const backupFile = join(tempDir(t), 'saturday.db');
  const backup = await runPosAsync(['backup', backupFile, '--data-dir', dataDir]);
  t.equal(backup.code, 0, backup.stderr);
  t.match(backup.stdout, /backup written: .*saturday\.db/);
  selling = false;
  await cashier;
  t.ok(sold > 20, 'orders were sold during the backup');

  // What the backup holds, as the live server saw it at a quiet moment: take a second backup now.
  const quietFile = join(tempDir(t), 'quiet.db');
  t.equal((await runPosAsync(['backup', quietFile, '--data-dir', dataDir])).code, 0);
  // A USB stick not mounted: its folder is not there, and the copy must not land on the laptop's disk in its place.
  const unmounted = join(tempDir(t), 'usb-stick');
  const noStick = await runPosInProcess(['backup', join(unmounted, 'pos.db'), '--data-dir', dataDir]);
  t.equal(noStick.code, 1);
  t.match(noStick.stderr, /the folder .*usb-stick does not exist \(is the USB stick plugged in\?\)/);
  t.notOk(existsSync(unmounted), 'and nothing was made in its place');
  const ordersAtBackup = (await api('/v1/orders?limit=100&sortBy=ticketNumber&order=asc')).body;
  const reportAtBackup = (await api('/v1/reports?from=2000-01-01&to=2099-01-01&groupBy=all')).body;
  await sell(); // after the backup: must not survive the restore

  const refused = await runPosInProcess(['restore', quietFile, '--yes', '--data-dir', dataDir]);
  t.equal(refused.code, 1, 'restore refuses while the server runs');
  t.match(refused.stderr, /stop it before restoring/);

  t.equal(await server.stop(), 0);
  t.equal((await runPosInProcess(['restore', quietFile, '--check'])).code, 0);
  const restored = await runPosInProcess(['restore', quietFile, '--yes', '--data-dir', dataDir]);
  t.equal(restored.code, 0, restored.stderr);
  t.match(restored.stdout, /kept as .*before-restore/);
  server = await startRealServer(t, dataDir);
  t.same((await api('/v1/orders?limit=100&sortBy=ticketNumber&order=asc')).body, ordersAtBackup, 'the same orders');
  t.same((await api('/v1/reports?from=2000-01-01&to=2099-01-01&groupBy=all')).body, reportAtBackup, 'the same report');

  const junk = await runPosInProcess(['restore', join(dataDir, 'secret.key'), '--yes', '--data-dir', dataDir]);
  t.equal(junk.code, 1);
  t.match(junk.stderr, /cannot restore/);
});
