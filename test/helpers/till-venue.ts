import { tempDir, type TestLike } from './app.js';
import { startEmulatorProcess } from './emulator-process.js';
import { startRealServer } from './server.js';
import { adminApi, seedServerMenu } from './venue.js';

/**
 * A venue for a till journey against the real executable: the seeded menu, every printer on one emulated printer of
 * `columns` (so the drawer's slip and the tickets land in one place), and the operator `giulia` (password
 * `sagra-2026`). `server` is always the running one: `restartServer` starts it again on the same port and data
 * after a test stopped it, owned by the test that opened the venue.
 */
export async function oneEmulatorVenue(t: TestLike, { columns = 42, serverArgs = [] as string[] } = {}) {
  const dataDir = tempDir(t);
  let server = await startRealServer(t, dataDir, serverArgs);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const printer = await startEmulatorProcess(t, tempDir(t), 0, columns);
  for (const [name, id] of Object.entries(menu.printers)) {
    await api('PUT', `/v1/printers/${id}`, { name, ip: '127.0.0.1', port: printer.port, status: 'ONLINE' });
  }
  await api('POST', '/v1/users', { username: 'giulia', password: 'sagra-2026', role: 'operator' });
  return {
    dataDir,
    menu,
    api,
    printer,
    get server() {
      return server;
    },
    async restartServer() {
      server = await startRealServer(t, dataDir, [...serverArgs, '--port', String(server.port)]);
      return server;
    },
  };
}
