import t from 'tap';
import { openFuzzSession } from '../helpers/fuzz-session.js';

// The endpoint fuzzer on printers, print jobs and reports (test/helpers/fuzz-session.ts says how, and what is
// checked), and reports over the venue's DST changes.

t.test(
  'B2, printers, print jobs and reports, fuzzed from their schemas: no 5xx, one error shape, a rejected request changes nothing',
  async (t) => {
    const fuzz = await openFuzzSession(t);
    await fuzz.fuzzFamily('printing');

    // Report buckets across the venue's DST changes (an hour bucket of 0 or 2 hours must not break the walk).
    const reportsRoute = fuzz.routeOf('GET /v1/reports');
    const reportsTally = fuzz.tallyOf('GET /v1/reports');
    for (const [from, to] of [
      ['2026-03-28', '2026-03-30'],
      ['2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z'],
      ['2026-10-24', '2026-10-26'],
      ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00+00:00'],
      ['2025-10-26T01:59:59Z', '2025-10-26T02:00:01Z'],
    ]) {
      for (const groupBy of ['1h', '4h', '12h', 'day', 'all']) {
        const url = `/v1/reports?from=${fuzz.encode(from as string)}&to=${fuzz.encode(to as string)}&groupBy=${groupBy}`;
        await fuzz.send(reportsTally, reportsRoute, {
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${fuzz.adminToken}` },
          label: `GET ${url}`,
        });
      }
    }

    fuzz.report();
  },
);
