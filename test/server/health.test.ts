import t from 'tap';
import { buildTestApp } from '../helpers/app.js';

// Clients read the venue's days from /health: "today" for reports (the business day, from 07:00) and which order
// "#12" is (the ticket day, from 12:00), whatever their own clock and zone.

t.test("/health tells the start of the business day and of the ticket day, in the venue's zone", async (t) => {
  const app = await buildTestApp(t); // 18:00 in Rome
  const health = async () =>
    (await app.request({ method: 'GET', url: '/health', as: 'none' })).json() as Record<string, string>;
  t.match(await health(), {
    timezone: 'Europe/Rome',
    businessDayStart: '2026-11-21T06:00:00.000Z',
    ticketDayStart: '2026-11-21T11:00:00.000Z',
  });
  app.clock.set('2026-11-22T00:30:00.000Z'); // 01:30: still the evening's days
  t.match(await health(), { businessDayStart: '2026-11-21T06:00:00.000Z', ticketDayStart: '2026-11-21T11:00:00.000Z' });
  app.clock.set('2026-11-22T09:00:00.000Z'); // 10:00: a new business day, the same ticket day until noon
  t.match(await health(), { businessDayStart: '2026-11-22T06:00:00.000Z', ticketDayStart: '2026-11-21T11:00:00.000Z' });
  app.clock.set('2026-11-22T11:00:00.000Z'); // 12:00: tickets start again
  t.match(await health(), { ticketDayStart: '2026-11-22T11:00:00.000Z' });
});

t.test('/health tells whether the till asks for a table (pos serve --no-tables: counter service)', async (t) => {
  const tables = await buildTestApp(t);
  t.equal(
    (await tables.request({ method: 'GET', url: '/health', as: 'none' })).json().tables,
    true,
    'asked unless told',
  );
  const counter = await buildTestApp(t, { config: { tables: false } });
  t.equal((await counter.request({ method: 'GET', url: '/health', as: 'none' })).json().tables, false);
});

t.test("/health tells the venue's language (pos serve --locale), the default of the web pages", async (t) => {
  const english = await buildTestApp(t);
  t.equal(
    (await english.request({ method: 'GET', url: '/health', as: 'none' })).json().locale,
    'en',
    'English unless told',
  );
  const italian = await buildTestApp(t, { config: { locale: 'it' } });
  t.equal((await italian.request({ method: 'GET', url: '/health', as: 'none' })).json().locale, 'it');
});
