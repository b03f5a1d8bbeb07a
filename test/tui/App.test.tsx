import { render } from 'ink-testing-library';
import t from 'tap';
import { App } from '../../src/tui/App.js';
import type { DashboardSource } from '../../src/tui/source.js';
import { DashboardLocale, type OfflineNotice } from '../../src/tui/texts.js';
import type { CashierEvent } from '../../src/api/events.js';
import type { OrderStation } from '../../src/api/orders.js';
import type { Connection, OrderSummary, RegisterCard } from '../../src/tui/state.js';
import { sleep, waitFor } from '../helpers/wait.js';
import { food, newOrder } from './fixtures.js';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');

const REGISTERS: RegisterCard[] = [
  { id: 'r1', name: 'Cassa 1', printerId: 'p1' },
  { id: 'r2', name: 'Cassa bar', printerId: null },
];

function fakeSource(orders: OrderSummary[], registers: RegisterCard[] = REGISTERS) {
  const calls: string[] = [];
  let handlers: Parameters<DashboardSource['stream']>[0] | null = null;
  let loads = 0;
  const source: DashboardSource = {
    async load() {
      loads++;
      return {
        orders,
        printers: [
          { id: 'p1', name: 'Cucina', status: 'ONLINE', statusReason: null, held: 0 },
          { id: 'p2', name: 'Bar', status: 'ERROR', statusReason: null, held: 3 },
        ],
        foods: [
          food('f1', 'Birra', 'Bevande', { categoryId: 'c1' }),
          food('f2', 'Margherita', 'Pizze', { categoryId: 'c2', stock: 40, portionsLeft: 40 }),
        ],
        figures: { orders: 12, revenue: 12_350, cash: 10_000, card: 2350 },
        timezone: 'Europe/Rome',
      };
    },
    async foods() {
      calls.push('foods');
      return [
        food('f1', 'Birra', 'Bevande', { categoryId: 'c1' }),
        food('f2', 'Margherita', 'Pizze', { categoryId: 'c2', stock: 40, portionsLeft: 40 }),
        food('f3', 'Tiramisù', 'Dolci', { categoryId: 'c3' }),
      ];
    },
    async figures() {
      return { orders: 13, revenue: 13_000, cash: 10_000, card: 3000 };
    },
    async printers() {
      return [{ id: 'p1', name: 'Cucina', status: 'ONLINE', statusReason: null, held: 0 }];
    },
    stream(h) {
      handlers = h;
      // As the real stream: connected a moment after it is opened.
      queueMicrotask(() => handlers?.onStatus('live'));
      return () => (handlers = null);
    },
    async order(id) {
      const known = orders.find((o) => o.id === id);
      if (known) return known;
      return {
        id,
        ticketNumber: id,
        displayCode: `K${id}P`,
        table: `T${id}`,
        customer: `Cliente${id}`,
        status: 'confirmed',
        confirmedAt: new Date(NOW).toISOString(),
        completedAt: null,
        total: 100,
      };
    },
    async setStatus(id, status) {
      calls.push(`status ${id} ${status}`);
    },
    async confirm(id, paymentMethod, cashRegisterId) {
      calls.push(`confirm ${id} ${paymentMethod} ${cashRegisterId}`);
      return { ticketNumber: 40 + id, warnings: null };
    },
    async registers() {
      calls.push('registers');
      return registers;
    },
    async details(id) {
      const known = orders.find((o) => o.id === id);
      return {
        id,
        ticketNumber: id,
        displayCode: `K${id}P`,
        table: `T${id}`,
        customer: `Cliente${id}`,
        status: 'confirmed',
        total: 1150,
        stations: (known?.stations ?? []).map((station) => ({ ...station })),
        items: [
          { category: 'Pizze', quantity: 1, name: 'Margherita', notes: 'senza glutine' },
          { category: 'Bevande', quantity: 2, name: 'Birra', notes: '' },
        ],
      };
    },
    async reprint(id) {
      calls.push(`reprint ${id}`);
      return 2;
    },
    async setFoodAvailable(id, available) {
      calls.push(`food ${id} ${available}`);
    },
    async setFoodStock(id, change) {
      calls.push(`stock ${id} ${JSON.stringify(change)}`);
      const left = 'stock' in change ? (change.stock ?? null) : 40 + (change.stockAdd ?? 0);
      return food(id, id === 'f2' ? 'Margherita' : 'Birra', 'Pizze', { stock: left, portionsLeft: left });
    },
  };
  return {
    source,
    calls,
    loads: () => loads,
    emit: (event: CashierEvent) => handlers?.onEvent(event),
    status: (connection: Connection, offline?: OfflineNotice) => handlers?.onStatus(connection, offline),
  };
}

