import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import t from 'tap';
import { defaultConfig } from '../../src/config.js';
import { startServer } from '../../src/server/serve.js';
import { openStorage } from '../../src/storage/database.js';
import { resolveDataDir } from '../../src/storage/data-dir.js';
import { buildTestApp, tempDir } from '../helpers/app.js';

// The first admin's password can never be lost: created only once listening, kept in the data dir (0600) until it
// is changed. (test/e2e/first-start.test.ts does the same with the real executable.)

t.test('a start on a port in use creates nobody; the next start creates admin and keeps its password', async (t) => {
  const dataDir = tempDir(t);
  const dir = resolveDataDir(dataDir);
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => taken.close());
  const config = {
    ...defaultConfig(),
    timezone: 'Europe/Rome',
    logLevel: 'silent' as const,
    dataDir,
    host: '127.0.0.1',
  };
  await t.rejects(startServer({ ...config, port: (taken.address() as AddressInfo).port }), { code: 'EADDRINUSE' });
  const storage = openStorage(dir.database);
  t.equal((await storage.db.selectFrom('users').select('id').execute()).length, 0, 'no user was created');
  await storage.close();
  t.notOk(existsSync(dir.initialAdminPassword), 'no password file');

  const server = await startServer({ ...config, port: 0 });
  t.teardown(() => server.stop());
  const admin = server.runtime.initialAdmin;
  t.ok(admin, 'the admin is created now');
  t.equal(server.initialPasswordFile, dir.initialAdminPassword);
  t.equal(readFileSync(dir.initialAdminPassword, 'utf8'), `${admin?.password}\n`, 'the password, kept');
  t.equal(statSync(dir.initialAdminPassword).mode & 0o777, 0o600, 'owner-only');
});

t.test('the kept password goes when that admin’s password changes, not before', async (t) => {
  const app = await buildTestApp(t);
  const file = resolveDataDir(app.dataDir).initialAdminPassword;
  const password = readFileSync(file, 'utf8').trim();
  const login = (pw: string) =>
    app.request({ method: 'POST', url: '/v1/auth/login', as: 'none', body: { username: 'admin', password: pw } });
  t.equal((await login(password)).statusCode, 200, 'the kept password logs in');
  const admin = (await app.request({ method: 'GET', url: '/v1/users' })).json()[0] as { id: string; username: string };
  t.equal(admin.username, 'admin');
  const anna = { username: 'anna', password: 'cassa-uno-2026', role: 'operator' };
  const other = (await app.request({ method: 'POST', url: '/v1/users', body: anna })).json();
  await app.request({ method: 'PATCH', url: `/v1/users/${other.id}`, body: { password: 'cassa-due-2026' } });
  await app.request({ method: 'PATCH', url: `/v1/users/${admin.id}`, body: { role: 'admin' } });
  t.ok(existsSync(file), 'another user’s change, or the admin’s role, keeps it');
  const setPassword = (password: string) =>
    app.request({ method: 'PATCH', url: `/v1/users/${admin.id}`, body: { password } });
  t.equal((await setPassword('x')).statusCode, 400);
  t.ok(existsSync(file), 'a refused change keeps it');
  t.equal((await setPassword('nuova-password-2026')).statusCode, 200);
  t.notOk(existsSync(file), 'the admin’s new password: the file is gone when the answer comes');
});
