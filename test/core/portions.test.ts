import t from 'tap';
import {
  type FoodCounts,
  menuState,
  planTake,
  portionsLeft,
  requestedPortions,
} from '../../src/core/catalog/portion-rules.js';

// The pure rules of portion counts, without a database.

const food = (foodId: string, stock: number | null, ingredients: Record<string, number> = {}): FoodCounts => ({
  foodId,
  name: foodId,
  stock,
  ingredients: new Map(Object.entries(ingredients).map(([id, count]) => [id, { name: id, stock: count }])),
});

t.test('portionsLeft: the smallest counted value, null when nothing is counted', async (t) => {
  t.equal(portionsLeft(null, []), null);
  t.equal(portionsLeft(null, [null, null]), null);
  t.equal(portionsLeft(7, []), 7);
  t.equal(portionsLeft(null, [4, null, 9]), 4);
  t.equal(portionsLeft(3, [4, 9]), 3);
  t.equal(portionsLeft(5, [0]), 0, 'an ingredient at 0 makes the food unorderable');
});

t.test('requestedPortions adds up the lines of the same food', async (t) => {
  t.same(
    [
      ...requestedPortions([
        { foodId: 'a', quantity: 2 },
        { foodId: 'b', quantity: 1 },
        { foodId: 'a', quantity: 3 },
      ]),
    ],
    [
      ['a', 5],
      ['b', 1],
    ],
  );
});

t.test('planTake: takes from the food’s own count and once per ingredient, summed over the lines', async (t) => {
  const counts = new Map([
    ['panino', food('panino', null, { porchetta: 10 })],
    ['piatto', food('piatto', 20, { porchetta: 10 })],
  ]);
  const plan = planTake(
    new Map([
      ['panino', 2],
      ['piatto', 3],
      ['birra', 4],
    ]),
    counts,
  );
  t.same(plan.short, []);
  t.same(plan.takes, [
    { foodId: 'piatto', units: 3 },
    { ingredientId: 'porchetta', units: 5 },
  ]);
});

t.test('planTake: exactly what is left is enough; one more is short, with the reason', async (t) => {
  const counts = new Map([['patatine', food('patatine', 2)]]);
  t.same(planTake(new Map([['patatine', 2]]), counts).takes, [{ foodId: 'patatine', units: 2 }]);
  const short = planTake(new Map([['patatine', 3]]), counts);
  t.same(short.takes, [], 'nothing is taken when anything is short');
  t.same(short.short, [{ foodId: 'patatine', name: 'patatine', requested: 3, left: 2, reason: '3 asked, 2 left' }]);
});

t.test('planTake: a shared ingredient must cover all the lines together; each food using it is named', async (t) => {
  const counts = new Map([
    ['panino', food('panino', null, { porchetta: 5 })],
    ['piatto', food('piatto', null, { porchetta: 5 })],
  ]);
  const plan = planTake(
    new Map([
      ['panino', 3],
      ['piatto', 3],
    ]),
    counts,
  );
  t.same(plan.takes, []);
  t.same(
    plan.short.map((s) => [s.foodId, s.requested, s.left, s.reason]),
    [
      ['panino', 3, 5, 'porchetta, shared with other lines: 6 needed, 5 left'],
      ['piatto', 3, 5, 'porchetta, shared with other lines: 6 needed, 5 left'],
    ],
  );
  const alone = planTake(new Map([['panino', 6]]), counts);
  t.same(
    alone.short.map((s) => s.reason),
    ['porchetta: 6 needed, 5 left'],
  );
  const both = planTake(new Map([['piatto', 2]]), new Map([['piatto', food('piatto', 1, { porchetta: 0 })]]));
  t.same(
    both.short.map((s) => [s.left, s.reason]),
    [[0, '2 asked, 1 left; porchetta: 2 needed, 0 left']],
    'every short count is named',
  );
});

t.test(
  'menuState: on and something left → available; on and 0 left → sold out by running out; off stays off',
  async (t) => {
    t.same(menuState(true, null), { available: true, soldOutByStock: false });
    t.same(menuState(true, 3), { available: true, soldOutByStock: false });
    t.same(menuState(true, 0), { available: false, soldOutByStock: true });
    t.same(menuState(false, 0), { available: false, soldOutByStock: false });
    t.same(menuState(false, 12), { available: false, soldOutByStock: false });
  },
);