const order = (id: number, status: OrderSummary['status'], minutesAgo = id): OrderSummary => ({
  id,
  ticketNumber: status === 'pending' ? null : id,
  displayCode: `K${id}P`,
  table: `T${id}`,
  customer: `Cliente${id}`,
  status,
  confirmedAt: status === 'pending' ? null : new Date(NOW - minutesAgo * 60_000).toISOString(),
  completedAt: status === 'completed' ? new Date(NOW - 60_000).toISOString() : null,
  total: 750,
});

async function frame(
  instance: ReturnType<typeof render>,
  check: (text: string) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<string> {
  const last = () => instance.lastFrame() ?? '';
  const seen = await waitFor(
    `a frame with ${what}`,
    () => {
      const text = last();
      return check(text) ? { text } : null;
    },
    { timeoutMs, intervalMs: 10, detail: () => `last frame:\n${last()}` },
  );
  return seen.text;
}

const until = (check: () => boolean, what: string) => waitFor(what, check, { timeoutMs: 15_000, intervalMs: 10 });

function mount(t: { teardown(fn: () => void): void }, orders: OrderSummary[], frameMs = 10) {
  const fake = fakeSource(orders);
  const instance = render(
    <App source={fake.source} now={() => NOW} frameMs={frameMs} refreshMs={60_000} lateMinutes={15} />,
  );
  t.teardown(() => instance.unmount());
  return { ...fake, instance };
}

t.test('the board: stages, figures, printers, keys', async (t) => {
  const { instance } = mount(t, [
    order(1, 'confirmed'),
    order(2, 'confirmed', 20),
    order(3, 'pending'),
    order(4, 'completed'),
  ]);
  const text = await frame(instance, (f) => f.includes('In the kitchen (2)'), 'the kitchen column');
  t.match(text, /Pending \(1\)/);
  t.match(text, /Ready \(1\)/);
  t.match(text, /today 12 orders · 123\.50 \(cash 100\.00 · card 23\.50\)/);
  t.match(text, /Cucina ONLINE · Bar ERROR \(3 waiting\)/);
  t.match(text, /2 K2P T2 Cliente2\s+20m/, 'minutes waiting in the kitchen');
  t.match(
    text,
    /n next {2}b back {2}i items {2}r reprint {2}t register {2}f foods {2}\/ find {2}q quit/,
    'every key in the footer',
  );
  t.match(text, /#2 K2P T2/, 'named as the TV names it: ticket number, then display code');
});

t.test('live events appear in the next frame', async (t) => {
  const { instance, emit } = mount(t, [order(1, 'confirmed')]);
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'loaded');
  emit(newOrder({ id: 9, displayCode: 'NEW', table: 'T9', customer: 'Nuovo', total: 400 }));
  await frame(instance, (f) => f.includes('Pending (1)') && f.includes('NEW T9 Nuovo'), 'the new order');
  emit({ name: 'confirmed-order', payload: { id: 9, displayCode: 'NEW', ticketNumber: 2 } });
  await frame(instance, (f) => f.includes('In the kitchen (2)'), 'confirmed');
  emit({ name: 'confirmed-order', payload: { id: 12, displayCode: 'K12P', ticketNumber: 3 } });
  await frame(
    instance,
    (f) => f.includes('K12P T12 Client'),
    'an order created confirmed gets its table and customer fetched',
  );
  emit({ name: 'order-status-changed', payload: { id: 1, displayCode: 'K1P', ticketNumber: 1, status: 'COMPLETED' } });
  await frame(instance, (f) => f.includes('Ready (1)'), 'ready');
  emit({ name: 'order-deleted', payload: { id: 9, displayCode: 'NEW' } });
  await frame(instance, (f) => f.includes('In the kitchen (1)') && !f.includes('NEW'), 'deleted');
});

t.test('n moves the selected order on, b back, r reprints', async (t) => {
  const { instance, calls } = mount(t, [order(1, 'confirmed'), order(2, 'confirmed', 20)]);
  await frame(instance, (f) => f.includes('In the kitchen (2)'), 'loaded');
  instance.stdin.write('n');
  await until(() => calls.includes('status 2 COMPLETED'), 'the oldest kitchen order moves to COMPLETED');
  await frame(instance, (f) => f.includes('order #2 K2P → COMPLETED'), 'a message naming the order as the TV does');
  instance.stdin.write('b'); // the selection stayed in the kitchen, on order 1
  await until(() => calls.includes('status 1 PENDING'), 'back moves order 1 to PENDING');
  instance.stdin.write('\u001b[C'); // the kitchen is empty: → ready
  instance.stdin.write('r');
  await until(() => calls.includes('reprint 2'), 'reprint');
  await frame(
    instance,
    (f) => f.includes('reprint of #2 K2P sent: kitchen tickets only, no receipt'),
    'the reprint message says no receipt',
  );
});

t.test('arrows change the column; the picked-up column moves back to ready', async (t) => {
  const { instance, calls } = mount(t, [
    order(1, 'completed'),
    { ...order(2, 'picked_up'), completedAt: new Date(NOW - 60_000).toISOString() },
  ]);
  await frame(instance, (f) => f.includes('Picked up (1)'), 'loaded');
  instance.stdin.write('\u001b[C'); // → ready
  instance.stdin.write('\u001b[C'); // → picked up
  instance.stdin.write('b');
  await until(() => calls.includes('status 2 COMPLETED'), 'picked up back to ready');
});

t.test('n on a pending order asks cash or card and confirms it; Esc cancels', async (t) => {
  const { instance, calls } = mount(t, [order(3, 'pending')]);
  await frame(instance, (f) => f.includes('Pending (1)'), 'loaded');
  instance.stdin.write('\u001b[D'); // ← to the pending column
  instance.stdin.write('n');
  await frame(
    instance,
    (f) => f.includes('Confirm at which register?') && f.includes('1  Cassa 1'),
    'the register question',
  );
  instance.stdin.write('1');
  await frame(instance, (f) => f.includes('c cash') && f.includes('k card'), 'the payment question');
  instance.stdin.write('\u001b');
  await frame(instance, (f) => f.includes('n next'), 'cancelled');
  t.notOk(
    calls.some((call) => call.startsWith('confirm') || call.startsWith('status')),
    'nothing sent',
  );
  instance.stdin.write('n');
  await frame(
    instance,
    (f) => f.includes('c cash') && f.includes('at Cassa 1'),
    'asked again, at the register chosen before',
  );
  instance.stdin.write('k');
  await until(() => calls.includes('confirm 3 CARD r1'), 'confirmed by card at Cassa 1, through POST /confirm');
  await frame(
    instance,
    (f) => f.includes('order #43 K3P confirmed, paid by card at Cassa 1'),
    'a message with its new ticket number',
  );
});

t.test('the payment is for the order chosen, even if another till confirms it meanwhile', async (t) => {
  const { instance, calls, emit } = mount(t, [order(3, 'pending'), order(4, 'pending')]);
  await frame(instance, (f) => f.includes('Pending (2)'), 'loaded');
  instance.stdin.write('\u001b[D');
  instance.stdin.write('n');
  await frame(instance, (f) => f.includes('Confirm at which register?'), 'the register question');
  instance.stdin.write('\r');
  await frame(
    instance,
    (f) => f.includes('order K3P (Cliente3)') && f.includes('c cash'),
    'the question names the order',
  );
  emit({ name: 'confirmed-order', payload: { id: 3, displayCode: 'K3P', ticketNumber: 9 } }); // another till was quicker
  await frame(instance, (f) => f.includes('Pending (1)'), 'order 3 left the pending column');
  instance.stdin.write('c');
  await frame(instance, (f) => f.includes('changed meanwhile'), 'told, and nothing done');
  t.notOk(
    calls.some((call) => call.startsWith('confirm')),
    'order 4 was not confirmed in its place',
  );
});

t.test('an order confirmed before and moved back to pending moves on without a payment question', async (t) => {
  const { instance, calls } = mount(t, [
    { ...order(5, 'pending'), ticketNumber: 5, confirmedAt: new Date(NOW - 60_000).toISOString() },
  ]);
  await frame(instance, (f) => f.includes('Pending (1)'), 'loaded');
  instance.stdin.write('\u001b[D');
  instance.stdin.write('n');
  await until(() => calls.includes('status 5 CONFIRMED'), 'PATCH back to CONFIRMED, keeping its ticket and payment');
  t.notOk(calls.some((call) => call.startsWith('confirm')));
});

t.test('keys with no order selected say so', async (t) => {
  const { instance } = mount(t, []);
  await frame(instance, (f) => f.includes('Pending (0)'), 'loaded');
  instance.stdin.write('r');
  await frame(instance, (f) => f.includes('select an order first'), 'the hint');
});

t.test('f opens the foods, read again (new ones show); space switches sold out, Esc returns', async (t) => {
  const { instance, calls, emit } = mount(t, [order(1, 'confirmed')]);
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'loaded');
  instance.stdin.write('f');
  await frame(
    instance,
    (f) => f.includes('Foods: space switches sold out') && f.includes('Tiramisù'),
    'the food list, with a food added since the start',
  );
  t.ok(calls.includes('foods'));
  emit({ name: 'category-availability-changed', payload: { categoryId: 'c3', available: false } });
  await frame(instance, (f) => f.includes('Tiramisù (whole category off)'), 'a category switched off shows');
  instance.stdin.write('j');
  instance.stdin.write(' ');
  await until(() => calls.includes('food f2 false'), 'Margherita sold out');
  instance.stdin.write('\u001b');
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'back on the board');
});

