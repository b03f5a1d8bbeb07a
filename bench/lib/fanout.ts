import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { DEFAULT_MAX_STREAMS_PER_PRINCIPAL } from '../../src/server/sse/hub.js';
import { benchProgram } from './program.js';
import { wallMs } from './stats.js';

export interface FanoutResult {
  subscribers: number;
  orders: number;
  /** Orders that did not get a 201. */
  failed: number;
  frames: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Screens sharing one display key: the most streams one key may hold (the hub's limit). */
export const SCREENS_PER_KEY = DEFAULT_MAX_STREAMS_PER_PRINCIPAL;

interface Options {
  url: string;
  /** One display key per SCREENS_PER_KEY screens. */
  displayKeys: readonly string[];
  token: string;
  subscribers: number;
  ordersPerSecond: number;
  seconds: number;
  bodies: readonly string[];
  processes?: number;
}

/**
 * Display screens subscribed to the display channel (spread over child processes, so parsing 200,000 frames a
 * second does not starve the order loop), while orders are created and confirmed at a steady rate.
 */
export async function fanout(options: Options): Promise<FanoutResult> {
  const processes = options.processes ?? 2;
  const children: ChildProcess[] = [];
  const ready: Array<Promise<{ ready: number; failures: number }>> = [];
  if (options.displayKeys.length * SCREENS_PER_KEY < options.subscribers)
    throw new Error(`${options.subscribers} screens need more display keys`);
  let firstScreen = 0;
  for (let index = 0; index < processes; index++) {
    const share = Math.floor(options.subscribers / processes) + (index < options.subscribers % processes ? 1 : 0);
    // Screen n (counted across the processes) uses key n / SCREENS_PER_KEY.
    const args = [
      options.url,
      options.displayKeys.join(','),
      String(share),
      String(SCREENS_PER_KEY),
      String(firstScreen),
    ];
    firstScreen += share;
    const subscribers = benchProgram('../fanout-subscribers.ts');
    const child = fork(subscribers.path, args, { execArgv: subscribers.execArgv });
    children.push(child);
    ready.push(
      new Promise((resolve) =>
        child.once('message', (message) => resolve(message as { ready: number; failures: number })),
      ),
    );
  }
  const connected = await Promise.all(ready);
  const failures = connected.reduce((sum, each) => sum + each.failures, 0);
  if (failures > 0) throw new Error(`${failures} display subscribers could not connect`);

  const responses: Array<[number, number]> = [];
  const total = Math.round(options.ordersPerSecond * options.seconds);
  const started = wallMs();
  const inFlight: Array<Promise<void>> = [];
  // A fixed pool of keep-alive connections, like a few dozen cashier tablets: an overloaded server makes requests
  // wait (and shows in the figures) instead of opening ever more connections.
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let failed = 0;
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / options.ordersPerSecond;
    const wait = due - wallMs();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      post(agent, `${options.url}/v1/orders`, options.token, options.bodies[n % options.bodies.length]!).then(
        ({ status, body }) => {
          const id = status === 201 ? (JSON.parse(body) as { id?: number }).id : undefined;
          if (typeof id === 'number') responses.push([id, wallMs()]);
          else failed++;
        },
        () => void failed++,
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  // Each subscriber process waits for its stragglers before it counts (bench/fanout-subscribers.ts).

  const histogram = new Array<number>(10_001).fill(0);
  let missing = 0;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('message', (message) => {
            const part = message as { histogram: number[]; missing: number };
            part.histogram.forEach((count, ms) => (histogram[ms]! += count));
            missing += part.missing;
            resolve();
          });
          child.send({ responses });
        }),
    ),
  );
  const frames = histogram.reduce((sum, count) => sum + count, 0);
  const at = (p: number) => {
    let seen = 0;
    for (let ms = 0; ms < histogram.length; ms++) {
      seen += histogram[ms]!;
      if (seen >= (p / 100) * frames) return ms;
    }
    return Number.NaN;
  };
  let maxMs = 0;
  histogram.forEach((count, ms) => count > 0 && (maxMs = ms));
  return {
    subscribers: options.subscribers,
    orders: responses.length,
    failed,
    frames,
    missing,
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs,
  };
}

/** POSTs a JSON body; resolves when the whole response is in (its status and text). */
function post(agent: Agent, url: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
