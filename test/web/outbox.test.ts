import t from 'tap';
import * as box from '../../src/web/till/outbox.js';
import { ApiError } from '../../src/client/errors.js';
import { shortagesIn, unavailableIn } from '../../src/web/till/refusal.js';

const body = (customer: string) => ({
  table: '1',
  customer,
  orderItems: [{ foodId: 'cfood0000000000000000000000', quantity: 1 }],
  confirm: { paymentMethod: 'CASH' as const, userId: 'u1', cashRegisterId: 'r1' },
});
const entry = (key: string, userId = 'u1') => ({
  key,
  createdAt: '2026-11-21T19:00:00.000Z',
  userId,
  username: userId === 'u1' ? 'giulia' : 'marco',
  body: body(key),
  names: { cfood0000000000000000000000: 'Margherita' },
  totalCents: 750,
});

t.test('sent one at a time, oldest first, each with its own key', async (t) => {
  let outbox = box.enqueue(box.enqueue(box.EMPTY_OUTBOX, entry('a')), entry('b'));
  t.equal(box.enqueue(outbox, entry('a')), outbox, 'the same key twice is one entry (a double tap makes one order)');
  t.equal(box.nextToSend(outbox, 'u1')?.key, 'a');
  outbox = box.started(outbox, 'a');
  t.equal(box.nextToSend(outbox, 'u1'), null, 'nothing else leaves while one is on its way');
  t.equal(box.countWaiting(outbox), 2);
  outbox = box.succeeded(outbox, 'a', { id: 1, displayCode: 'K7P', ticketNumber: 1 });
  t.equal(box.nextToSend(outbox, 'u1')?.key, 'b');
  t.equal(box.countWaiting(outbox), 1);
  t.same(
    outbox.entries[0]!.result,
    { id: 1, displayCode: 'K7P', ticketNumber: 1 },
    'the number is kept for the cashier',
  );
});

t.test('not reached: back to waiting with the same key, tried again', async (t) => {
  let outbox = box.started(box.enqueue(box.EMPTY_OUTBOX, entry('a')), 'a');
  outbox = box.failed(outbox, 'a', 'Failed to fetch');
  t.match(outbox.entries[0], { key: 'a', state: 'waiting', attempts: 1, lastError: 'Failed to fetch' });
  outbox = box.started(outbox, 'a');
  t.equal(outbox.entries[0]!.attempts, 2);
  t.equal(outbox.entries[0]!.key, 'a', 'the key never changes: the server answers a repeat with the first answer');
});

t.test('a refusal is kept with its reason, does not hold back the rest, and waits for the cashier', async (t) => {
  let outbox = box.enqueue(box.enqueue(box.EMPTY_OUTBOX, entry('a')), entry('b'));
  outbox = box.refused(
    box.started(outbox, 'a'),
    'a',
    400,
    'Cannot order unavailable foods: cfood0000000000000000000000',
  );
  t.equal(box.refusedEntries(outbox).length, 1);
  t.equal(
    box.refusalText(outbox.entries[0]!),
    'Cannot order unavailable foods: Margherita',
    'foods named as the cashier knows them',
  );
  t.equal(box.nextToSend(outbox, 'u1')?.key, 'b', 'the next order goes on');
  const again = box.retry(outbox, 'a');
  t.match(again.entries[0], { key: 'a', state: 'waiting' });
  t.notOk('refusal' in again.entries[0]!);
  const gone = box.discard(outbox, 'a');
  t.same(
    gone.entries.map((e) => e.key),
    ['b'],
    'given up by the cashier: it leaves the tablet',
  );
  t.equal(box.discard(gone, 'b'), gone, 'only a refused order can be given up');
});

t.test('a reload mid-send: the entry waits again (the key makes the repeat safe)', async (t) => {
  const outbox = box.recover(box.started(box.enqueue(box.EMPTY_OUTBOX, entry('a')), 'a'));
  t.equal(outbox.entries[0]!.state, 'waiting');
  t.equal(box.nextToSend(outbox, 'u1')?.key, 'a');
});

t.test('an order is sent only with the session of the cashier who took it', async (t) => {
  const outbox = box.enqueue(box.enqueue(box.EMPTY_OUTBOX, entry('a', 'u2')), entry('b'));
  t.equal(box.nextToSend(outbox, 'u1')?.key, 'b');
  t.equal(box.nextToSend(outbox, 'u2')?.key, 'a');
  t.equal(box.nextToSend(outbox, null), null);
});