t.test('/ finds an order by ticket number or code', async (t) => {
  const { instance, calls } = mount(t, [order(1, 'confirmed'), order(2, 'confirmed', 20), order(7, 'completed')]);
  await frame(instance, (f) => f.includes('In the kitchen (2)'), 'loaded');
  instance.stdin.write('/');
  await frame(instance, (f) => f.includes('find:'), 'the search line');
  instance.stdin.write('k7p');
  await frame(instance, (f) => f.includes('find: k7p'), 'typed');
  instance.stdin.write('\r');
  instance.stdin.write('n');
  await until(() => calls.includes('status 7 PICKED_UP'), 'the found order moves on');
  instance.stdin.write('/99\r');
  await frame(instance, (f) => f.includes('nothing matches "99"'), 'no match');
  instance.stdin.write('/#2\r');
  instance.stdin.write('b');
  await until(() => calls.includes('status 2 PENDING'), '#2 as the board writes it finds ticket 2');
});

t.test('offline, caught up, and resync', async (t) => {
  const { instance, status, emit, loads } = mount(t, [order(1, 'confirmed')]);
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'loaded');
  status('offline', {
    cause: { kind: 'unreachable', detail: 'TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:4300' },
    retryInMs: 2000,
  });
  const offline = await frame(instance, (f) => f.includes('OFFLINE') && f.includes('retrying in 2 s'), 'offline');
  t.match(offline, /server unreachable, retrying in 2 s/);
  t.notMatch(offline, /ECONNREFUSED/);
  const before = loads();
  status('live');
  await frame(instance, (f) => f.includes(' live '), 'live again');
  await until(() => loads() > before, 'a reload after catching up');
  const again = loads();
  emit({ name: 'resync', payload: { reason: 'history-expired' } });
  await until(() => loads() > again, 'resync reloads the state');
});

