import t from 'tap';
import { bucketWindows, ceilHour, floorHour } from '../../src/core/reports/buckets.js';
import { parseWindowReportId, windowReportId } from '../../src/core/reports/report.js';
import { VenueClock } from '../../src/core/venue-time.js';

const rome = new VenueClock({ timezone: 'Europe/Rome', ticketReset: '12:00', dayStart: '07:00' });
const ms = (iso: string) => Date.parse(iso);
const iso = (windows: Array<{ start: number; end: number }>) =>
  windows.map((w) => [new Date(w.start).toISOString(), new Date(w.end).toISOString()]);

t.test('hourly and daily buckets of an ordinary day', async (t) => {
  const from = ms('2026-11-20T23:00:00.000Z'); // midnight in Rome
  const to = ms('2026-11-21T23:00:00.000Z');
  t.equal(bucketWindows(rome, from, to, '1h').length, 24);
  t.same(iso(bucketWindows(rome, from, to, 'day')), [['2026-11-20T23:00:00.000Z', '2026-11-21T23:00:00.000Z']]);
  t.same(iso(bucketWindows(rome, from, to, '12h')), [
    ['2026-11-20T23:00:00.000Z', '2026-11-21T11:00:00.000Z'],
    ['2026-11-21T11:00:00.000Z', '2026-11-21T23:00:00.000Z'],
  ]);
  t.equal(bucketWindows(rome, from, to, '4h').length, 6);
  t.same(iso(bucketWindows(rome, from, to, 'all')), [['2026-11-20T23:00:00.000Z', '2026-11-21T23:00:00.000Z']]);
});

t.test('windows are clipped to [from, to)', async (t) => {
  const windows = bucketWindows(rome, ms('2026-11-21T18:30:00.000Z'), ms('2026-11-21T20:15:00.000Z'), '1h');
  t.same(iso(windows), [
    ['2026-11-21T18:30:00.000Z', '2026-11-21T19:00:00.000Z'],
    ['2026-11-21T19:00:00.000Z', '2026-11-21T20:00:00.000Z'],
    ['2026-11-21T20:00:00.000Z', '2026-11-21T20:15:00.000Z'],
  ]);
  t.same(bucketWindows(rome, 10, 10, '1h'), [], 'an empty range has no windows');
});

t.test('DST: the spring day has 23 hours, the autumn day 25', async (t) => {
  const spring = bucketWindows(rome, ms('2026-03-28T23:00:00.000Z'), ms('2026-03-29T22:00:00.000Z'), '1h');
  t.equal(spring.length, 23);
  const springDay = bucketWindows(rome, ms('2026-03-28T23:00:00.000Z'), ms('2026-03-30T22:00:00.000Z'), 'day');
  t.same(
    springDay.map((w) => (w.end - w.start) / 3600_000),
    [23, 24],
  );
  const springBlocks = bucketWindows(rome, ms('2026-03-28T23:00:00.000Z'), ms('2026-03-29T22:00:00.000Z'), '4h');
  t.same(
    springBlocks.map((w) => (w.end - w.start) / 3600_000),
    [3, 4, 4, 4, 4, 4],
    'the 00-04 block has 3 hours',
  );
  const autumn = bucketWindows(rome, ms('2026-10-24T22:00:00.000Z'), ms('2026-10-25T23:00:00.000Z'), '1h');
  t.equal(autumn.length, 25);
  const autumnDay = bucketWindows(rome, ms('2026-10-24T22:00:00.000Z'), ms('2026-10-25T23:00:00.000Z'), 'day');
  t.same(
    autumnDay.map((w) => (w.end - w.start) / 3600_000),
    [25],
  );
});

t.test('venue hours in a zone with a half-hour offset', async (t) => {
  const kolkata = new VenueClock({ timezone: 'Asia/Kolkata', ticketReset: '12:00', dayStart: '07:00' });
  t.equal(new Date(floorHour(kolkata, ms('2026-11-21T10:45:00.000Z'))).toISOString(), '2026-11-21T10:30:00.000Z');
  t.equal(new Date(ceilHour(kolkata, ms('2026-11-21T10:45:00.000Z'))).toISOString(), '2026-11-21T11:30:00.000Z');
  t.equal(ceilHour(kolkata, ms('2026-11-21T10:30:00.000Z')), ms('2026-11-21T10:30:00.000Z'));
});

t.test('computed report ids encode their window and are checked', async (t) => {
  const window = { start: ms('2026-11-21T18:00:00.000Z'), end: ms('2026-11-21T19:00:00.000Z') };
  const id = windowReportId(window);
  t.match(id, /^c[0-9a-z]{24}$/);
  t.same(parseWindowReportId(id), window);
  t.equal(
    parseWindowReportId(`${id.slice(0, -1)}${id.endsWith('a') ? 'b' : 'a'}`),
    null,
    'a changed check digit is refused',
  );
  t.equal(parseWindowReportId('cmws1emvywnrzrs9nyxubw66y'), null, 'a random CUID is not a window id');
});
