import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerConfig } from '../config.js';
import { keptInitialPassword } from './initial-admin.js';
import { createRuntime, type Runtime } from './runtime.js';

/** What a running server leaves in the data dir so the CLI on the same machine can reach it. */
export interface ServerInfo {
  url: string;
  port: number;
  /** The address it listens on (0.0.0.0: every network; 127.0.0.1: this machine only). */
  host: string;
  pid: number;
  startedAt: string;
  /** Rotating backups (`--backup-every`, `--backup-dir`), for `pos doctor`; absent from an older server's file. */
  backup?: { dir: string; everyMs: number; keep: number } | null;
}

import { lanUrls } from './lan-urls.js';

export { lanUrls };

export interface RunningServer {
  runtime: Runtime;
  port: number;
  /** The till's address for tablets on the venue Wi-Fi (every LAN address), local first. */
  urls: string[];
  /** Where the first admin's password is kept, while it has not been changed. */
  initialPasswordFile: string | null;
  stop(): Promise<void>;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const runtime = await createRuntime(config);
  let initialPasswordFile: string | null;
  try {
    await runtime.app.listen({ port: config.port, host: config.host });
    // Only now: a start that cannot listen (a port in use) must not create an admin whose password it never shows.
    await runtime.createInitialAdmin();
    initialPasswordFile = await keptInitialPassword(runtime.ctx, runtime.dataDir);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const address = runtime.app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const info: ServerInfo = {
    url: `http://127.0.0.1:${port}`,
    port,
    host: config.host,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    backup: config.backup,
  };
  // Written whole or not at all (a CLI reading it meanwhile never sees half a file).
  const temporary = `${runtime.dataDir.serverInfo}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(info, null, 2), { mode: 0o600 });
  renameSync(temporary, runtime.dataDir.serverInfo);
  let stopping: Promise<void> | null = null;
  return {
    runtime,
    port,
    urls: lanUrls(config.host, port).map((url) => `${url}/`),
    initialPasswordFile,
    stop() {
      stopping ??= (async () => {
        rmSync(runtime.dataDir.serverInfo, { force: true });
        await runtime.close();
      })();
      return stopping;
    },
  };
}
