import t from 'tap';
import {
  findOrder,
  initialState,
  nextStatus,
  type OrderSummary,
  ordersIn,
  reduce,
  selectedOrder,
} from '../../src/tui/state.js';
import { food, newOrder } from './fixtures.js';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');
const order = (id: number, status: OrderSummary['status'], extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  ticketNumber: status === 'pending' ? null : id,
  displayCode: `C${id}X`,
  table: String(id),
  customer: `c${id}`,
  status,
  confirmedAt: status === 'pending' ? null : new Date(NOW - id * 60_000).toISOString(),
  completedAt: null,
  total: 750,
  ...extra,
});

function loaded() {
  return reduce(initialState(), {
    type: 'loaded',
    orders: [
      order(1, 'confirmed'),
      order(2, 'confirmed'),
      order(3, 'pending'),
      order(4, 'completed', { completedAt: new Date(NOW - 60_000).toISOString() }),
    ],
    printers: [{ id: 'p', name: 'Cucina', status: 'ONLINE', statusReason: null, held: 0 }],
    foods: [food('f', 'Birra', 'Bevande', { categoryId: 'c' })],
    figures: null,
    at: NOW,
  });
}

t.test('stages and their order', async (t) => {
  const state = loaded();
  t.same(
    ordersIn(state, 'kitchen', NOW).map((o) => o.id),
    [2, 1],
    'waiting longest first',
  );
  t.same(
    ordersIn(state, 'pending', NOW).map((o) => o.id),
    [3],
  );
  t.same(
    ordersIn(state, 'ready', NOW).map((o) => o.id),
    [4],
  );
  t.equal(selectedOrder(state)?.id, 2, 'the first kitchen order is selected');
});

t.test('events move orders between stages and keep a sensible selection', async (t) => {
  let state = loaded();
  state = reduce(state, {
    type: 'event',
    event: newOrder({ id: 5, displayCode: 'NEW', table: '9', customer: 'z', total: 100 }),
    at: NOW,
  });
  t.same(
    ordersIn(state, 'pending', NOW).map((o) => o.id),
    [3, 5],
  );
  state = reduce(state, {
    type: 'event',
    event: { name: 'confirmed-order', payload: { id: 5, displayCode: 'NEW', ticketNumber: 9 } },
    at: NOW,
  });
  t.equal(state.orders.get(5)?.stage, 'kitchen');
  t.equal(state.orders.get(5)?.table, '9', 'what we knew is kept');
  state = reduce(state, {
    type: 'event',
    event: { name: 'order-table-changed', payload: { id: 5, table: '14' } },
    at: NOW,
  });
  t.equal(state.orders.get(5)?.table, '14', 'a waiter seated it at another table');
  t.equal(
    reduce(state, { type: 'event', event: { name: 'order-table-changed', payload: { id: 404, table: '1' } }, at: NOW }),
    state,
    'an order the board does not have changes nothing',
  );
  state = reduce(state, {
    type: 'event',
    event: {
      name: 'order-status-changed',
      payload: { id: 2, displayCode: 'C2X', ticketNumber: 2, status: 'COMPLETED' },
    },
    at: NOW,
  });
  t.equal(state.orders.get(2)?.stage, 'ready');
  t.equal(selectedOrder(state)?.id, 1, 'the selection follows to the next kitchen order');
  state = reduce(state, {
    type: 'event',
    event: { name: 'order-deleted', payload: { id: 1, displayCode: 'C1X' } },
    at: NOW,
  });
  t.notOk(state.orders.has(1));
  state = reduce(state, {
    type: 'event',
    event: { name: 'confirmed-order', payload: { id: 77, displayCode: 'UNK', ticketNumber: 12 } },
    at: NOW,
  });
  t.equal(state.orders.get(77)?.table, '…', 'an order confirmed elsewhere appears even before its details are known');
  state = reduce(state, {
    type: 'event',
    event: { name: 'printer-status-changed', payload: { printerId: 'p', status: 'ERROR' } },
    at: NOW,
  });
  t.equal(state.printers[0]?.status, 'ERROR');
  t.equal(state.printers[0]?.statusReason, null, 'an event of an older server has no reason');
  state = reduce(state, {
    type: 'event',
    event: { name: 'printer-status-changed', payload: { printerId: 'p', status: 'ERROR', statusReason: 'PAPER_OUT' } },
    at: NOW,
  });
  t.equal(state.printers[0]?.statusReason, 'PAPER_OUT');
  state = reduce(state, {
    type: 'event',
    event: { name: 'food-availability-changed', payload: { foodId: 'f', available: false } },
    at: NOW,
  });
  t.equal(state.foods[0]?.available, false);
});

t.test('keys: columns, rows, next/back, search', async (t) => {
  let state = loaded();
  state = reduce(state, { type: 'move', direction: 'down', now: NOW });
  t.equal(selectedOrder(state)?.id, 1);
  state = reduce(state, { type: 'move', direction: 'down', now: NOW });
  t.equal(selectedOrder(state)?.id, 1, 'stays at the end');
  state = reduce(state, { type: 'move', direction: 'left', now: NOW });
  t.equal(state.selected.stage, 'pending');
  t.equal(nextStatus(selectedOrder(state)!, 'next'), 'CONFIRMED');
  t.equal(nextStatus(selectedOrder(state)!, 'back'), null, 'nothing before pending');
  state = reduce(state, { type: 'move', direction: 'right', now: NOW });
  state = reduce(state, { type: 'move', direction: 'right', now: NOW });
  t.equal(state.selected.stage, 'ready');
  t.equal(nextStatus(selectedOrder(state)!, 'next'), 'PICKED_UP');
  t.equal(findOrder(state, 'c4x')?.id, 4, 'by display code, any case');
  t.equal(findOrder(state, '2')?.id, 2, 'by ticket number');
  state = reduce(state, { type: 'mode', mode: 'search' });
  state = reduce(state, { type: 'search', text: '1' });
  t.same(state.selected, { stage: 'kitchen', id: 1 });
});

