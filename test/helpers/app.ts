import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/core/auth/principal.js';
import { ManualClock, systemClock } from '../../src/core/clock.js';
import { defaultConfig, type ServerConfig } from '../../src/config.js';
import type { PrinterTransport } from '../../src/printer/transport.js';
import { createRuntime, type Runtime } from '../../src/server/runtime.js';
import { seedMigratedSqlite, testDatabaseUrl } from './engine.js';

/** The subset of tap's Test the helpers need (so they work with any tap version's types). */
export interface TestLike {
  teardown(fn: () => unknown): void;
}

export function tempDir(t: TestLike, prefix = 'pos-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestApp {
  runtime: Runtime;
  clock: ManualClock;
  dataDir: string;
  /** The PostgreSQL database of the app under POS_TEST_ENGINE=postgres (test/helpers/engine.ts); else undefined. */
  databaseUrl: string | undefined;
  /** A bearer token for the role (minted with the data dir secret, like `pos token create`). */
  token(role: Role, ttlSeconds?: number): Promise<string>;
  /** A device key with the scope, created through the API. */
  apiKey(scope: 'printer' | 'display' | 'pickup'): Promise<string>;
  request(options: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    as?: Role | 'none' | { bearer: string } | { key: string };
    body?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
}

export const DEFAULT_TEST_START = '2026-11-21T17:00:00.000Z'; // 18:00 in Rome, a Saturday evening

/**
 * Boots the whole appliance on a fresh temp data dir with an injected clock, and tears it down after the test.
 * Requests go through Fastify's inject (no socket); end-to-end tests start the real executable instead.
 */
export async function buildTestApp(
  t: TestLike,
  options: {
    config?: Partial<ServerConfig>;
    start?: string;
    printerWorkers?: boolean;
    realTime?: boolean;
    transport?: PrinterTransport;
  } = {},
): Promise<TestApp> {
  const dataDir = tempDir(t);
  const clock = new ManualClock(options.start ?? DEFAULT_TEST_START);
  // Printing tests run on real time: retries and probes are driven by real timers.
  const runtimeClock = options.realTime ? systemClock : clock;
  const databaseUrl = await testDatabaseUrl();
  if (!databaseUrl && !options.config?.databaseUrl) await seedMigratedSqlite(dataDir);
  const runtime = await createRuntime(
    { ...defaultConfig(), timezone: 'Europe/Rome', logLevel: 'silent', databaseUrl, ...options.config, dataDir },
    {
      clock: runtimeClock,
      printerWorkers: options.printerWorkers ?? false,
      ...(options.transport ? { transport: options.transport } : {}),
    },
  );
  t.teardown(() => runtime.close());
  await runtime.createInitialAdmin(); // as `pos serve` does once listening
  const tokens = new Map<string, string>();
  const app: TestApp = {
    runtime,
    clock,
    dataDir,
    databaseUrl: options.config?.databaseUrl ?? databaseUrl,
    async token(role, ttlSeconds = 3600) {
      const issued = await runtime.app.services.tokens.issue({
        subject: `token:test-${role}`,
        userId: null,
        name: `test-${role}`,
        role,
        ttlSeconds,
      });
      return issued.token;
    },
    async apiKey(scope) {
      const response = await app.request({
        method: 'POST',
        url: '/v1/api-keys',
        as: 'admin',
        body: { name: `test ${scope}`, scope },
      });
      if (response.statusCode !== 201) throw new Error(`cannot create api key: ${response.body}`);
      return (response.json() as { key: string }).key;
    },
    async request({ method, url, as = 'admin', body, headers = {} }) {
      const allHeaders: Record<string, string> = { ...headers };
      if (as === 'admin' || as === 'operator') {
        let token = tokens.get(as);
        if (!token) {
          token = await app.token(as, 10 * 365 * 86400);
          tokens.set(as, token);
        }
        allHeaders['authorization'] = `Bearer ${token}`;
      } else if (typeof as === 'object' && 'bearer' in as) {
        allHeaders['authorization'] = `Bearer ${as.bearer}`;
      } else if (typeof as === 'object' && 'key' in as) {
        allHeaders['x-api-key'] = as.key;
      }
      if (body !== undefined) allHeaders['content-type'] ??= 'application/json';
      return runtime.app.inject({
        method,
        url,
        headers: allHeaders,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    },
  };
  return app;
}
