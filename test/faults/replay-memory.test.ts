import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { TokenService } from '../../src/core/auth/tokens.js';
import { systemClock } from '../../src/core/clock.js';
import { openStorage } from '../../src/storage/database.js';
import { readSecret, resolveDataDir } from '../../src/storage/data-dir.js';
import { tempDir } from '../helpers/app.js';
import { allOf } from '../helpers/assert.js';
import { heldClientPorts, httpJson } from '../helpers/raw-clients.js';
import { startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

// Replays are read from the log a page at a time as each socket drains, never whole: 60 clients that ask for the
// whole of a big log (Last-Event-ID far back) and never read keep the real server under 300 MB of memory, and they
// are disconnected once they take nothing for the drain wait.

t.setTimeout(120_000);

const CLIENTS = 60;
const EVENTS = 700;
const EVENT_BYTES = 64 * 1024; // ≈ 45 MB of log: far more than any one client's socket buffers take
const RSS_BOUND_MB = 300;

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field}`);
  return Number(match[1]) / 1024;
}

/**
 * Replay bytes on their way to each client (by its port): what the server queued and the client has not taken, plus
 * what arrived and the client has not read. /proc/net/tcp lists both ends of a loopback connection.
 */
function bytesInFlight(serverPort: number, clientPorts: Set<number>): Map<number, number> {
  const found = new Map<number, number>();
  const add = (port: number, bytes: number) => found.set(port, (found.get(port) ?? 0) + bytes);
  for (const line of readFileSync('/proc/self/net/tcp', 'utf8').split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (columns.length < 5) continue;
    const local = parseInt((columns[1] as string).split(':')[1] as string, 16);
    const remote = parseInt((columns[2] as string).split(':')[1] as string, 16);
    const [tx, rx] = (columns[4] as string).split(':').map((hex) => parseInt(hex, 16)) as [number, number];
    if (clientPorts.has(local) && remote === serverPort) add(local, rx);
    if (local === serverPort && clientPorts.has(remote)) add(remote, tx);
  }
  return found;
}

t.test(`${CLIENTS} clients replaying a big log, never reading, keep the server under ${RSS_BOUND_MB} MB`, async (t) => {
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const pid = server.process.pid as number;
  const storage = openStorage(join(dataDir, 'pos.db'));
  const payload = JSON.stringify({ id: 1, notes: 'n'.repeat(EVENT_BYTES) });
  const insert = storage.sqlite.prepare(
    "insert into events (channel, name, payload, created_at) values ('printer', 'confirmed-order', ?, ?)",
  );
  storage.sqlite.transaction(() => {
    for (let i = 0; i < EVENTS; i++) insert.run(payload, Date.now());
  })();
  await storage.close();
  const tokens = new TokenService(readSecret(resolveDataDir(dataDir)) as Uint8Array, systemClock);
  const rssBefore = memoryMb(pid, 'VmRSS');

  const openStart = Date.now();
  const sockets: Socket[] = [];
  t.teardown(() => sockets.forEach((socket) => socket.destroy()));
  for (let i = 0; i < CLIENTS; i++) {
    const subject = `token:replay-${i}`;
    const { token } = await tokens.issue({ subject, userId: null, name: subject, role: 'operator', ttlSeconds: 3600 });
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.pause(); // never reads a byte
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const headers = ['Host: 127.0.0.1', `Authorization: Bearer ${token}`, 'Last-Event-ID: 0'];
    socket.write(`GET /events/printer HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
    sockets.push(socket);
  }
  const ports = new Set(sockets.map((socket) => socket.localPort as number));
  const openMs = Date.now() - openStart;

  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, memoryMb(pid, 'VmRSS'))), 100);
  t.teardown(() => clearInterval(sample));
  // Every replay started: each client was sent more than its response head (seen at least once: a client the server
  // has let go may have its bytes discarded by the kernel). The server's memory is told either way.
  const started = new Set<number>();
  const filled = await waitFor(
    'each replay to start',
    () => {
      for (const [port, bytes] of bytesInFlight(server.port, ports)) if (bytes > 32 * 1024) started.add(port);
      return started.size === CLIENTS;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  ).catch((error: Error) => error);
  if (filled instanceof Error) {
    const held = heldClientPorts(pid, server.port);
    const inFlight = bytesInFlight(server.port, ports);
    const highWater = memoryMb(pid, 'VmHWM').toFixed(0);
    t.comment(`${started.size} of ${CLIENTS} replays seen; high-water mark ${highWater} MB; opened in ${openMs} ms`);
    const missing = [...ports].filter((port) => !started.has(port));
    t.comment(missing.map((port) => `${port}: ${inFlight.get(port)} ${held.has(port) ? 'held' : 'let go'}`).join(', '));
    t.comment(server.output().slice(-2000));
    t.ok(memoryMb(pid, 'VmHWM') < RSS_BOUND_MB, `the server's memory never reached ${RSS_BOUND_MB} MB`);
    throw filled;
  }

  // Clients that take nothing are let go: the server keeps no socket to any of them.
  await waitFor(
    'the server to drop the clients that never read',
    () => {
      const held = heldClientPorts(pid, server.port);
      return allOf([...ports], (port) => !held.has(port));
    },
    { timeoutMs: 40_000, intervalMs: 200 },
  );
  clearInterval(sample);
  const highWater = memoryMb(pid, 'VmHWM');
  const mark = `high-water mark ${highWater.toFixed(0)} MB`;
  t.comment(`RSS ${rssBefore.toFixed(0)} MB before, peak sampled ${peak.toFixed(0)} MB, ${mark}`);
  t.ok(highWater < RSS_BOUND_MB, `the server's memory never reached ${RSS_BOUND_MB} MB (${mark})`);

  const health = await httpJson(server.port, false, 'GET', '/health', null);
  t.equal(health.status, 200, 'and it answers');
});
