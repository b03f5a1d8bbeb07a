import t from 'tap';
import { VenueClock } from '../../src/core/venue-time.js';

const rome = new VenueClock({ timezone: 'Europe/Rome', ticketReset: '12:00', dayStart: '07:00' });

t.test('ticket day runs noon to noon in venue time', async (t) => {
  t.equal(
    rome.ticketDay(new Date('2026-11-21T10:59:59.999Z')),
    '2026-11-20',
    '11:59:59 in Rome belongs to the day before',
  );
  t.equal(rome.ticketDay(new Date('2026-11-21T11:00:00.000Z')), '2026-11-21', 'noon in Rome starts a new ticket day');
  t.equal(rome.ticketDay(new Date('2026-11-21T22:59:00.000Z')), '2026-11-21', '23:59');
  t.equal(
    rome.ticketDay(new Date('2026-11-21T23:30:00.000Z')),
    '2026-11-21',
    'past midnight keeps the evening sequence',
  );
  t.equal(rome.ticketDay(new Date('2026-11-22T10:00:00.000Z')), '2026-11-21', '11:00 next morning');
});

t.test('ticket day across DST changes', async (t) => {
  // 2026-03-29: clocks go 02:00 -> 03:00 in Rome (UTC+1 -> UTC+2). Noon is 10:00Z that day.
  t.equal(rome.ticketDay(new Date('2026-03-29T09:59:00.000Z')), '2026-03-28');
  t.equal(rome.ticketDay(new Date('2026-03-29T10:00:00.000Z')), '2026-03-29');
  t.equal(rome.ticketDay(new Date('2026-03-29T01:30:00.000Z')), '2026-03-28', 'the skipped hour region');
  // 2026-10-25: clocks go 03:00 -> 02:00 (UTC+2 -> UTC+1). Noon is 11:00Z that day.
  t.equal(rome.ticketDay(new Date('2026-10-25T10:59:00.000Z')), '2026-10-24');
  t.equal(rome.ticketDay(new Date('2026-10-25T11:00:00.000Z')), '2026-10-25');
  t.equal(rome.ticketDay(new Date('2026-10-25T00:30:00.000Z')), '2026-10-24', 'first 02:30');
  t.equal(rome.ticketDay(new Date('2026-10-25T01:30:00.000Z')), '2026-10-24', 'repeated 02:30');
});

t.test('business day starts at 07:00 venue time', async (t) => {
  t.equal(rome.businessDayStart(new Date('2026-11-21T19:00:00.000Z')).toISOString(), '2026-11-21T06:00:00.000Z');
  t.equal(
    rome.businessDayStart(new Date('2026-11-22T01:00:00.000Z')).toISOString(),
    '2026-11-21T06:00:00.000Z',
    'before 07:00: yesterday',
  );
  t.equal(
    rome.businessDayStart(new Date('2026-11-22T06:00:00.000Z')).toISOString(),
    '2026-11-22T06:00:00.000Z',
    'exactly 07:00',
  );
  t.equal(
    rome.businessDayStart(new Date('2026-03-29T12:00:00.000Z')).toISOString(),
    '2026-03-29T05:00:00.000Z',
    'summer time',
  );
});

t.test('configurable reset and other zones', async (t) => {
  const ny = new VenueClock({ timezone: 'America/New_York', ticketReset: '05:30', dayStart: '06:00' });
  t.equal(ny.ticketDay(new Date('2026-11-21T10:29:00.000Z')), '2026-11-20', '05:29 in New York');
  t.equal(ny.ticketDay(new Date('2026-11-21T10:30:00.000Z')), '2026-11-21', '05:30 in New York');
  t.throws(() => new VenueClock({ timezone: 'Mars/Olympus', ticketReset: '12:00', dayStart: '07:00' }));
  t.throws(() => new VenueClock({ timezone: 'UTC', ticketReset: '25:00', dayStart: '07:00' }));
});
