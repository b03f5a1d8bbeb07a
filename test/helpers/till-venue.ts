import { tempDir, type TestLike } from './app.js';
import { startEmulatorProcess } from './emulator-process.js';
import { startRealServer } from './server.js';
import { adminApi, seedServerMenu } from './venue.js';

/**
 * A venue for a till journey against the real executable: the seeded menu, every printer on one emulated 42-column
 * printer (so the drawer's slip and the tickets land in one place), and the operator `giulia` (password
 * `sagra-2026`).
 */
export async function oneEmulatorVenue(t: TestLike) {
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const printer = await startEmulatorProcess(t, tempDir(t), 0, 42);
  for (const [name, id] of Object.entries(menu.printers)) {
    await api('PUT', `/v1/printers/${id}`, { name, ip: '127.0.0.1', port: printer.port, status: 'ONLINE' });
  }
  await api('POST', '/v1/users', { username: 'giulia', password: 'sagra-2026', role: 'operator' });
  return { server, menu, api, printer };
}
