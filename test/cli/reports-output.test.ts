import t from 'tap';
import { closureSummary, reportsCsv, resolveDay } from '../../src/cli/commands/reports.js';

const report = {
  id: 'c1', timestamp: '2026-11-21T06:00:00.000Z', intervalInMinutes: 1050, totalRevenue: 1234.5, totalCashRevenue: 1000, totalCardRevenue: 234.5,
  totalOrders: 87, averageCompletitionTime: 12.25,
  categoryStats: [{ id: 'x', reportId: 'c1', categoryId: 'k', categoryName: 'Pizze', revenue: 800, quantity: 100,
    foodStats: [{ id: 'y', categoryStatsId: 'x', foodId: 'f', foodName: 'Margherita', revenue: 800, quantity: 100 }] }],
  cashRegisterStats: [{ id: 'z', reportId: 'c1', cashRegisterId: 'r', cashRegisterName: 'Cassa 1', totalRevenue: 1234.5, totalCardRevenue: 234.5, totalCashRevenue: 1000 }],
};

t.test('csv for spreadsheets', async (t) => {
  t.equal(reportsCsv([report]), 'start,minutes,orders,revenue,cash,card,average_completion_minutes\n2026-11-21T06:00:00.000Z,1050,87,1234.50,1000.00,234.50,12.25');
});

t.test('closure summary', async (t) => {
  const text = closureSummary(report, 'Cassa 1');
  t.match(text, /GENERAL CLOSURE/);
  t.match(text, /orders\s+87/);
  t.match(text, /revenue\s+1234\.50/);
  t.match(text, /cash\s+1000\.00/);
  t.match(text, /Margherita\s+100\s+800\.00/);
  t.match(text, /for 17 h 30 min/);
});

t.test('days', async (t) => {
  t.match(resolveDay('today'), /^\d{4}-\d\d-\d\d$/);
  t.equal(resolveDay('2026-11-21'), '2026-11-21');
  t.equal(resolveDay('2026-11-21T10:00:00Z'), '2026-11-21T10:00:00Z');
  t.throws(() => resolveDay('last week'), { message: /last week/ });
});
