import type { FastifyInstance } from 'fastify';
import { LoginLimiter } from '../core/auth/login-limiter.js';
import { TokenService } from '../core/auth/tokens.js';
import { credentialsStillValid } from '../core/auth/authenticate.js';
import { type Clock, systemClock } from '../core/clock.js';
import { CommitSignal, type CoreContext, storagePort } from '../core/context.js';
import { cuid, type IdGenerator } from '../core/ids.js';
import { VenueClock } from '../core/venue-time.js';
import type { ServerConfig } from '../config.js';
import { openDatabase, type Storage } from '../storage/database.js';
import { acquireLock, type DataDir, ensureDataDir, resolveDataDir } from '../storage/data-dir.js';
import { migrate } from '../storage/migrate.js';
import { VERSION } from '../version.js';
import { buildApp } from './app.js';
import { createInitialAdmin, type InitialAdmin } from './initial-admin.js';
import { TcpTransport, type PrinterTransport } from '../printer/transport.js';
import { EventHub } from './sse/hub.js';
import { type Instance, startInstance } from './cluster/instance.js';
import { primarySessions } from './cluster/session.js';
import { tokenSecret } from './cluster/shared-secret.js';

export interface Runtime {
  app: FastifyInstance;
  ctx: CoreContext;
  /** The opened database whole (writer connection, backups): the runtime's own, and tests'. Core gets `ctx.storage`. */
  storage: Storage;
  dataDir: DataDir;
  /** The lease and the wake-ups of several instances on one database (on SQLite: always the holder). */
  instance: Instance;
  /** The first admin's password when this start created it (createInitialAdmin), to show. */
  initialAdmin: InitialAdmin | null;
  /** Creates `admin` when there is no user yet (its password also kept in the data dir). `pos serve` calls it once
   * listening, so a start that cannot listen creates nobody; tests right away. */
  createInitialAdmin(): Promise<InitialAdmin | null>;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  clock?: Clock;
  newId?: IdGenerator;
  /** Skip the data dir lock (tests that build several apps in one process on separate dirs do not need it). */
  skipLock?: boolean;
  /** Run the print worker and status monitor when printing is on (default true; API tests turn them off). */
  printerWorkers?: boolean;
  /** How the printers are reached (tests may wrap the TCP transport). */
  transport?: PrinterTransport;
}

/**
 * Builds the whole appliance on a data dir without listening: storage migrated, secret loaded, HTTP app ready (the
 * first admin is created apart, by createInitialAdmin). `pos serve` listens on top of it; tests inject requests
 * into it.
 */
export async function createRuntime(config: ServerConfig, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const dataDir = resolveDataDir(config.dataDir);
  ensureDataDir(dataDir);
  const releaseLock = overrides.skipLock ? () => {} : acquireLock(dataDir);
  const cleanups: Array<() => Promise<void> | void> = [releaseLock];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    const storage = await openDatabase({
      file: dataDir.database,
      databaseUrl: config.databaseUrl,
      durability: config.durability,
    });
    cleanups.push(() => storage.close());
    await migrate(storage);
    const clock = overrides.clock ?? systemClock;
    const ctx: CoreContext = {
      storage: storagePort(storage),
      clock,
      newId: overrides.newId ?? cuid,
      venue: new VenueClock({ timezone: config.timezone, ticketReset: config.ticketReset, dayStart: config.dayStart }),
      committed: new CommitSignal(),
      printJobs: config.printing === 'on',
    };
    const tokens = new TokenService(await tokenSecret(storage, dataDir), clock);
    const hub = new EventHub(ctx, {
      keepAliveMs: config.keepAliveMs,
      credentialsStillValid: (credentials) => credentialsStillValid(ctx, tokens, credentials),
    });
    await hub.start();
    cleanups.push(() => hub.close());
    const instance = await startInstance({
      ctx,
      storage,
      config,
      printers: config.printing === 'on' && overrides.printerWorkers !== false,
      transport: () => overrides.transport ?? new TcpTransport(),
      sessions: storage.engine === 'postgres' && config.databaseUrl ? primarySessions(config.databaseUrl) : null,
    });
    cleanups.push(() => instance.close());
    const app = await buildApp({
      services: {
        ctx,
        tokens,
        loginLimiter: new LoginLimiter(clock),
        dataDir,
        version: VERSION,
        tokenTtlSeconds: config.tokenTtlSeconds,
        hub,
        locale: config.locale,
        tables: config.tables,
        instance,
      },
      logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    });
    cleanups.push(() => app.close());
    let closed = false;
    const runtime: Runtime = {
      app,
      ctx,
      storage,
      dataDir,
      instance,
      initialAdmin: null,
      async createInitialAdmin() {
        runtime.initialAdmin ??= await createInitialAdmin(ctx, dataDir);
        return runtime.initialAdmin;
      },
      async close() {
        if (closed) return;
        closed = true;
        await cleanup();
      },
    };
    return runtime;
  } catch (error) {
    await cleanup();
    throw error;
  }
}
