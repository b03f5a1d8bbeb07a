import t from 'tap';
import { closureSummary, reportsCsv, resolveDay } from '../../src/cli/commands/reports.js';

// Amounts in cents, as the client hands them over.
const report = {
  id: 'c1',
  timestamp: '2026-11-21T06:00:00.000Z',
  intervalInMinutes: 1050,
  totalRevenue: 123450,
  totalCashRevenue: 100000,
  totalCardRevenue: 23450,
  totalOrders: 87,
  averageCompletitionTime: 12.25,
  categoryStats: [
    {
      id: 'x',
      reportId: 'c1',
      categoryId: 'k',
      categoryName: 'Pizze',
      revenue: 80000,
      quantity: 100,
      foodStats: [
        { id: 'y', categoryStatsId: 'x', foodId: 'f', foodName: 'Margherita', revenue: 80000, quantity: 100 },
      ],
    },
  ],
  cashRegisterStats: [
    {
      id: 'z',
      reportId: 'c1',
      cashRegisterId: 'r',
      cashRegisterName: 'Cassa 1',
      totalRevenue: 123450,
      totalCardRevenue: 23450,
      totalCashRevenue: 100000,
    },
  ],
  totalDiscount: 0,
  noRegisterStats: { totalRevenue: 0, totalCashRevenue: 0, totalCardRevenue: 0 },
  totalCovers: 212,
  takeawayOrders: 9,
  takeawayRevenue: 15300,
  totalRefunds: 0,
  cancellations: { count: 0, amount: 0, cash: 0, card: 0 },
  discountsByReason: [],
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
  t.match(text, /from 2026-11-21 07:00 for/, "venue time, whatever the machine's zone");
  t.match(closureSummary(report, 'Cassa 1', 'America/New_York'), /from 2026-11-21 01:00 for/);
  t.match(text, /GENERAL CLOSURE/);
  t.match(text, /orders\s+87/);
  t.match(text, /revenue\s+1234\.50/);
  t.match(text, /cash\s+1000\.00/);
  t.match(text, /Margherita\s+100\s+800\.00/);
  t.match(text, /for 17 h 30 min/);
  t.match(text, /^covers +212$/m);
  t.match(text, /^takeaway orders +9$/m);
  t.match(text, /^ {2}takeaway revenue +153\.00$/m);
});

t.test('the closure names every register it covers and the one that ran it; prep time in whole minutes', async (t) => {
  const two = {
    ...report,
    averageCompletitionTime: 12.01,
    noRegisterStats: { totalRevenue: 10, totalCashRevenue: 10, totalCardRevenue: 0 },
    cashRegisterStats: [
      ...report.cashRegisterStats,
      { ...report.cashRegisterStats[0]!, id: 'z2', cashRegisterId: 'r2', cashRegisterName: 'Bar' },
    ],
  };
  const [heading, second] = closureSummary(two, 'Bar', 'Europe/Rome').split('\n');
  t.equal(heading, 'GENERAL CLOSURE of all registers: Cassa 1, Bar, (no register)');
  t.match(second, /^run at Bar, from 2026-11-21 07:00 for 17 h 30 min$/);
  t.match(closureSummary(two, 'Bar', 'Europe/Rome'), /^average prep time +12 min$/m, 'not 12.01');
  const quick = closureSummary({ ...two, averageCompletitionTime: 0.2 }, 'Bar', 'Europe/Rome');
  t.match(quick, /^average prep time +< 1 min$/m);
});

t.test("days are the venue's", async (t) => {
  const lateEvening = Date.parse('2026-11-21T23:30:00Z'); // 00:30 on the 22nd in Rome, still the 21st in UTC
  t.equal(resolveDay('today', 'Europe/Rome', lateEvening), '2026-11-22');
  t.equal(resolveDay('yesterday', 'Europe/Rome', lateEvening), '2026-11-21');
  t.equal(resolveDay('today', 'America/New_York', lateEvening), '2026-11-21');
  t.equal(resolveDay('2026-11-21', 'Europe/Rome'), '2026-11-21');
  t.equal(resolveDay('2026-11-21T10:00:00Z', 'Europe/Rome'), '2026-11-21T10:00:00Z');
  t.equal(resolveDay('2026-11-21T18:00', 'Europe/Rome'), '2026-11-21T18:00', 'a venue-time date-time goes as is');
  t.throws(() => resolveDay('last week', 'Europe/Rome'), { message: /last week/ });
});

