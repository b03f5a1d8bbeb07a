import t from 'tap';
import { EMPTY_OUTBOX, enqueue, paidOf, refused, started } from '../../src/web/till/outbox.js';
import { paidAgain, settle, stillDue } from '../../src/web/till/settle.js';

// A refused offline order was paid for real: changed and paid again, what the customer gave counts.

const cash = { method: 'CASH' as const, totalCents: 2600, receivedCents: 3000 };

t.test('cash: the changed order collects or gives back the difference', async (t) => {
  t.same(settle(cash, 2100), { kind: 'giveBack', cents: 500 }, 'a pizza less: give 5 back');
  t.same(settle(cash, 2900), { kind: 'collect', cents: 300 }, 'a beer more: collect 3');
  t.same(settle(cash, 2600), { kind: 'even', cents: 0 });
  t.equal(stillDue(cash, 2900), 300, 'only the difference is typed in');
  t.equal(stillDue(cash, 2100), 0);
  t.equal(stillDue(undefined, 2100), 2100, 'an ordinary order');
});

t.test('card: refunded on the terminal, the new total taken from scratch', async (t) => {
  const card = { method: 'CARD' as const, totalCents: 2600, receivedCents: null };
  t.same(settle(card, 2100), { kind: 'refundCard', cents: 2600 });
  t.equal(stillDue(card, 2100), 2100);
});

t.test('paid again: the cash handed over in all, so a second refusal tells it right', async (t) => {
  t.same(paidAgain(cash, 'CASH', 2900, 500), { method: 'CASH', totalCents: 2900, receivedCents: 3500 });
  t.same(paidAgain(cash, 'CASH', 2100, 0), { method: 'CASH', totalCents: 2100, receivedCents: 3000 });
  t.same(paidAgain(undefined, 'CASH', 2100, 5000), { method: 'CASH', totalCents: 2100, receivedCents: 5000 });
  t.same(paidAgain(cash, 'CARD', 2100, null), { method: 'CARD', totalCents: 2100, receivedCents: null });
});

t.test('the outbox keeps what was paid and received through a refusal', async (t) => {
  const body = {
    table: '1',
    customer: 'Gino',
    orderItems: [{ foodId: 'f1', quantity: 1 }],
    confirm: { paymentMethod: 'CASH' as const },
  };
  const entry = {
    key: 'k1',
    createdAt: '2026-11-26T20:00:00Z',
    userId: 'u1',
    username: 'anna',
    body,
    names: {},
    totalCents: 2600,
  };
  let box = enqueue(EMPTY_OUTBOX, { ...entry, paid: cash });
  box = refused(started(box, 'k1'), 'k1', 409, 'sold out');
  t.same(paidOf(box.entries[0]!), cash);
  // An entry written by a till before this one: its method and total, the cash handed over unknown.
  const older = enqueue(EMPTY_OUTBOX, { ...entry, key: 'k2' }).entries[0]!;
  t.same(paidOf(older), { method: 'CASH', totalCents: 2600, receivedCents: null });
});
