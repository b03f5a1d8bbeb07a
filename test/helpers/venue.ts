import { join } from 'node:path';
import { openStorage } from '../../src/storage/database.js';
import { type SeededMenu, seedMenuRows } from './seed.js';
import { runPos } from './server.js';

/** The seeded menu written into a real server's data dir (the server picks the rows up on its next read). */
export async function seedServerMenu(dataDir: string): Promise<SeededMenu> {
  const storage = openStorage(join(dataDir, 'pos.db'));
  try {
    return await seedMenuRows(storage.db, Date.now());
  } finally {
    await storage.close();
  }
}

export type AdminApi = ((method: string, path: string, body?: unknown) => Promise<Record<string, any>>) & {
  token: string;
};

/**
 * JSON calls as an admin to a real server, with a token minted from its data dir (as `pos token create` does).
 * `baseUrl` is read on every call: a test that restarts the server keeps the same helper.
 */
export function adminApi(dataDir: string, baseUrl: () => string): AdminApi {
  const token = runPos(['token', 'create', '--role', 'admin', '--data-dir', dataDir]).stdout.trim();
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as Record<string, any>;
  };
  return Object.assign(call, { token });
}