t.test("the closure's columns align: money right-aligned, names padded, long names wrapped (never cut)", async (t) => {
  const long = 'Pappardelle al cinghiale con funghi porcini';
  const text = closureSummary(
    {
      ...report,
      totalRevenue: 124450,
      totalCashRevenue: 101000,
      totalDiscount: 500,
      noRegisterStats: { totalRevenue: 1000, totalCashRevenue: 1000, totalCardRevenue: 0 },
      cashRegisterStats: [
        ...report.cashRegisterStats,
        {
          id: 'z2',
          reportId: 'c1',
          cashRegisterId: 'r2',
          cashRegisterName: 'Cassa del bar vicino al palco',
          totalRevenue: 0,
          totalCardRevenue: 0,
          totalCashRevenue: 0,
        },
      ],
      categoryStats: [
        {
          ...report.categoryStats[0]!,
          foodStats: [
            ...report.categoryStats[0]!.foodStats,
            { id: 'y2', categoryStatsId: 'x', foodId: 'g', foodName: long, revenue: 950, quantity: 1 },
          ],
        },
      ],
    },
    'Cassa 1',
    'Europe/Rome',
  );
  const lines = text.split('\n');
  // Every line with a money figure ends it at the same column within its section.
  const section = (title: string) => {
    const start = lines.indexOf(title);
    const end = lines.indexOf('', start);
    return lines.slice(start + 1, end === -1 ? undefined : end);
  };
  const ends = (rows: string[]) => new Set(rows.filter((line) => /\d\.\d\d$/.test(line)).map((line) => line.length));
  const totals = lines.indexOf('') + 1;
  t.equal(ends(lines.slice(totals, lines.indexOf('', totals))).size, 1, `the totals align:\n${text}`);
  const registers = section('per register');
  t.equal(ends(registers).size, 1, `the register lines align:\n${registers.join('\n')}`);
  t.match(
    registers.join('\n'),
    /\(no register\)\s+10\.00\s+10\.00\s+0\.00/,
    'orders without a register on their own line',
  );
  const foods = section('per category and food (before discounts)');
  t.equal(ends(foods).size, 1, `the food lines align:\n${foods.join('\n')}`);
  t.match(text, /discounts given\s+5\.00/);
  // The long names are all there, over two lines, and the figure columns stay where they are.
  const words = foods.join(' ').replace(/\s+/g, ' ');
  t.match(words, /Pappardelle al cinghiale con funghi porcini 1 9\.50/, 'the long food name is whole');
  t.match(registers.join(' ').replace(/\s+/g, ' '), /Cassa del bar vicino al palco 0\.00 0\.00 0\.00/);
  const revenueColumn = (line: string) => line.lastIndexOf('.');
  const columns = new Set(registers.filter((line) => /\d$/.test(line)).map((line) => revenueColumn(line)));
  t.equal(columns.size, 1);
  for (const line of lines) t.ok(line.length <= 80, `fits 80 columns: "${line}"`);
});

t.test('the closure summary shows the refunds, the cancelled orders apart, and the discounts by reason', async (t) => {
  const text = closureSummary(
    {
      ...report,
      totalDiscount: 1500,
      totalRefunds: 750,
      cancellations: { count: 2, amount: 2800, cash: 2000, card: 800 },
      discountsByReason: [
        { reason: 'Volontari', count: 3, amount: 1000 },
        { reason: null, count: 1, amount: 500 },
      ],
    },
    'Cassa 1',
    'Europe/Rome',
  );
  t.match(text, /^refunds given\s+7\.50$/m);
  t.match(text, /^cancelled orders \(paid back, in no total above\)$/m);
  t.match(text, /^\s+cancelled\s+2\s+28\.00\s+20\.00\s+8\.00$/m);
  t.match(text, /^\s+Volontari\s+3\s+10\.00$/m);
  t.match(text, /^\s+\(no reason\)\s+1\s+5\.00$/m);
  t.notMatch(closureSummary(report, 'Cassa 1', 'Europe/Rome'), /cancelled/, 'nothing cancelled: no section');
});

