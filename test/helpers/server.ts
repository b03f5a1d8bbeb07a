import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/version.js';
import type { TestLike } from './app.js';
import { testDatabaseUrl } from './engine.js';
import { waitFor } from './wait.js';

export const POS_BIN = join(PACKAGE_ROOT, 'bin', 'pos');

/**
 * `node <args>` as a command and its arguments for spawn/spawnSync, without tap's hooks. Under tap, child_process
 * is wrapped to put tap's process-info hook into every child's NODE_OPTIONS (whatever env is passed), which costs a
 * spawned `pos` about 0.2 s of CPU more than the command itself; the programs under test do not need it.
 * `env -u NODE_OPTIONS` execs node in place (same pid, so signals and timeouts reach it).
 */
export function nodeCommand(args: string[]): [string, string[]] {
  return ['env', ['-u', 'NODE_OPTIONS', process.execPath, ...args]];
}

const serverDatabases = new Map<string, string>();

export interface RealServer {
  url: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL database the shared builders gave it (POS_TEST_ENGINE=postgres); undefined on SQLite. */
  databaseUrl: string | undefined;
  /** The first-start admin password, when this start created the admin. */
  adminPassword: string | null;
  output(): string;
  process: ChildProcess;
  /** Sends the signal and waits for the exit code (bounded). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL, as a power cut or crash would. */
  kill(): Promise<void>;
}

/**
 * Starts the real `bin/pos serve` on 127.0.0.1 with a free port and the given data dir, and waits for /health.
 * Requires a build (`npm test` builds first). The process is killed at teardown whatever happens.
 */
/**
 * The venue's clock time (Rome) twelve hours from now: as the business day's start and the tickets' reset, today's
 * figures hold a test's sales and its ticket numbers run on from #1, whatever the hour the suite runs at (with the
 * defaults, 07:00 and 12:00, a test selling just before either and reading just after would fail).
 */
function halfADayOn(): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Rome',
  }).format(Date.now() + 12 * 3_600_000);
}

export async function startRealServer(t: TestLike, dataDir: string, extraArgs: string[] = []): Promise<RealServer> {
  // Under POS_TEST_ENGINE=postgres, a database of the test cluster for the data dir (unless the test names one): a
  // server started again on the same data dir finds its data again.
  let databaseUrl = extraArgs.includes('--database') ? undefined : serverDatabases.get(dataDir);
  if (!databaseUrl && !extraArgs.includes('--database')) {
    databaseUrl = await testDatabaseUrl();
    if (databaseUrl) serverDatabases.set(dataDir, databaseUrl);
  }
  // Under tap, child_process is wrapped to put tap's process-info hook into every child's NODE_OPTIONS (whatever env
  // is passed), which more than doubles the CPU a start of the server takes. The server under test does not need it:
  // `env -u NODE_OPTIONS` execs node in place (same pid, so signals reach the server).
  const child = spawn(
    'env',
    [
      '-u',
      'NODE_OPTIONS',
      process.execPath,
      POS_BIN,
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--timezone',
      'Europe/Rome',
      ...(extraArgs.includes('--day-start') ? [] : ['--day-start', halfADayOn()]),
      ...(extraArgs.includes('--ticket-reset') ? [] : ['--ticket-reset', halfADayOn()]),
      ...(databaseUrl ? ['--database', databaseUrl] : []),
      ...extraArgs,
    ],
    {
      env: { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '', POS_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => (alive = false));
  t.teardown(() => {
    if (alive) child.kill('SIGKILL');
  });
  const info = join(dataDir, 'server.json');
  // Bounds, not budgets: a start takes about a second; on a 2-core machine busy with other suites (load 20 and more)
  // a first start was seen to take over 30 s, so the bound is far above that.
  const port = await waitFor(
    'server.json',
    () => {
      if (!alive) throw new Error(`pos serve exited early:\n${output}`);
      if (!existsSync(info)) return null;
      try {
        const parsed = JSON.parse(readFileSync(info, 'utf8')) as { port: number; pid: number };
        return parsed.pid === child.pid ? parsed.port : null;
      } catch {
        return null; // a server.json of an older pos, written in place, caught half-written
      }
    },
    { timeoutMs: 120_000 },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    '/health',
    async () => {
      try {
        return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 120_000 },
  );
  // The banner (and the first admin's password in it) is printed once the server listens, so it can still be on its
  // way when /health answers: its last line says it is all out.
  await waitFor(
    'the banner',
    () => {
      if (!alive) throw new Error(`pos serve exited early:\n${output}`);
      return output.includes('Press Ctrl+C to stop.');
    },
    { timeoutMs: 120_000 },
  );
  return {
    url,
    port,
    dataDir,
    databaseUrl,
    adminPassword: /^\s+password\s+(\S+)$/m.exec(output)?.[1] ?? null,
    output: () => output,
    process: child,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      // a bound for a busy machine: a stop takes well under a second on an idle one. The timer is cleared once the
      // process has exited, or it would hold the test file open for its whole minute.
      let bound: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          exited,
          new Promise<number | null>((_, reject) => {
            bound = setTimeout(() => reject(new Error('server did not stop within 60 s')), 60_000);
          }),
        ]);
      } finally {
        clearTimeout(bound);
      }
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** `pos <args> --data-dir <dataDir>` that must succeed: a failure is a failed assertion with its stderr. */
export function posIn(t: { equal(found: unknown, wanted: unknown, message: string): unknown }, dataDir: string) {
  return (args: string[]): string => {
    const result = runPos([...args, '--data-dir', dataDir]);
    t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
}

/** Runs `bin/pos` to completion (bounded) and returns its exit code and output. */
export function runPos(
  args: string[],
  options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
) {
  const result = spawnSync(...nodeCommand([POS_BIN, ...args]), {
    env: { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '', POS_DATABASE_URL: '', ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000, // a bound: a command takes well under a second on an idle machine
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
