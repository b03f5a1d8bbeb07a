import t from 'tap';
import { closureSummary, reportsCsv, resolveDay } from '../../src/cli/commands/reports.js';

const report = {
  id: 'c1', timestamp: '2026-11-21T06:00:00.000Z', intervalInMinutes: 1050, totalRevenue: 1234.5, totalCashRevenue: 1000, totalCardRevenue: 234.5,
  totalOrders: 87, averageCompletitionTime: 12.25,
  categoryStats: [{ id: 'x', reportId: 'c1', categoryId: 'k', categoryName: 'Pizze', revenue: 800, quantity: 100,
    foodStats: [{ id: 'y', categoryStatsId: 'x', foodId: 'f', foodName: 'Margherita', revenue: 800, quantity: 100 }] }],
  cashRegisterStats: [{ id: 'z', reportId: 'c1', cashRegisterId: 'r', cashRegisterName: 'Cassa 1', totalRevenue: 1234.5, totalCardRevenue: 234.5, totalCashRevenue: 1000 }],
  totalDiscount: 0, noRegisterStats: { totalRevenue: 0, totalCashRevenue: 0, totalCardRevenue: 0 },
};

t.test('csv for spreadsheets', async (t) => {
  t.equal(
    reportsCsv([report], 'Europe/Rome'),
    'start,start_utc,minutes,orders,revenue,cash,card,average_completion_minutes\n2026-11-21 07:00,2026-11-21T06:00:00.000Z,1050,87,1234.50,1000.00,234.50,12.25',
    'the start in venue time for people, in UTC for programs',
  );
});

t.test('closure summary', async (t) => {
  const text = closureSummary(report, 'Cassa 1', 'Europe/Rome');
  t.match(text, /from 2026-11-21 07:00 for/, 'venue time, whatever the machine\'s zone');
  t.match(closureSummary(report, 'Cassa 1', 'America/New_York'), /from 2026-11-21 01:00 for/);
  t.match(text, /GENERAL CLOSURE/);
  t.match(text, /orders\s+87/);
  t.match(text, /revenue\s+1234\.50/);
  t.match(text, /cash\s+1000\.00/);
  t.match(text, /Margherita\s+100\s+800\.00/);
  t.match(text, /for 17 h 30 min/);
});

t.test('days are the venue\'s', async (t) => {
  const lateEvening = Date.parse('2026-11-21T23:30:00Z'); // 00:30 on the 22nd in Rome, still the 21st in UTC
  t.equal(resolveDay('today', 'Europe/Rome', lateEvening), '2026-11-22');
  t.equal(resolveDay('yesterday', 'Europe/Rome', lateEvening), '2026-11-21');
  t.equal(resolveDay('today', 'America/New_York', lateEvening), '2026-11-21');
  t.equal(resolveDay('2026-11-21', 'Europe/Rome'), '2026-11-21');
  t.equal(resolveDay('2026-11-21T10:00:00Z', 'Europe/Rome'), '2026-11-21T10:00:00Z');
  t.equal(resolveDay('2026-11-21T18:00', 'Europe/Rome'), '2026-11-21T18:00', 'a venue-time date-time goes as is');
  t.throws(() => resolveDay('last week', 'Europe/Rome'), { message: /last week/ });
});