t.test('the start takes one picture, once the stream is live (two cost a busy server twice the time)', async (t) => {
  const { instance, emit, loads } = mount(t, [order(1, 'confirmed')]);
  await frame(instance, (f) => f.includes('In the kitchen (1)') && f.includes(' live '), 'loaded and live');
  emit(newOrder({ id: 9, displayCode: 'NEW', table: 'T9', customer: 'Nuovo', total: 400 }));
  await frame(instance, (f) => f.includes('NEW T9 Nuovo'), 'a later event drawn');
  t.equal(loads(), 1, 'one load');
});

t.test('a stream of events is drawn at most once per frame, not once per event', async (t) => {
  const { instance, emit } = mount(t, [], 100);
  await frame(instance, (f) => f.includes('Pending (0)'), 'loaded');
  const framesBefore = instance.frames.length;
  const started = Date.now();
  for (let i = 1; i <= 60; i++) {
    emit(newOrder({ id: i, displayCode: `C${i}`, table: 'T', customer: 'c', total: 100 }));
    await sleep(5); // a stream, not a burst
  }
  await frame(instance, (f) => f.includes('Pending (60)'), 'all 60');
  const frames = instance.frames.length - framesBefore;
  const budget = Math.ceil((Date.now() - started) / 100) + 3;
  t.ok(frames <= budget, `${frames} frames for 60 events over ${Date.now() - started} ms (at most ${budget})`);
});

t.test('events that arrive while a snapshot is loading are not lost when it lands', async (t) => {
  const fake = fakeSource([]);
  let release: (value: Awaited<ReturnType<DashboardSource['load']>>) => void = () => {};
  const slow = {
    ...fake.source,
    load: () => new Promise<Awaited<ReturnType<DashboardSource['load']>>>((resolve) => (release = resolve)),
  };
  const instance = render(<App source={slow} now={() => NOW} frameMs={10} refreshMs={60_000} />);
  t.teardown(() => instance.unmount());
  await until(() => instance.lastFrame() !== undefined, 'first frame');
  // The snapshot was taken before order 5 was confirmed, but reaches the dashboard after the event did.
  fake.emit({ name: 'confirmed-order', payload: { id: 5, displayCode: 'K5P', ticketNumber: 5 } });
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'the event applied');
  release({ orders: [order(1, 'confirmed')], printers: [], foods: [], figures: null });
  await frame(instance, (f) => f.includes('In the kitchen (2)'), 'both the snapshot and the event');
});

