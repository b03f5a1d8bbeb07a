import { spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// Throwaway PostgreSQL clusters for the bench and the failover drill: a primary, and a standby cloned from it with
// pg_basebackup that streams its WAL synchronously, as docs/operations.md sets up two laptops. Each cluster lives
// under one temp dir, listens on 127.0.0.1 and a free port, and runs as the `postgres` user (initdb refuses root).
// Production settings (fsync, synchronous_commit): the figures are meant to be a venue's.

export const PG_BIN = process.env['POS_PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

export const pgAvailable = () => existsSync(join(PG_BIN, 'initdb'));

const asRoot = process.getuid?.() === 0;

function owner(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs a PostgreSQL program as the `postgres` user when we are root, as ourselves otherwise; throws on failure. */
function pgRun(program: string, args: string[], timeoutMs = 120_000): string {
  const binary = join(PG_BIN, program);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}`);
  }
  return result.stdout;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A directory the `postgres` user owns, removed by `removeRoot`. */
export function makeRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const who = owner();
  if (who) chownSync(root, who.uid, who.gid);
  return root;
}

export function removeRoot(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

export class PgNode {
  constructor(
    readonly name: string,
    readonly dir: string,
    readonly port: number,
    readonly socketDir: string,
  ) {}

  get log(): string {
    return `${this.dir}.log`;
  }

  /** A URL for the `pg` client and for `pos serve --database`. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    pgRun('pg_ctl', ['-D', this.dir, '-l', this.log, '-w', '-t', '120', 'start']);
  }

  /** The postmaster's pid, from its pid file (null when it is not running). */
  pid(): number | null {
    try {
      return Number(readFileSync(join(this.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  }

  /**
   * The laptop's power cut, as near as one machine allows: SIGKILL to the postmaster and every backend at once
   * (pg_ctl starts the postmaster in a session of its own, so they share its process group). Their sockets close,
   * so clients see a reset at once; a real dead laptop sends nothing, and clients wait on their timeouts instead.
   */
  kill(): void {
    const pid = this.pid();
    if (pid === null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /**
   * Freezes every process of the cluster (SIGSTOP): its sockets stay open and nothing answers, as when a laptop
   * loses its power or its network mid-query, where SIGKILL would have closed them with a reset. `kill` ends them.
   */
  freeze(): void {
    const pid = this.pid();
    if (pid === null) return;
    try {
      process.kill(-pid, 'SIGSTOP');
    } catch {
      // already gone
    }
  }

  /** `pg_ctl stop -m immediate`: every process ends at once without a checkpoint (crash recovery at next start). */
  stopImmediate(): void {
    if (this.pid() === null) return;
    try {
      pgRun('pg_ctl', ['-D', this.dir, '-m', 'immediate', '-w', 'stop'], 30_000);
    } catch {
      this.kill();
    }
  }

  /**
   * Promotes a standby and clears the synchronous_standby_names it copied from its primary: a promoted standby
   * keeps it, and with no standby of its own left every commit would wait for ever.
   */
  async promote(): Promise<void> {
    pgRun('pg_ctl', ['-D', this.dir, '-w', '-t', '60', 'promote']);
    await this.standAlone();
  }

  /** A primary whose standby is gone stops waiting for it: commits no longer wait for a second copy. */
  async standAlone(): Promise<void> {
    await this.query("alter system set synchronous_standby_names = ''");
    await this.query('select pg_reload_conf()');
  }

  async query<Row extends object = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    database = 'postgres',
  ): Promise<Row[]> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 10_000 });
    client.on('error', () => {}); // a cluster killed under an open client: the query's own rejection reports it
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as Row[];
    } finally {
      await client.end().catch(() => {});
    }
  }
}

export interface ClusterOptions {
  name: string;
  /** Extra lines for postgresql.conf. */
  settings?: Record<string, string | number>;
}

function conf(settings: Record<string, string | number>): string {
  return Object.entries(settings)
    .map(([key, value]) => `${key} = ${typeof value === 'number' ? value : `'${value}'`}\n`)
    .join('');
}

/** initdb + start: a primary on a free 127.0.0.1 port, trusting local connections (a throwaway, never a venue's). */
export async function startPrimary(root: string, options: ClusterOptions): Promise<PgNode> {
  const node = new PgNode(options.name, join(root, options.name), await freePort(), root);
  pgRun('initdb', ['-D', node.dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  appendFileSync(
    join(node.dir, 'postgresql.conf'),
    conf({
      listen_addresses: '127.0.0.1',
      port: node.port,
      unix_socket_directories: root,
      cluster_name: options.name,
      wal_level: 'replica',
      max_wal_senders: 10,
      hot_standby: 'on',
      ...options.settings,
    }),
  );
  node.start();
  return node;
}

/**
 * A standby of `primary`: pg_basebackup -R (which writes primary_conninfo and standby.signal), its own port, and
 * `cluster_name`, which its WAL receiver gives the primary as application_name. Once it streams, the primary is
 * told to wait for it at each commit (synchronous_standby_names): set earlier, every commit made before the standby
 * existed would wait for it, `create database` included.
 */
export async function startStandby(root: string, primary: PgNode, name: string): Promise<PgNode> {
  const node = new PgNode(name, join(root, name), await freePort(), root);
  pgRun(
    'pg_basebackup',
    ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', node.dir].concat([
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]),
  );
  appendFileSync(join(node.dir, 'postgresql.auto.conf'), conf({ port: node.port, cluster_name: name }));
  node.start();
  await primary.query(`alter system set synchronous_standby_names = '${name}'`);
  await primary.query("alter system set synchronous_commit = 'on'");
  await primary.query('select pg_reload_conf()');
  await waitForSync(primary, name);
  return node;
}

export async function waitForSync(primary: PgNode, standby: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await primary.query<{ sync_state: string }>(
      'select sync_state from pg_stat_replication where application_name = $1',
      [standby],
    );
    if (rows[0]?.sync_state === 'sync') return;
    if (Date.now() > deadline) throw new Error(`${standby} did not become ${primary.name}'s synchronous standby`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
