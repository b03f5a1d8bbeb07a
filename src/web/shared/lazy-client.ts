import type { ClientOptions, PosClient } from '../../client/index.js';

// The typed client reads and writes amounts with the money codec of the schemas, so it brings zod and the schemas of
// src/api: about a quarter of the till's scripts. A page that paints first and talks to the server a moment later
// loads them after its first paint, in their own chunk: `lazyClient` is a PosClient at once (same type, same
// methods), whose calls wait for that chunk. The login screen shows while it arrives. See docs/performance.md.

/** The client's module (PosClient, readChannel, the errors), loaded once, after the page's first paint. */
export const loadClient = () => import('../../client/index.js');

const REAL = Symbol('pos.realClient');

type Lazy = PosClient & { [REAL]: Promise<PosClient> };

/**
 * A PosClient whose module loads in the background: every method answers a promise, as PosClient's own do, and
 * runs on the real client once it is there. `baseUrl` is known at once; `url()` needs the real client
 * (`realClient` first), the one synchronous method, used only by the live channel.
 */
export function lazyClient(options: ClientOptions): PosClient {
  let real: PosClient | null = null;
  const ready = loadClient().then(({ PosClient: Client }) => {
    real = new Client(options);
    return real;
  });
  const target = { [REAL]: ready } as Lazy;
  return new Proxy(target, {
    get(_, key) {
      if (key === REAL) return ready;
      if (key === 'baseUrl') return options.baseUrl;
      if (real) {
        const value = Reflect.get(real, key, real) as unknown;
        return typeof value === 'function' ? value.bind(real) : value;
      }
      if (key === 'then') return undefined; // not a promise: `await client` stays the client
      if (key === 'url') throw new Error('lazyClient: url() before the client module loaded (await realClient)');
      return (...args: unknown[]) =>
        ready.then((client) => (Reflect.get(client, key, client) as (...a: unknown[]) => unknown).apply(client, args));
    },
  });
}

/** The client itself: a lazy one once its module is loaded, any other as it is. */
export function realClient(client: PosClient): Promise<PosClient> {
  return (client as Partial<Lazy>)[REAL] ?? Promise.resolve(client);
}