t.test(
  'n stays in place in its column: three presses send the three oldest on one stage each, not one order three',
  async (t) => {
    const { instance, calls } = mount(t, [
      order(1, 'confirmed', 30),
      order(2, 'confirmed', 20),
      order(3, 'confirmed', 10),
    ]);
    await frame(instance, (f) => f.includes('In the kitchen (3)'), 'loaded');
    instance.stdin.write('n');
    instance.stdin.write('n');
    instance.stdin.write('n');
    await until(() => calls.filter((call) => call.startsWith('status')).length >= 3, 'three moves');
    t.same(
      calls.filter((call) => call.startsWith('status')),
      ['status 1 COMPLETED', 'status 2 COMPLETED', 'status 3 COMPLETED'],
      'three orders ready',
    );
    await frame(
      instance,
      (f) => f.includes('In the kitchen (0)') && f.includes('Ready (3)'),
      'the kitchen emptied into ready',
    );
    t.notOk(calls.includes('status 1 PICKED_UP'), 'no order went past ready');
    // A slip is undone from the column it went to: → ready, the newest there is the one just moved.
    instance.stdin.write('\u001b[C');
    instance.stdin.write('b');
    await until(() => calls.includes('status 3 CONFIRMED'), 'the last one sent back');
    await frame(instance, (f) => f.includes('order #3 K3P → CONFIRMED'), 'the message');
  },
);

t.test(
  'the register is asked once per session; a register without printer or no register says no receipt',
  async (t) => {
    const { instance, calls } = mount(t, [order(3, 'pending'), order(4, 'pending'), order(5, 'pending')]);
    await frame(instance, (f) => f.includes('Pending (3)'), 'loaded');
    instance.stdin.write('\u001b[D');
    instance.stdin.write('n');
    const question = await frame(
      instance,
      (f) => f.includes('Confirm at which register?') && f.includes('3  no register'),
      'the registers, then no register',
    );
    t.match(
      question,
      /2 {2}Cassa bar: no receipt, no drawer: Cassa bar has no printer/,
      'says what a register without printer costs',
    );
    instance.stdin.write('j');
    instance.stdin.write('\r'); // Cassa bar
    await frame(
      instance,
      (f) => f.includes('no receipt, no drawer: Cassa bar has no printer') && f.includes('c cash'),
      'said before the payment',
    );
    instance.stdin.write('c');
    await until(() => calls.includes('confirm 3 CASH r2'), 'confirmed at Cassa bar');
    await frame(
      instance,
      (f) => f.includes('no receipt, no drawer: Cassa bar has no printer · order #43 K3P confirmed, paid by cash at'),
      'and after',
    );
    t.equal(calls.filter((call) => call === 'registers').length, 1);
    instance.stdin.write('\u001b[D'); // the selection followed order 3 to the kitchen: back to the pending ones
    instance.stdin.write('n');
    await frame(instance, (f) => f.includes('c cash') && f.includes('at Cassa bar'), 'not asked again: remembered');
    instance.stdin.write('\u001b');
    await frame(instance, (f) => f.includes('n next'), 'back on the board');
    instance.stdin.write('t'); // change the register
    await frame(
      instance,
      (f) => f.includes('Confirm at which register?') && f.includes('Cassa bar (current)'),
      'asked on t',
    );
    instance.stdin.write('3');
    await frame(
      instance,
      (f) => f.includes('confirming at no register: no receipt, no drawer: no register chosen'),
      'no register says what it costs',
    );
    instance.stdin.write('n');
    await frame(instance, (f) => f.includes('(no register)') && f.includes('c cash'), 'the payment question');
    instance.stdin.write('k');
    await until(
      () => calls.some((call) => call.startsWith('confirm') && call.endsWith('null')),
      'confirmed with no register',
    );
  },
);

t.test("the server's own warning is shown when it sends one", async (t) => {
  const fake = fakeSource([order(3, 'pending')]);
  // Cassa 1 had a printer when the registers were read; the server knows better (it was taken away since).
  const source: DashboardSource = {
    ...fake.source,
    confirm: async () => ({ ticketNumber: 7, warnings: ['register-without-printer'] }),
  };
  const instance = render(<App source={source} now={() => NOW} frameMs={10} refreshMs={60_000} />);
  t.teardown(() => instance.unmount());
  await frame(instance, (f) => f.includes('Pending (1)'), 'loaded');
  instance.stdin.write('\u001b[D');
  instance.stdin.write('n');
  await frame(instance, (f) => f.includes('Confirm at which register?') && f.includes('Cassa 1'), 'asked');
  instance.stdin.write('1');
  await frame(instance, (f) => f.includes('c cash'), 'payment');
  instance.stdin.write('c');
  await frame(
    instance,
    (f) =>
      f.includes('no receipt, no drawer: Cassa 1 has no printer · order #7 K3P confirmed, paid by cash at Cassa 1'),
    "the server's judgement",
  );
});

