import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { wallMs } from './stats.js';

export interface FanoutResult {
  subscribers: number;
  orders: number;
  frames: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface Options {
  url: string;
  displayKey: string;
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
  for (let index = 0; index < processes; index++) {
    const share = Math.floor(options.subscribers / processes) + (index < options.subscribers % processes ? 1 : 0);
    const child = fork(new URL('../fanout-subscribers.ts', import.meta.url), [options.url, options.displayKey, String(share)], { execArgv: ['--import', 'tsx'] });
    children.push(child);
    ready.push(new Promise((resolve) => child.once('message', (message) => resolve(message as { ready: number; failures: number }))));
  }
  const connected = await Promise.all(ready);
  const failures = connected.reduce((sum, each) => sum + each.failures, 0);
  if (failures > 0) throw new Error(`${failures} display subscribers could not connect`);

  const responses: Array<[number, number]> = [];
  const total = Math.round(options.ordersPerSecond * options.seconds);
  const started = wallMs();
  const inFlight: Array<Promise<void>> = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / options.ordersPerSecond;
    const wait = due - wallMs();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      fetch(`${options.url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: options.bodies[n % options.bodies.length]!,
      }).then(async (response) => {
        const respondedAt = wallMs();
        const body = (await response.json()) as { id?: number };
        if (response.status === 201 && typeof body.id === 'number') responses.push([body.id, respondedAt]);
      }),
    );
  }
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // stragglers

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
  return { subscribers: options.subscribers, orders: responses.length, frames, missing, p50Ms: at(50), p99Ms: at(99), maxMs };
}
