import t from 'tap';
import { clockTime } from '../../src/web/till/clock.js';

t.test('a time of day as the venue reads it, in either language: 21:05, never 9:05:12 PM', async (t) => {
  const evening = Date.UTC(2026, 10, 24, 20, 5, 12); // 21:05:12 in Rome
  t.equal(clockTime(evening, 'Europe/Rome'), '21:05');
  t.equal(clockTime(Date.UTC(2026, 10, 24, 23, 7), 'Europe/Rome'), '00:07', 'past midnight: 00, not 24 or 12 AM');
  t.equal(clockTime('2026-11-24T20:05:12.000Z', 'Europe/Rome'), '21:05', "an outbox entry's ISO time");
  t.match(clockTime(evening), /^\d\d:\d\d$/, "the tablet's own clock, the same form");
});
