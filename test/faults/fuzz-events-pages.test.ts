import fc from 'fast-check';
import t from 'tap';
import { type CapturedRoute, short } from '../helpers/fuzz.js';
import { type FuzzRequest, openFuzzSession, RUNS, SEED } from '../helpers/fuzz-session.js';

// The endpoint fuzzer on the event streams, the display and station views, health, docs and the web pages, and on
// requests no route matches (test/helpers/fuzz-session.ts says how, and what is checked).

t.test(
  'B2, the event streams, the pages and stray requests, fuzzed: no 5xx, one error shape, a rejected request changes nothing',
  async (t) => {
    const fuzz = await openFuzzSession(t);
    await fuzz.fuzzFamily('events-and-pages');

    // Requests no route matches: wrong methods, unknown paths, malformed URLs.
    const strayTally = fuzz.tallyOf('(no route)');
    const strayRoute: CapturedRoute = {
      method: 'GET',
      url: '(no route)',
      options: { method: 'GET', url: '(no route)', handler: () => undefined },
    };
    const stray = fc
      .record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'SEARCH', 'PROPFIND'),
        path: fc.oneof(
          // Not the event streams: an accepted one never ends (they are fuzzed as streams above).
          fc.constantFrom(
            ...fuzz.fuzzed
              .filter((route) => !fuzz.isStream(route))
              .map((route) =>
                route.url.replace(':id', 'c000000000000000000000000').replace(':channel', 'kitchen').replace('*', 'x'),
              ),
          ),
          fc.constantFrom(
            '/',
            '//',
            '/v1',
            '/v1/',
            '/v2/orders',
            '/v1/orders/',
            '/v1/orders/1/',
            '/V1/ORDERS',
            '/v1/../v1/foods',
            '/v1/%2e%2e/health',
            '/%',
            '/v1/orders/%E0%A4%A',
            '/\u00e9',
            `/${'a'.repeat(3000)}`,
            '/v1/foods;x=1',
            '/v1/foods#frag',
          ),
        ),
        credential: fc.constantFrom(
          ...fuzz.credentials.filter((credential) =>
            ['admin', 'operator', 'printer key', 'none'].includes(credential.name),
          ),
        ),
      })
      .map(
        ({ method, path, credential }): FuzzRequest => ({
          method,
          url: path,
          headers: { ...credential.headers },
          label: `${method} ${short(path, 80)} | as ${credential.name}`,
        }),
      );
    await fc.assert(
      fc.asyncProperty(stray, async (request) => {
        await fuzz.send(strayTally, strayRoute, request);
      }),
      { seed: SEED - 1, numRuns: RUNS * 2 },
    );

    fuzz.report();
  },
);
