import t from 'tap';
import {
  ageLevel,
  ageLimits,
  ageMinutes,
  allDayCounts,
  keepStruck,
  lastDone,
  replaceOrder,
  waitingOrders,
  type StationOrder,
} from '../../src/web/kitchen/board.js';

const order = (
  id: number,
  stationStatus: 'WAITING' | 'DONE',
  items: Array<[string, string, number]>,
  doneAt: string | null = null,
): StationOrder => ({
  id,
  displayCode: `C${id}`,
  ticketNumber: id,
  table: '1',
  customer: 'x',
  confirmedAt: '2026-11-21T19:00:00.000Z',
  status: stationStatus === 'DONE' ? 'COMPLETED' : 'CONFIRMED',
  stationStatus,
  doneAt,
  covers: 0,
  service: 'TABLE',
  items: items.map(([itemId, name, quantity]) => ({
    id: itemId,
    foodId: `f-${name}`,
    name,
    quantity,
    notes: '',
    optionId: null,
    choices: [],
  })),
});

const orders = [
  order(1, 'WAITING', [
    ['a', 'Salsiccia', 4],
    ['b', 'Polenta', 2],
  ]),
  order(2, 'DONE', [['c', 'Salsiccia', 9]], '2026-11-21T19:10:00.000Z'),
  order(3, 'WAITING', [
    ['d', 'Salsiccia', 10],
    ['e', 'Polenta', 7],
    ['f', 'Costine', 7],
  ]),
  order(4, 'DONE', [['g', 'Costine', 1]], '2026-11-21T19:20:00.000Z'),
];

t.test('all-day counts: the waiting orders only, most first, struck items left out', async (t) => {
  t.same(allDayCounts(orders, new Set()), [
    { name: 'Salsiccia', quantity: 14 },
    { name: 'Polenta', quantity: 9 },
    { name: 'Costine', quantity: 7 },
  ]);
  t.same(allDayCounts(orders, new Set(['d', 'f'])), [
    { name: 'Polenta', quantity: 9 },
    { name: 'Salsiccia', quantity: 4 },
  ]);
  t.same(
    waitingOrders(orders).map((o) => o.id),
    [1, 3],
  );
});

t.test('age: minutes, amber after 10, red after 20, configurable', async (t) => {
  const at = Date.parse('2026-11-21T19:00:00.000Z');
  t.equal(ageMinutes('2026-11-21T19:00:00.000Z', at + 9 * 60_000 + 59_000), 9);
  t.equal(ageMinutes('2026-11-21T19:00:00.000Z', at - 5000), 0, 'a clock a little behind shows 0, not -1');
  const limits = ageLimits('');
  t.same(limits, { amber: 10, red: 20 });
  t.same(
    [9, 10, 19, 20].map((m) => ageLevel(m, limits)),
    ['fresh', 'amber', 'amber', 'red'],
  );
  t.same(ageLimits('?amber=5&red=8'), { amber: 5, red: 8 });
  t.same(ageLimits('?amber=abc&red=-1'), { amber: 10, red: 20 }, 'nonsense keeps the defaults');
  t.same(ageLimits('?amber=30'), { amber: 30, red: 30 }, 'red never before amber');
});

t.test(
  'recall: the order done last; struck items forgotten with their order; a tap answer replaces its order',
  async (t) => {
    t.equal(lastDone(orders)?.id, 4);
    t.equal(lastDone(waitingOrders(orders)), null);
    t.same([...keepStruck(new Set(['a', 'zz']), orders)], ['a']);
    const recalled = { ...(orders[3] as StationOrder), stationStatus: 'WAITING' as const, doneAt: null };
    t.same(
      replaceOrder(orders, recalled).map((o) => [o.id, o.stationStatus]),
      [
        [1, 'WAITING'],
        [2, 'DONE'],
        [3, 'WAITING'],
        [4, 'WAITING'],
      ],
    );
  },
);