t.test('a receipt sent to a printer that is off: the confirmation says it waits', async (t) => {
  const fake = fakeSource(
    [order(3, 'pending'), order(4, 'pending')],
    [...REGISTERS, { id: 'r3', name: 'Cassa 2', printerId: 'p2' }],
  );
  const source: DashboardSource = {
    ...fake.source,
    load: async () => ({
      ...(await fake.source.load()),
      printers: [
        { id: 'p1', name: 'Cucina', status: 'ONLINE', statusReason: null, held: 0 },
        { id: 'p2', name: 'Scontrini', status: 'OFFLINE', statusReason: null, held: 1 },
      ],
    }),
  };
  const instance = render(
    <DashboardLocale.Provider value="it">
      <App source={source} now={() => NOW} frameMs={10} refreshMs={60_000} />
    </DashboardLocale.Provider>,
  );
  t.teardown(() => instance.unmount());
  await frame(instance, (f) => f.includes('(2)'), 'loaded');
  instance.stdin.write('\u001b[D');
  instance.stdin.write('n');
  await frame(instance, (f) => f.includes('Cassa 2'), 'the registers asked');
  instance.stdin.write('3');
  await frame(instance, (f) => f.includes('c contanti') || f.includes('c cash'), 'the payment question');
  instance.stdin.write('c');
  await until(() => fake.calls.includes('confirm 3 CASH r3'), 'confirmed at Cassa 2');
  const said = await frame(
    instance,
    (f) => f.includes('scontrino in attesa: Scontrini SPENTA · ordine #43 K3P confermato'),
    'the printer that is off named, in Italian',
  );
  t.match(said, /ordine #43 K3P confermato/, 'the order is confirmed all the same');

  // At a register whose printer is on, nothing more than the confirmation.
  instance.stdin.write('t');
  await frame(instance, (f) => f.includes('Cassa 1'), 'asked again on t');
  instance.stdin.write('1');
  instance.stdin.write('\u001b[D');
  instance.stdin.write('n');
  await frame(instance, (f) => f.includes('Cassa 1') && (f.includes('c contanti') || f.includes('c cash')), 'payment');
  instance.stdin.write('c');
  await until(() => fake.calls.includes('confirm 4 CASH r1'), 'confirmed at Cassa 1');
  const plain = await frame(instance, (f) => f.includes('ordine #44 K4P confermato'), 'the confirmation');
  t.notMatch(plain, /scontrino in attesa/, 'no warning when the printer is on');
});

t.test("Enter or i shows the selected order's items; Esc goes back", async (t) => {
  const { instance } = mount(t, [order(1, 'confirmed')]);
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'loaded');
  instance.stdin.write('\r');
  let text = await frame(instance, (f) => f.includes('1 × Margherita (senza glutine)'), 'the items');
  t.match(text, /order #1 K1P · table T1 · Cliente1 · CONFIRMED · 11\.50/);
  t.match(text, /2 × Birra/);
  instance.stdin.write('\u001b');
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'back on the board');
  instance.stdin.write('i');
  text = await frame(instance, (f) => f.includes('2 × Birra'), 'i too');
  instance.stdin.write('i');
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'i closes it');
});

t.test('the foods list shows what is left, live; s (or typing a count) restocks it', async (t) => {
  const { instance, calls, emit } = mount(t, [order(1, 'confirmed')]);
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'loaded');
  instance.stdin.write('f');
  const text = await frame(instance, (f) => f.includes('Tiramisù'), 'the food list');
  t.match(text, /\[x\] available\s+40 left {2}Pizze · Margherita/, 'a counted food says what is left');
  t.match(text, /\[x\] available\s+Bevande · Birra/, 'one not counted says nothing');
  t.match(text, /s portions left \(200, \+50, -3\)/, 'the key is in the footer');
  emit({ name: 'food-stock-changed', payload: { foodId: 'f2', portionsLeft: 7 } });
  await frame(instance, (f) => / 7 left {2}Pizze · Margherita/.test(f), 'a sale at a till lowers the count at once');

  instance.stdin.write('j');
  instance.stdin.write('s');
  await frame(instance, (f) => f.includes('Margherita left:') && f.includes('+50'), 'the count is asked for');
  instance.stdin.write('+50');
  await frame(instance, (f) => f.includes('Margherita left: +50'), 'typed');
  instance.stdin.write('\r');
  await until(() => calls.includes('stock f2 {"stockAdd":50}'), 'restocked by 50');
  await frame(
    instance,
    (f) => f.includes('Margherita: 90 left') && / 90 left {2}Pizze · Margherita/.test(f),
    'the new count at once, and said',
  );

  instance.stdin.write('200\r'); // typing a count starts it without s
  await until(() => calls.includes('stock f2 {"stock":200}'), 'set to 200');
  instance.stdin.write('-3\r');
  await until(() => calls.includes('stock f2 {"stockAdd":-3}'), 'three written off');
  instance.stdin.write('s12x\r');
  await frame(instance, (f) => f.includes('"12x" is not a count'), 'a typo is said, and nothing is sent');
  t.equal(calls.filter((call) => call.startsWith('stock')).length, 3);
  instance.stdin.write('\u001b');
  await frame(
    instance,
    (f) => f.includes('Foods: space switches') && f.includes('s portions left'),
    'Esc leaves the count, back on the foods',
  );
  instance.stdin.write('s');
  instance.stdin.write('q');
  await frame(instance, (f) => f.includes('Margherita left: q'), 'while a count is typed, q is a letter, not quit');
});

