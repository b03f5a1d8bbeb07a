import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { runPos, startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

// The first admin password can never be lost, with the real executable: a first start on a port in use creates
// nobody; the next one creates `admin`, keeps its password in the data dir and says where, at every start, until
// the password is changed.

t.test('port in use, then a free port: the kept password file logs in, until the password changes', async (t) => {
  const dataDir = tempDir(t);
  const file = join(dataDir, 'initial-admin-password');
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => taken.close());
  const port = String((taken.address() as AddressInfo).port);
  const busy = runPos(['serve', '--port', port, '--host', '127.0.0.1', '--data-dir', dataDir], { timeoutMs: 120_000 });
  t.equal(busy.code, 1, 'pos serve fails');
  t.match(busy.stderr, /port \d+ is already in use/);
  t.notMatch(busy.stdout, /password/, 'no password shown');
  t.notOk(existsSync(file), 'and none kept');

  const first = await startRealServer(t, dataDir);
  const printedWhen = (server: { output(): string }, what: string, pattern: RegExp) =>
    waitFor(what, () => (pattern.test(server.output()) ? server.output() : null), { timeoutMs: 20_000 });
  const shown = await printedWhen(first, 'the first-start lines', /kept in .*initial-admin-password/);
  const printed = /^\s+password\s+(\S+)$/m.exec(shown)?.[1];
  t.ok(printed, 'this start created the admin and shows the password');
  t.match(shown, new RegExp(`kept in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} until it is changed`));
  t.equal(statSync(file).mode & 0o777, 0o600, 'owner-only');
  const kept = readFileSync(file, 'utf8').trim();
  t.equal(kept, printed, 'the file holds the printed password');
  const login = async (password: string) =>
    fetch(`${first.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
  const loggedIn = await login(kept);
  t.equal(loggedIn.status, 200, 'the kept password logs in as admin');
  const token = ((await loggedIn.json()) as { accessToken: string }).accessToken;
  t.equal(await first.stop(), 0);

  const second = await startRealServer(t, dataDir);
  const again = await printedWhen(second, 'the reminder', /Press Ctrl\+C/);
  t.notMatch(again, /First start/, 'no new admin');
  t.match(again, /The first admin password is kept in .*initial-admin-password/, 'every start says where it is');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  type UserRow = { id: string; username: string };
  const users = (await (await fetch(`${second.url}/v1/users`, { headers })).json()) as UserRow[];
  const admin = users.find((user) => user.username === 'admin');
  const body = JSON.stringify({ password: 'la-nuova-password-2026' });
  const changed = await fetch(`${second.url}/v1/users/${admin?.id}`, { method: 'PATCH', headers, body });
  t.equal(changed.status, 200);
  t.notOk(existsSync(file), 'the password changed: the file is gone');
  t.equal(await second.stop(), 0);

  const third = await startRealServer(t, dataDir);
  const quiet = await printedWhen(third, 'the start lines', /Press Ctrl\+C/);
  t.notMatch(quiet, /initial-admin-password|First start/, 'nothing more to say');
});