t.test('transitions from the wrong state change nothing', async (t) => {
  const outbox = box.enqueue(box.EMPTY_OUTBOX, entry('a'));
  t.equal(box.failed(outbox, 'a', 'x'), outbox);
  t.equal(box.refused(outbox, 'a', 400, 'x'), outbox);
  t.equal(box.retry(outbox, 'a'), outbox);
  t.equal(box.started(outbox, 'zzz'), outbox);
});

t.test('sent orders are kept a while, then dropped; waiting ones never', async (t) => {
  let outbox: box.Outbox = box.EMPTY_OUTBOX;
  for (let i = 0; i < box.KEEP_SENT + 5; i++) {
    outbox = box.enqueue(outbox, entry(`k${i}`));
    outbox = box.succeeded(box.started(outbox, `k${i}`), `k${i}`, { id: i, displayCode: 'AAA', ticketNumber: i });
  }
  outbox = box.enqueue(outbox, entry('waiting'));
  t.equal(outbox.entries.filter((e) => e.state === 'sent').length, box.KEEP_SENT);
  t.equal(outbox.entries[0]!.key, 'k5', 'the oldest went first');
  t.ok(outbox.entries.some((e) => e.key === 'waiting'));
});

t.test('keys are random and long enough never to meet', async (t) => {
  const keys = new Set(Array.from({ length: 1000 }, () => box.newKey()));
  t.equal(keys.size, 1000);
  t.match([...keys][0], /^till-[0-9a-f]{32}$/);
});

t.test('a 409 of portions keeps the short foods for words; anything else keeps only the message', async (t) => {
  const details = [
    {
      path: 'body.orderItems.0.foodId',
      message: '3 asked, 2 left',
      foodId: 'cfood0000000000000000000000',
      name: 'Porchetta',
      requested: 3,
      left: 2,
    },
  ];
  const short = shortagesIn(409, { statusCode: 409, error: 'Conflict', message: 'Not enough portions left', details });
  t.same(short, [{ foodId: 'cfood0000000000000000000000', name: 'Porchetta', requested: 3, left: 2 }]);
  t.same(shortagesIn(400, { details }), [], 'only a 409 speaks of portions');
  t.same(shortagesIn(409, { message: 'x' }), [], 'a 409 without details');
  t.same(shortagesIn(409, { details: [{ path: 'x', message: 'y' }] }), [], 'details of another kind');
  t.same(shortagesIn(409, 'Conflict'), [], 'a body that is not the error shape');

  let outbox = box.started(box.enqueue(box.EMPTY_OUTBOX, entry('a')), 'a');
  outbox = box.refused(outbox, 'a', 409, 'Not enough portions left', short);
  t.match(outbox.entries[0], { state: 'refused', refusal: { status: 409, shortages: short } });
  outbox = box.retry(outbox, 'a');
  t.notOk(outbox.entries[0]!.refusal, 'sent again: the old reason goes');
  outbox = box.refused(box.started(outbox, 'a'), 'a', 400, 'unknown food');
  t.same(
    outbox.entries[0]!.refusal,
    { status: 400, message: 'unknown food' },
    'no shortages field when there are none',
  );
});

t.test('the order on screen travels with the entry until it is sent', async (t) => {
  const cart = { lines: [], customer: 'Ultima', table: '', discountCents: 0 };
  let outbox = box.started(box.enqueue(box.EMPTY_OUTBOX, { ...entry('a'), cart }), 'a');
  t.same(outbox.entries[0]!.cart, cart, 'kept while it may still be refused');
  outbox = box.succeeded(outbox, 'a', { id: 1, displayCode: 'K7P', ticketNumber: 1 });
  t.notOk('cart' in outbox.entries[0]!, 'dropped once sent');
});

t.test(
  "a food switched off while the order waited: named from the details' codes, in the cashier's language, once",
  async (t) => {
    const items = [
      { foodId: 'ctiramisu000000000000000000', quantity: 1 },
      { foodId: 'cbirra00000000000000000000', quantity: 2 },
      { foodId: 'ctiramisu000000000000000000', quantity: 2 }, // a second line of it (with a note)
    ];
    const names = { ctiramisu000000000000000000: 'Tiramisù', cbirra00000000000000000000: 'Birra' };
    // The message is the server's English; the till never reads it, only the codes.
    const body = {
      statusCode: 400,
      code: 'food-unavailable',
      message: 'Cannot order: Tiramisù is not available (sold out or switched off)',
      details: [
        { path: 'body.orderItems.0.foodId', message: 'anything at all', code: 'food-unavailable' },
        { path: 'body.orderItems.2.foodId', message: 'anything at all', code: 'food-unavailable' },
      ],
    };
    t.same(unavailableIn(new ApiError(400, body.message, body), items, names), [
      { foodId: 'ctiramisu000000000000000000', name: 'Tiramisù', requested: 3, left: 0 },
    ]);
    const other = {
      statusCode: 400,
      code: 'validation',
      message: 'x',
      details: [{ path: 'body.table', message: 'too long', code: 'validation' }],
    };
    t.same(unavailableIn(new ApiError(400, 'x', other), items, names), [], 'another 400: its code says what it is');
    const unknown = {
      statusCode: 400,
      code: 'unknown-food',
      message: 'x',
      details: [{ path: 'body.orderItems.1.foodId', message: 'is not available', code: 'unknown-food' }],
    };
    t.same(
      unavailableIn(new ApiError(400, 'x', unknown), items, names),
      [],
      'an unknown food is not "sold out", whatever its message says',
    );
    t.same(new ApiError(400, 'x', unknown).code, 'unknown-food', 'ApiError exposes the code');
    t.same(new ApiError(502, 'Bad Gateway', '<html>').code, 'internal', 'a body without a code: one by its status');
  },
);

