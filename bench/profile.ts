// node --import tsx bench/profile.ts [--seconds 10] [--connections 50]: create-and-confirm under load, as step 1 of the
// bench, with the server started under `node --cpu-prof`. Prints where the server's CPU went (self time by function
// and by package) and leaves the .cpuprofile for Chrome's DevTools.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../src/storage/database.js';
import { migrate } from '../src/storage/migrate.js';
import { POS_BIN, runPos } from '../test/helpers/server.js';
import { forkReady, stopChild } from './lib/children.js';
import { startKitchen } from './lib/kitchen.js';
import { load } from './lib/load.js';
import { orderBodies, seedVenue } from './lib/venue.js';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = option('seconds', 10);
const connections = option('connections', 50);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function summarize(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
  };
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~');
    const fn = `${functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    const pkg =
      url === ''
        ? `(${functionName})`
        : url.includes('/node_modules/')
          ? (/\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? '?')
          : url.startsWith('node:')
            ? 'node core'
            : url.includes('/dist/src/')
              ? `pos ${url.split('/dist/src/')[1]!.split('/')[0]}`
              : url;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const show = (title: string, map: Map<string, number>, rows: number) => {
    console.log(`\n${title}`);
    for (const [name, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
      console.log(`${((100 * hits) / total).toFixed(1).padStart(6)} %  ${name}`);
  };
  show('self time by package', byPackage, 25);
  show('self time by function', byFunction, 40);
}

const dir = mkdtempSync(join(tmpdir(), 'pos-profile-'));
const { child: emulators, info } = await forkReady<{ ports: number[] }>('../emulators.ts', ['6']);
try {
  const storage = openStorage(join(dir, 'pos.db'));
  await migrate(storage);
  const venue = await seedVenue(storage.db, info.ports);
  await storage.close();
  const profileDir = join(dir, 'profile');
  const server = spawn(
    process.execPath,
    [
      '--cpu-prof',
      '--cpu-prof-dir',
      profileDir,
      POS_BIN,
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dir,
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    server.once('exit', () => reject(new Error(`server exited: ${out}`)));
  });
  const token = runPos(['token', 'create', '--role', 'operator', '--data-dir', dir]).stdout.trim();
  const kitchen = startKitchen(join(dir, 'pos.db'));
  const result = await load({
    url: `http://127.0.0.1:${port}/v1/orders`,
    pid: server.pid!,
    method: 'POST',
    connections,
    seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    bodies: orderBodies(venue),
  });
  kitchen.stop();
  console.log(
    `${result.requestsPerSecond.toFixed(0)} orders/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.cpuMsPerRequest.toFixed(2)} CPU-ms per order, ${result.non2xx + result.errors} failed`,
  );
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
  const [file] = readdirSync(profileDir);
  console.log(`profile: ${join(profileDir, file!)}`);
  summarize(join(profileDir, file!));
} finally {
  await stopChild(emulators);
}
process.exit(0);
