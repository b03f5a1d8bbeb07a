import t from 'tap';
import { splitReady, STRIP_ENTRY_EMS, stripPlaces, stripShown } from '../../src/web/display/ageing.js';
import { applyEvent, boardFromState, EMPTY_BOARD, readyOrder, type Shown } from '../../src/web/display/board.js';

// The TV's ageing rule: ready orders not collected after the venue's minutes leave the big tiles for the "still to
// collect" strip, oldest first; a full strip hides the youngest of it, never the oldest.

const MIN = 60_000;
const now = Date.parse('2026-11-21T20:00:00Z');
const ready = (id: number, minutesAgo: number, extra: Partial<Shown> = {}): Shown => ({
  id,
  ticketNumber: id,
  displayCode: `K${id}`,
  at: now - minutesAgo * MIN,
  ...extra,
});

t.test('older than the minutes: to the strip, oldest first; the rest stay on the tiles, newest first', async (t) => {
  const orders = readyOrder([ready(1, 25), ready(2, 12), ready(3, 10), ready(4, 9.9), ready(5, 0)]);
  const { fresh, aged } = splitReady(orders, now, 10);
  t.same(
    fresh.map((o) => o.id),
    [5, 4],
  );
  t.same(
    aged.map((o) => o.id),
    [1, 2, 3],
    'ten minutes exactly is old enough; the longest waiting first',
  );
  t.same(splitReady(orders, now, 0).aged, [], '0 minutes: the strip is off, every ready order keeps its tile');
  t.same(splitReady([], now, 10), { fresh: [], aged: [] });
});

t.test('an order the TV saw become ready ages from that moment, not from its place in the column', async (t) => {
  // The last thing the TV knew happened 30 minutes ago: an event's `at` is only "after that".
  let board = boardFromState(EMPTY_BOARD, {
    preparing: [{ id: 7, ticketNumber: 7, displayCode: 'K7P', since: new Date(now - 30 * MIN).toISOString() }],
    ready: [],
  });
  board = applyEvent(
    board,
    { name: 'order-status-changed', payload: { id: 7, displayCode: 'K7P', ticketNumber: 7, status: 'COMPLETED' } },
    now,
  ).board;
  const { fresh, aged } = splitReady(readyOrder(board.ready.values()), now + 5 * MIN, 10);
  t.same(
    fresh.map((o) => o.id),
    [7],
    'five minutes after it came out it is still on the big tiles',
  );
  t.same(aged, []);
  t.same(
    splitReady(readyOrder(board.ready.values()), now + 11 * MIN, 10).aged.map((o) => o.id),
    [7],
    'and on the strip after eleven',
  );
});

t.test('a full strip keeps the oldest and counts the youngest of it', async (t) => {
  const aged = [ready(1, 40), ready(2, 30), ready(3, 20), ready(4, 15), ready(5, 11)];
  t.same(stripShown(aged, 10), { shown: aged, more: 0 });
  const full = stripShown(aged, 3);
  t.same(
    full.shown.map((o) => o.id),
    [1, 2],
    'the two who waited longest',
  );
  t.equal(full.more, 3, 'and "+3" in the last place');
  t.same(stripShown(aged, 1), { shown: [], more: 5 });
});

t.test('places on one line, at the strip font', async (t) => {
  const font = 1080 * 0.046; // a 1920×1080 TV
  t.equal(stripPlaces(1800, font, 13), Math.floor((1800 + 13) / (font * STRIP_ENTRY_EMS + 13)));
  t.ok(stripPlaces(1800, font, 13) >= 7, 'a TV shows several');
  t.ok(stripPlaces(360, 844 * 0.046, 10) >= 2, 'a phone upright at least two a line');
  t.equal(stripPlaces(360, 844 * 0.046, 10, 2), 2 * stripPlaces(360, 844 * 0.046, 10), 'and two lines');
  t.equal(stripPlaces(0, font, 13), 0, 'not measured yet');
});