t.test('picked-up orders fade from the board', async (t) => {
  const state = reduce(initialState(), {
    type: 'loaded',
    orders: [
      order(1, 'picked_up', { completedAt: new Date(NOW - 5 * 60_000).toISOString() }),
      order(2, 'picked_up', { completedAt: new Date(NOW - 40 * 60_000).toISOString() }),
    ],
    printers: [],
    foods: [],
    figures: null,
    at: NOW,
  });
  t.same(
    ordersIn(state, 'picked', NOW).map((o) => o.id),
    [1],
  );
  t.equal(findOrder(state, 'C1X', NOW)?.id, 1, 'a picked-up order still on the board is found');
  t.equal(
    findOrder(state, 'C2X', NOW),
    null,
    'one gone from the board is not (keys would act on an order nobody sees)',
  );
});

t.test('orders known from events keep the server order next to snapshot orders', async (t) => {
  // Order 1 came in a snapshot with the server's time; order 2 is confirmed later but its event is received at a
  // moment this clock says is earlier. The kitchen still lists 1 before 2.
  let state = reduce(initialState(), {
    type: 'loaded',
    orders: [order(1, 'confirmed', { confirmedAt: new Date(NOW).toISOString() })],
    printers: [],
    foods: [],
    figures: null,
    at: NOW,
  });
  state = reduce(state, {
    type: 'event',
    event: { name: 'confirmed-order', payload: { id: 2, displayCode: 'C2X', ticketNumber: 2 } },
    at: NOW - 5000,
  });
  t.same(
    ordersIn(state, 'kitchen', NOW).map((o) => o.id),
    [1, 2],
  );
  t.equal(selectedOrder(state)?.id, 1);
});

t.test('food-stock-changed sets what is left; a station event marks its station on the card', async (t) => {
  let state = reduce(initialState(), {
    type: 'loaded',
    orders: [
      order(1, 'confirmed', { stations: [{ printerId: 'p', name: 'Cucina', status: 'WAITING', doneAt: null }] }),
    ],
    printers: [],
    foods: [food('f', 'Porchetta', 'Panini', { stock: 20, portionsLeft: 20 })],
    figures: null,
    at: NOW,
  });
  state = reduce(state, {
    type: 'event',
    event: { name: 'food-stock-changed', payload: { foodId: 'f', portionsLeft: 0 } },
    at: NOW,
  });
  t.equal(state.foods[0]?.portionsLeft, 0);
  t.equal(state.foods[0]?.stock, 20, 'the food’s own count is not what the event is about');
  state = reduce(state, {
    type: 'event',
    event: { name: 'order-station-status-changed', payload: { orderId: 1, printerId: 'p', status: 'DONE' } },
    at: NOW,
  });
  t.same(state.orders.get(1)?.stations, [{ printerId: 'p', name: 'Cucina', status: 'DONE' }]);
  const unknown = reduce(state, {
    type: 'event',
    event: { name: 'order-station-status-changed', payload: { orderId: 1, printerId: 'other', status: 'DONE' } },
    at: NOW,
  });
  t.same(
    unknown.orders.get(1)?.stations,
    state.orders.get(1)?.stations,
    'a station the order does not wait at changes nothing',
  );
});

t.test(
  'an order moved from the board leaves the selection in place in its column, on the order that took its place',
  async (t) => {
    let state = reduce(initialState(), {
      type: 'loaded',
      orders: [order(1, 'confirmed'), order(2, 'confirmed'), order(3, 'confirmed')],
      printers: [],
      foods: [],
      figures: null,
      at: NOW,
    });
    t.same(
      ordersIn(state, 'kitchen', NOW).map((o) => o.id),
      [3, 2, 1],
    );
    state = reduce(state, { type: 'move', direction: 'down', now: NOW });
    t.equal(selectedOrder(state)?.id, 2, 'the middle one');
    state = reduce(state, { type: 'moved', id: 2, stage: 'ready', now: NOW });
    t.same(state.selected, { stage: 'kitchen', id: 1 }, 'the next one, in the same row of the kitchen');
    state = reduce(state, { type: 'moved', id: 1, stage: 'ready', now: NOW });
    t.same(state.selected, { stage: 'kitchen', id: 3 }, 'the last row gone: the row above');
    state = reduce(state, { type: 'moved', id: 2, stage: 'picked', now: NOW });
    t.same(
      state.selected,
      { stage: 'kitchen', id: 3 },
      'an order moved while another is selected leaves the selection alone',
    );
    state = reduce(state, { type: 'moved', id: 3, stage: 'ready', now: NOW });
    t.same(
      state.selected,
      { stage: 'kitchen', id: null },
      'the column emptied: nothing selected, still in the kitchen',
    );
  },
);
