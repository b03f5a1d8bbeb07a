import t from 'tap';
import { preparingOrder, readyOrder, readyShown, recalledAt, type Shown } from '../../src/web/display/board.js';

const order = (id: number, at: number, confirmed?: number): Shown => ({
  id,
  ticketNumber: id,
  displayCode: `C${id}`,
  at,
  ...(confirmed === undefined ? {} : { confirmed }),
});

t.test('a full "Ready" column never hides the customers who waited longest', async (t) => {
  // 39 ready, ticket 1 ready first (oldest), ticket 39 just called.
  const ready = readyOrder(Array.from({ length: 39 }, (_, i) => order(i + 1, 1000 + i)));
  t.equal(ready[0]?.id, 39, 'newest first');
  const shown = readyShown(ready, 15).map((o) => o.id);
  t.equal(shown.length, 15);
  t.ok(shown.includes(1) && shown.includes(2) && shown.includes(3), `the oldest three are shown (${shown.join(' ')})`);
  t.ok(shown.includes(39), 'and the number just called');
  t.same(
    shown,
    [...shown].sort((a, b) => b - a),
    'in the column order, newest first',
  );
  t.same(readyShown(ready.slice(0, 5), 15).length, 5, 'all of them when they fit');
  t.same(
    readyShown(ready, 2).map((o) => o.id),
    [39, 1],
    'two places: the one just called and the one who waited longest',
  );
  t.same(
    readyShown(ready, 1).map((o) => o.id),
    [1],
    'one place: the one who waited longest',
  );
  t.same(readyShown(ready, 0), []);
});

t.test('a recalled order keeps its place by confirmation time', async (t) => {
  const preparing = [order(2, 200, 200), order(5, 500, 500), order(9, 900, 900)];
  const recalled = order(4, 1000, 400); // seen going to the kitchen at 400, ready at 1000
  const at = recalledAt(preparing, recalled, 2000);
  t.equal(at, 400);
  t.same(
    preparingOrder([...preparing, { ...recalled, at }]).map((o) => o.id),
    [2, 4, 5, 9],
    'between 2 and 5, not at the end',
  );
  // Only ever seen ready (the TV opened later): placed by its ticket number, given out in confirmation order.
  const unknown = recalledAt(preparing, { ticketNumber: 6 }, 2000);
  t.same(
    preparingOrder([...preparing, { ...order(6, unknown) }]).map((o) => o.id),
    [2, 5, 6, 9],
  );
  t.equal(recalledAt(preparing, { ticketNumber: 1 }, 2000) < 200, true, 'before the first');
  t.equal(recalledAt(preparing, { ticketNumber: 12 }, 2000), 2000, 'after the last');
});
