import autocannon, { type Request } from 'autocannon';
import { cpuMs } from './proc.js';

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** CPU the target process used per request, in ms (user + system). */
  cpuMsPerRequest: number;
}

export interface LoadOptions {
  url: string;
  pid: number;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Request bodies or paths, cycled through: each connection takes the next one. */
  bodies?: readonly string[];
  paths?: readonly string[];
}

/** Drives the target with autocannon for a fixed time and reads the target's own CPU use from /proc. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const origin = new URL(options.url);
  const { bodies, paths } = options;
  const requests: Request[] | undefined = bodies
    ? [{ setupRequest: (request: Request) => ({ ...request, body: bodies[next++ % bodies.length]! }) }]
    : paths
      ? [{ setupRequest: (request: Request) => ({ ...request, path: paths[next++ % paths.length]! }) }]
      : undefined;
  const cpuBefore = cpuMs(options.pid);
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    duration: options.seconds,
    headers: { host: origin.host, ...options.headers },
    ...(requests ? { requests } : {}),
  });
  const cpu = cpuMs(options.pid) - cpuBefore;
  const total = result.requests.total;
  return {
    requestsPerSecond: total / options.seconds,
    total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest: total > 0 ? cpu / total : Number.NaN,
  };
}