t.test('an order in the kitchen shows how many stations are done, live; i names them', async (t) => {
  const stations: OrderStation[] = [
    { printerId: 'p1', name: 'Cucina', status: 'WAITING', doneAt: null },
    { printerId: 'p2', name: 'Bar', status: 'WAITING', doneAt: null },
  ];
  const first = { ...order(1, 'confirmed'), stations };
  const { instance, emit } = mount(t, [first, order(2, 'confirmed', 20)]);
  let text = await frame(instance, (f) => f.includes('In the kitchen (2)'), 'loaded');
  t.match(text, /#1 K1P T1 Clie\S*\s+0\/2 1m/, 'none of its two stations done');
  t.notMatch(text, /#2 K2P T2 Cliente2\s+\d\/\d/, 'an order with no stations shows no count');
  emit({ name: 'order-station-status-changed', payload: { orderId: 1, printerId: 'p2', status: 'DONE' } });
  await frame(instance, (f) => /#1 K1P T1 Clie\S*\s+1\/2 1m/.test(f), 'the bar tapped done on its screen');
  emit({ name: 'order-station-status-changed', payload: { orderId: 1, printerId: 'p2', status: 'WAITING' } });
  await frame(instance, (f) => /#1 K1P T1 Clie\S*\s+0\/2 1m/.test(f), 'recalled');
  emit({ name: 'order-station-status-changed', payload: { orderId: 1, printerId: 'p1', status: 'DONE' } });
  await frame(instance, (f) => /#1 K1P T1 Clie\S*\s+1\/2 1m/.test(f), 'the kitchen is done');
  // The items view reads the order from the server (here: the kitchen done), then follows the stream.
  first.stations = [{ ...stations[0]!, status: 'DONE' }, stations[1]!];
  instance.stdin.write('j'); // order 1 is below order 2 (waiting longer comes first)
  instance.stdin.write('i');
  text = await frame(instance, (f) => f.includes('stations:'), 'the items view');
  t.match(text, /stations: Cucina ✓ done · Bar … waiting/);
  emit({ name: 'order-station-status-changed', payload: { orderId: 1, printerId: 'p2', status: 'DONE' } });
  await frame(
    instance,
    (f) => f.includes('stations: Cucina ✓ done · Bar ✓ done'),
    'the bar taps done while the items are shown',
  );
});

t.test(
  'in Italian on an 80×24 terminal: the keys, the food list, the registers, the payment, the items, every line within 80 columns',
  async (t) => {
    const fake = fakeSource([order(1, 'confirmed'), order(3, 'pending')]);
    const instance = render(
      <DashboardLocale.Provider value="it">
        <App source={fake.source} now={() => NOW} frameMs={10} refreshMs={60_000} lateMinutes={15} />
      </DashboardLocale.Provider>,
    );
    t.teardown(() => instance.unmount());
    // ink-testing-library's terminal is 100 columns wide: make it the venue laptop over SSH, 80 columns.
    Object.defineProperty(instance.stdout, 'columns', { value: 80 });
    instance.stdout.emit('resize');
    const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
    /** A frame that shows all of `wanted`, checked to fit: Italian words are longer, nothing may wrap or spill. */
    const shows = async (what: string, ...wanted: string[]) => {
      const text = plain(await frame(instance, (f) => wanted.every((part) => plain(f).includes(part)), what));
      const lines = text.split('\n');
      const widest = Math.max(...lines.map((line) => [...line].length));
      t.ok(widest <= 80, `${what}: every line within 80 columns (widest ${widest})`);
      t.ok(lines.length <= 23, `${what}: one row short of the terminal (${lines.length} rows)`);
      return text;
    };

    let text = await shows(
      'the board',
      'Da pagare (1)',
      'In cucina (1)',
      'oggi 12 ordini · 123,50 (contanti 100,00 · carta 23,50)',
    );
    t.match(
      text,
      /←→↑↓ {2}n avanti {2}b indietro {2}i apri {2}r ristampa {2}t cassa {2}f menù {2}\/ cerca {2}q esci/,
      'every key, in Italian, with the same letters',
    );
    t.match(text, /stampanti: Cucina ACCESA · Bar DA CONTROLLARE \(3 in attesa\)/);
    t.notMatch(text, /Pending|kitchen|printers|next|quit/, 'no English left on the board');

    instance.stdin.write('f');
    text = await shows('the food list', 'Menù: spazio = esaurito / disponibile', 'Tiramisù');
    t.match(text, /\[x\] disponibile {2}40 rimasti {2}Pizze · Margherita/, 'what is left, in its column');
    t.match(text, /\[x\] disponibile {14}Bevande · Birra/, 'a food not counted: blank');
    t.match(
      text,
      /↑↓ piatto {2}spazio esaurito\/disponibile {2}s rimasti {2}Esc indietro {2}q esci/,
      'the short keys of the food list',
    );
    instance.stdin.write(' ');
    await shows('Birra sold out, said', 'Birra: ESAURITO');
    instance.stdin.write('s+5');
    await shows('the count asked', 'Birra, rimasti: +5', '200 / +50 / -3 / off  Invio applica  Esc annulla');
    instance.stdin.write('\r');
    await shows('the count said', 'Birra: 45 rimasti');
    instance.stdin.write('s12x\r');
    await shows('a typo', '"12x" non è un numero: scrivi 200, +50, -3 oppure off');
    instance.stdin.write('\u001b');
    await shows('back on the foods', 'Menù: spazio', 's rimasti  Esc indietro');
    instance.stdin.write('\u001b');
    await shows('back on the board', 'n avanti');

    instance.stdin.write('\u001b[D'); // the pending column
    instance.stdin.write('n');
    text = await shows(
      'the register question',
      'Confermare su quale cassa? La sua stampante fa lo scontrino e apre il cassetto.',
      '3  nessuna cassa',
    );
    t.match(text, /1 {2}Cassa 1\n/);
    t.match(text, /2 {2}Cassa bar: niente scontrino né cassetto: Cassa bar non ha stampante/);
    t.match(
      text,
      /3 {2}nessuna cassa: niente scontrino né cassetto\n/,
      'what the choice costs, its name not said twice',
    );
    t.match(text, /↑↓ cassa {2}Invio o 1-9 sceglie {2}Esc annulla {2}q esci/);
    instance.stdin.write('2');
    text = await shows(
      'the payment question',
      'ordine K3P (Cliente3), Cassa bar: paga:  c contanti  k carta  Esc annulla',
    );
    t.match(
      text,
      /confermo su Cassa bar: niente scontrino né cassetto: Cassa bar non ha stampante/,
      'said before the payment',
    );
    instance.stdin.write('c');
    // What is wrong first, whole; the confirmation after it, cut at the edge if it must be.
    await shows('confirmed', 'niente scontrino né cassetto: Cassa bar non ha stampante · ordine #43 K3P');
    t.ok(fake.calls.includes('confirm 3 CASH r2'));

    // The selection stayed in the pending column (now empty): → the kitchen, ↓ to K3P, confirmed after order 1.
    instance.stdin.write('\u001b[C');
    instance.stdin.write('j');
    instance.stdin.write('i');
    text = await shows(
      'the items',
      'ordine #3 K3P · tavolo T3 · Cliente3 · IN CUCINA · 11,50',
      '1 × Margherita (senza glutine)',
    );
    t.match(text, /righe: 2 · Esc, Invio o i per tornare/);
    t.match(text, /Esc, Invio o i torna al tabellone {2}q esci/);
    instance.stdin.write('\u001b');
    await shows('back on the board', 'n avanti');
    instance.stdin.write('r');
    await shows('the reprint', 'ristampa di #43 K3P inviata: solo comande, niente scontrino');
    instance.stdin.write('/');
    await shows('the search', 'cerca: ', 'scrivi un codice o un numero di scontrino  Invio seleziona  Esc annulla');
    instance.stdin.write('99\r');
    await shows('no match', 'nessun ordine corrisponde a "99"');

    fake.status('offline', {
      cause: { kind: 'unreachable', detail: 'TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:4300' },
      retryInMs: 2000,
    });
    text = await shows('offline', 'NON IN LINEA', 'server non raggiungibile, riprovo tra 2 s');
    t.notMatch(text, /ECONNREFUSED/);
  },
);

t.test('escape sequences and control characters in names never reach the terminal', async (t) => {
  const hostile: OrderSummary = {
    ...order(7, 'confirmed'),
    customer: '\u001b]0;pwned\u0007Ros\u001b[2Jsi\u202e',
    table: '\u009b31mT7\u0007',
  };
  const { instance, emit } = mount(t, [hostile]);
  await frame(instance, (f) => f.includes('In the kitchen (1)'), 'the kitchen column');
  emit(newOrder({ id: 8, displayCode: 'H8X', table: 'T8', customer: 'Bi\u001b[1Ani\u0085', total: 200 }));
  const text = await frame(instance, (f) => f.includes('Bini'), 'the new order');
  t.match(text, /Rossi/, 'the name, without what was in it');
  t.match(text, /7 K7P T7 Rossi/);
  t.notMatch(
    text,
    /\u001b\]|\u001b\[2J|\u001b\[1A|[\u0007\u0085\u009b\u202e]/,
    'no title change, screen clear, cursor move, C1 or bidi',
  );
});