t.test("the closure lists the drawers' sessions: expected, counted, difference", async (t) => {
  const text = closureSummary(
    {
      ...report,
      sessions: [
        {
          cashRegisterName: 'Cassa 1',
          userName: 'mario',
          openedAt: '2026-11-21T17:00:00.000Z',
          closedAt: '2026-11-21T21:30:00.000Z',
          expectedCash: 70050,
          counted: 69900,
          difference: -150,
        },
        {
          cashRegisterName: 'Bar',
          userName: 'luca',
          openedAt: '2026-11-21T18:00:00.000Z',
          closedAt: null,
          expectedCash: 17950,
          counted: null,
          difference: null,
        },
      ],
    },
    'Cassa 1',
    'Europe/Rome',
  );
  t.match(text, /^cash sessions$/m);
  t.match(text, /Cassa 1, mario, 18:00-22:30\s+700\.50\s+699\.00\s+-1\.50$/m);
  t.match(text, /Bar, luca, 19:00-open\s+179\.50\s+-\s+-$/m);
});

t.test('orders confirmed without a payment method have a line of their own, so the figures add up', async (t) => {
  const unpaid = {
    ...report,
    totalCardRevenue: 20000,
    cashRegisterStats: [{ ...report.cashRegisterStats[0]!, totalCardRevenue: 20000 }],
  };
  const text = closureSummary(unpaid, 'Cassa 1', 'Europe/Rome');
  t.match(text, /^ {2}no payment method +34\.50$/m, '1234.50 = 1000.00 cash + 200.00 card + 34.50');
  t.match(text, /^ +revenue +cash +card +no method$/m);
  t.match(text, /^ {2}Cassa 1 +1234\.50 +1000\.00 +200\.00 +34\.50$/m);
  const paid = closureSummary(report, 'Cassa 1', 'Europe/Rome');
  t.notMatch(paid, /no payment method|no method/, 'a closure where every order was paid shows neither');
});

t.test(
  'the categories less the discounts and refunds give the revenue again; set menus count their parts',
  async (t) => {
    const text = closureSummary(
      {
        ...report,
        totalRevenue: 79200, // 800.00 of pizzas, less 5.00 of discounts and 3.00 refunded
        totalCashRevenue: 79200,
        totalCardRevenue: 0,
        totalDiscount: 500,
        totalRefunds: 300,
        cashRegisterStats: [],
        componentStats: [{ foodId: 'm', foodName: 'Margherita', quantity: 12 }],
      },
      'Cassa 1',
      'Europe/Rome',
    );
    const tail = text.slice(text.indexOf('per category and food'));
    t.match(tail, /^before discounts +800\.00$/m);
    t.match(tail, /^discounts +-5\.00$/m);
    t.match(tail, /^refunds +-3\.00$/m);
    t.match(tail, /^revenue +792\.00$/m);
    t.match(tail, /in set menus[^\n]*\n +qty\n {2}Margherita +12$/m);
  },
);

t.test('cancelled orders that had no payment method get a column of their own', async (t) => {
  const withCancellations = (cancellations: { count: number; amount: number; cash: number; card: number }) =>
    closureSummary({ ...report, cancellations }, 'Cassa 1', 'Europe/Rome');
  const text = withCancellations({ count: 3, amount: 4300, cash: 2000, card: 800 });
  t.match(text, /^ +orders +paid back +cash +card +no method$/m);
  t.match(text, /^ {2}cancelled +3 +43\.00 +20\.00 +8\.00 +15\.00$/m);
  t.notMatch(withCancellations({ count: 1, amount: 800, cash: 800, card: 0 }), /no method/);
});