t.test('a refusal keeps its code: the till says it in its language', async (t) => {
  let outbox = box.started(box.enqueue(box.EMPTY_OUTBOX, entry('a')), 'a');
  outbox = box.refused(outbox, 'a', 400, 'Cash register "Cassa 2" is disabled', [], 'register-disabled');
  t.match(outbox.entries[0]!.refusal, { status: 400, code: 'register-disabled' });
});

t.test(
  'each transition names the entries it changed, so each is stored on its own (two tabs never write over each other)',
  async (t) => {
    const one = box.enqueue(box.EMPTY_OUTBOX, entry('a'));
    t.same(
      box.changesBetween(box.EMPTY_OUTBOX, one),
      { put: [one.entries[0]], remove: [] },
      'paid: only the new entry',
    );
    const two = box.enqueue(one, entry('b'));
    t.same(
      box.changesBetween(one, two).put.map((e) => e.key),
      ['b'],
      'the next one: not the first again',
    );
    const sending = box.started(two, 'a');
    t.same(
      box.changesBetween(two, sending).put.map((e) => e.key),
      ['a'],
    );
    t.same(box.changesBetween(sending, sending), { put: [], remove: [] }, 'no change, nothing written');
    const refused = box.refused(box.started(box.failed(sending, 'a', 'x'), 'a'), 'a', 409, 'sold out');
    const given = box.discard(refused, 'a');
    t.same(box.changesBetween(refused, given), { put: [], remove: ['a'] }, 'given up: removed');
    let many = box.EMPTY_OUTBOX;
    for (let i = 0; i <= box.KEEP_SENT; i++) many = box.enqueue(many, entry(`k${i}`));
    for (let i = 0; i < box.KEEP_SENT; i++)
      many = box.succeeded(box.started(many, `k${i}`), `k${i}`, { id: i, displayCode: 'AAA', ticketNumber: i });
    const last = box.succeeded(box.started(many, `k${box.KEEP_SENT}`), `k${box.KEEP_SENT}`, {
      id: 99,
      displayCode: 'BBB',
      ticketNumber: 99,
    });
    t.same(
      box.changesBetween(many, last),
      { put: [last.entries.at(-1)], remove: ['k0'] },
      'the oldest sent one leaves when a new one is sent',
    );
  },
);

t.test('read back from storage in the order they were paid, whichever tab wrote them', async (t) => {
  const later = { ...entry('z'), createdAt: '2026-11-21T19:05:00.000Z', state: 'waiting' as const, attempts: 0 };
  const earlier = { ...entry('y'), createdAt: '2026-11-21T19:01:00.000Z', state: 'waiting' as const, attempts: 0 };
  t.same(
    box.inPaidOrder([later, earlier]).entries.map((e) => e.key),
    ['y', 'z'],
  );
});

t.test('an entry left by an older till has its amounts as the wire writes them: read back into cents', async (t) => {
  const withAmounts = {
    table: '1',
    customer: 'Rossi',
    orderItems: [{ foodId: 'cfood0000000000000000000000', quantity: 2, notes: 'piccante', surcharge: 0.5 }],
    confirm: { paymentMethod: 'CASH' as const, discount: 1.2, userId: 'u1', cashRegisterId: 'r1' },
  };
  const older = { body: withAmounts };
  t.same(await box.bodyInCents(older), {
    ...withAmounts,
    orderItems: [{ ...withAmounts.orderItems[0], surcharge: 50 }],
    confirm: { ...withAmounts.confirm, discount: 120 },
  });
  const current = {
    body: { ...withAmounts, orderItems: [{ ...withAmounts.orderItems[0]!, surcharge: 50 }] },
    amounts: 'cents' as const,
  };
  t.equal(await box.bodyInCents(current), current.body, 'an entry of this till is in cents already');
});
