import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../src/storage/postgres.js';
import { migrate } from '../../src/storage/migrate.js';
import type { TestLike } from './app.js';

/**
 * A throwaway PostgreSQL cluster for the tests: one per test process, started on first use and removed when the
 * process exits. It listens on 127.0.0.1 on a free port (its socket in its own temp dir), without durability
 * (fsync off: a test never survives a power cut), and holds a template database migrated once; each test gets its
 * own database copied from it (`createTestDatabase`), so a test starts from a migrated, empty schema in a fraction
 * of a second. The copy is a file copy, not PostgreSQL 15's default of writing the template's 7 MB through the WAL,
 * and the WAL is minimal and autovacuum off: a database then costs about 50 ms of CPU instead of 175 ms, and a
 * suite creates hundreds. initdb refuses to run as root: as root, the cluster runs as the `postgres` user (runuser).
 */

export const PG_BIN = process.env.POS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const TEMPLATE = 'pos_template';

/** Whether the PostgreSQL server programs are installed (tests that need them skip, saying why, when not). */
export function postgresInstalled(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

export const POSTGRES_MISSING = `PostgreSQL is not installed (no ${PG_BIN}/initdb; set POS_PG_BIN or install postgresql)`;

export interface TestCluster {
  port: number;
  /** The URL of a database of the cluster (the superuser `postgres`, no password: trust on 127.0.0.1). */
  url(database: string): string;
  /** Runs SQL as the superuser on the `postgres` database. */
  admin(text: string): Promise<void>;
}

let started: Promise<TestCluster> | undefined;
let counter = 0;

/** The cluster of this process, started (and its template migrated) on first use. */
export function testCluster(): Promise<TestCluster> {
  started ??= startCluster();
  return started;
}

/** A fresh, migrated, empty database of its own for a test; its URL. */
export async function createTestDatabase(_t?: TestLike): Promise<string> {
  const cluster = await testCluster();
  const name = `pos_${process.pid}_${++counter}`;
  await cluster.admin(`create database ${name} template ${TEMPLATE} strategy file_copy`);
  return cluster.url(name);
}

/** As root, the server programs run as the `postgres` user (initdb and postgres refuse root). */
function owner(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(program: string, args: string[], as: { uid?: number; gid?: number }): void {
  execFileSync(join(PG_BIN, program), args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/', ...as });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startCluster(): Promise<TestCluster> {
  if (!postgresInstalled()) throw new Error(POSTGRES_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'pos-pg-'));
  const as = owner();
  if (as.uid !== undefined && as.gid !== undefined) chownSync(dir, as.uid, as.gid);
  const data = join(dir, 'data');
  let running = false;
  process.once('exit', () => {
    if (running) spawnSync(join(PG_BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate'], { stdio: 'ignore', ...as });
    rmSync(dir, { recursive: true, force: true });
  });
  watchdog(dir);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'], as);
  // A port free a moment ago may be taken by another process before the server binds it: another one then.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    running = true;
    try {
      run(
        'pg_ctl',
        ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', serverSettings(port, dir)],
        as,
      );
      break;
    } catch (error) {
      if (attempt === 3) throw error; // a server that did start after all is stopped at exit all the same
    }
  }
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${TEMPLATE}`);
  const storage = await openPostgres(url(TEMPLATE), { writeConnections: 1, readConnections: 1 });
  try {
    await migrate(storage);
  } finally {
    await storage.close(); // a template with a connection open cannot be copied
  }
  return { port, url, admin };
}

/** The throwaway server's settings: on 127.0.0.1 and its socket in its own folder, without durability. */
function serverSettings(port: number, dir: string): string {
  return [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=32MB',
    '-c autovacuum=off',
    '-c wal_level=minimal',
    '-c max_wal_senders=0',
  ].join(' ');
}

/**
 * A process killed by a signal (tap's timeout sends SIGTERM) runs no exit handler: a watchdog shell outside it ends
 * the cluster (SIGQUIT: PostgreSQL's immediate shutdown) and removes its folder once this process is gone.
 */
function watchdog(dir: string): void {
  const script = [
    'while kill -0 "$0" 2>/dev/null; do sleep 1; done',
    'pid=$(head -n 1 "$1/data/postmaster.pid" 2>/dev/null) && kill -QUIT "$pid" 2>/dev/null && sleep 1',
    'rm -rf "$1"',
  ].join('\n');
  spawn('sh', ['-c', script, String(process.pid), dir], { detached: true, stdio: 'ignore' }).unref();
}
