import t from 'tap';
import {
  addFood,
  canAddOne,
  canAddToLine,
  canPay,
  cartTotals,
  changeQuantity,
  EMPTY_CART,
  NOT_GIVEN,
  orderBody,
  quantityOf,
  shortages,
  updateLine,
} from '../../src/web/till/cart.js';
import { changeCents, keypadPress, quickAmounts } from '../../src/web/till/change.js';

const margherita = { id: 'cmargherita000000000000000', name: 'Margherita', priceCents: 750 };
const birra = { id: 'cbirra00000000000000000000', name: 'Birra', priceCents: 400 };

t.test('tapping a food adds one; − and + change the line; − on one removes it', async (t) => {
  let cart = addFood(addFood(addFood(EMPTY_CART, margherita), margherita), birra);
  t.same(
    cart.lines.map((line) => [line.name, line.quantity]),
    [
      ['Margherita', 2],
      ['Birra', 1],
    ],
  );
  cart = changeQuantity(cart, cart.lines[1]!.id, +1);
  t.equal(cart.lines[1]!.quantity, 2);
  cart = changeQuantity(cart, cart.lines[1]!.id, -1);
  cart = changeQuantity(cart, cart.lines[1]!.id, -1);
  t.same(
    cart.lines.map((line) => line.name),
    ['Margherita'],
    'the last one removed takes the line away',
  );
  t.equal(EMPTY_CART.lines.length, 0, 'the empty cart is never changed in place');
});

t.test('a line with a note stays apart: the next tap starts a plain line', async (t) => {
  let cart = addFood(EMPTY_CART, margherita);
  cart = updateLine(cart, cart.lines[0]!.id, { notes: 'senza glutine', surchargeCents: 150 });
  cart = addFood(cart, margherita);
  t.same(
    cart.lines.map((line) => [line.quantity, line.notes, line.surchargeCents]),
    [
      [1, 'senza glutine', 150],
      [1, '', 0],
    ],
  );
});

t.test('totals: surcharge per line, discount, and pay refused above the subtotal', async (t) => {
  let cart = addFood(addFood(addFood(EMPTY_CART, margherita), margherita), birra);
  cart = updateLine(cart, cart.lines[0]!.id, { surchargeCents: 100 });
  t.same(cartTotals({ ...cart, discountCents: 250 }), {
    subtotalCents: 2000,
    surchargeCents: 100,
    discountCents: 250,
    totalCents: 1750,
  });
  t.ok(canPay({ ...cart, discountCents: 2000 }), 'a discount of the whole subtotal is allowed');
  t.notOk(canPay({ ...cart, discountCents: 2001 }), 'a larger one is not (the server refuses it)');
  t.notOk(canPay(EMPTY_CART), 'nothing to pay for an empty order');
});

t.test(
  'the order body: amounts in cents (the client writes them out), and a dash for what the cashier left empty',
  async (t) => {
    let cart = addFood(addFood(EMPTY_CART, margherita), birra);
    cart = updateLine(cart, cart.lines[0]!.id, { notes: '  allergia noci ', surchargeCents: 50 });
    const body = orderBody(
      { ...cart, discountCents: 120, customer: '  ' },
      { method: 'CASH', userId: 'u1', cashRegisterId: 'r1' },
    );
    t.same(body, {
      table: NOT_GIVEN,
      customer: NOT_GIVEN,
      orderItems: [
        { foodId: margherita.id, quantity: 1, notes: 'allergia noci', surcharge: 50 },
        { foodId: birra.id, quantity: 1 },
      ],
      confirm: { paymentMethod: 'CASH', discount: 120, userId: 'u1', cashRegisterId: 'r1' },
    });
  },
);

t.test('a discount reason goes with a discount only, trimmed, at most 50 characters', async (t) => {
  const cart = { ...addFood(EMPTY_CART, margherita), discountReason: '  Volontari ' };
  const payment = { method: 'CASH' as const, userId: null, cashRegisterId: 'r1' };
  t.equal(orderBody({ ...cart, discountCents: 100 }, payment).confirm.discountReason, 'Volontari');
  t.notOk('discountReason' in orderBody(cart, payment).confirm, 'no discount, no reason');
  const long = orderBody({ ...cart, discountCents: 100, discountReason: 'x'.repeat(60) }, payment);
  t.equal(long.confirm.discountReason?.length, 50);
});

t.test(
  'a cash payment sends the cash received (for the receipt), never less than the total; a card payment none',
  async (t) => {
    const cart = addFood(addFood(EMPTY_CART, margherita), birra);
    const total = cartTotals(cart).totalCents;
    const confirm = (method: 'CASH' | 'CARD', receivedCents: number | null) =>
      orderBody(cart, { method, userId: null, cashRegisterId: 'r1', receivedCents }).confirm;
    t.equal(confirm('CASH', 5000).cashReceived, 5000);
    t.equal(confirm('CASH', total).cashReceived, total, 'the exact amount');
    t.notOk(
      'cashReceived' in confirm('CASH', total - 1),
      'less than the total is not sent (the server would refuse the order)',
    );
    t.notOk('cashReceived' in confirm('CARD', 5000), 'card');
    t.notOk('cashReceived' in confirm('CASH', null), 'not known');
  },
);

t.test('change and quick amounts', async (t) => {
  t.equal(changeCents(1900, 2000), 100);
  t.equal(changeCents(1900, 1500), -400, 'negative: still to pay');
  t.same(quickAmounts(1230), [1230, 1500, 2000, 5000], 'exact, then the next notes');
  t.same(quickAmounts(2000), [2000, 2500, 3000, 4000, 5000], 'a total of one note: the notes above it');
  t.same(quickAmounts(500), [500, 1000, 2000, 5000], 'a round total: exact first, no repeat');
  let typed = 0;
  for (const key of ['1', '2', '5', '0']) typed = keypadPress(typed, key);
  t.equal(typed, 1250, 'digits typed as cents, like a card terminal');
  t.equal(keypadPress(typed, '⌫'), 125);
  t.equal(keypadPress(5, '00'), 500);
  t.equal(keypadPress(typed, 'C'), 0);
  t.equal(keypadPress(1_000_000, '9'), 1_000_000, 'no runaway amounts');
});

t.test('portions: never more than is left on a tap; what is short is named before paying', async (t) => {
  const patatine = { id: 'cpatatine00000000000000000', name: 'Patatine', priceCents: 300, portionsLeft: 2 };
  let cart = addFood(addFood(addFood(EMPTY_CART, patatine), patatine), patatine);
  t.equal(quantityOf(cart, patatine.id), 2, 'the third tap adds nothing: 2 left');
  t.notOk(canAddOne(cart, patatine.id, 2));
  t.ok(canAddOne(cart, margherita.id, null), 'a food not counted always fits');
  cart = updateLine(cart, cart.lines[0]!.id, { notes: 'senza sale' });
  t.equal(addFood(cart, patatine), cart, 'lines with notes count too');
  t.same(
    shortages(cart, () => 2),
    [],
    'nothing short',
  );
  const left = new Map([[patatine.id, 1]]); // another till sold one meanwhile
  t.same(
    shortages(addFood(cart, margherita), (id) => left.get(id) ?? null),
    [{ foodId: patatine.id, name: 'Patatine', requested: 2, left: 1 }],
  );
});

t.test('choices: the same food with other choices is another line, priced with the price changes', async (t) => {
  const steak = { id: 'steak', name: 'Tagliata', priceCents: 1400 };
  const rare = { id: 'o1', name: 'al sangue', priceDeltaCents: 0, foodId: null };
  const noSide = { id: 'o2', name: 'senza contorno', priceDeltaCents: -200, foodId: null };
  let cart = addFood(EMPTY_CART, steak, [rare, noSide]);
  cart = addFood(cart, steak, [rare, noSide]);
  cart = addFood(cart, steak, [rare]);
  cart = addFood(cart, steak);
  t.same(
    cart.lines.map((line) => [line.quantity, line.unitPriceCents, (line.choices ?? []).map((c) => c.name)]),
    [
      [2, 1200, ['al sangue', 'senza contorno']],
      [1, 1400, ['al sangue']],
      [1, 1400, []],
    ],
  );
  const body = orderBody(cart, { method: 'CARD', userId: null, cashRegisterId: null });
  t.same(
    body.orderItems.map((item) => item.choices),
    [['o1', 'o2'], ['o1'], undefined],
    'the order sends the chosen ids, none for a line without',
  );
});

t.test('a set menu takes its components’ portions: counted and held back like the food itself', async (t) => {
  const menu = { id: 'menu', name: 'Menu Pellegrino', priceCents: 1800 };
  const courses = [
    { id: 'o1', name: 'Tagliatelle', priceDeltaCents: 0, foodId: 'tagliatelle' },
    { id: 'o2', name: 'Salsiccia', priceDeltaCents: 0, foodId: 'salsiccia' },
  ];
  let cart = addFood(EMPTY_CART, menu, courses);
  cart = addFood(cart, menu, courses);
  cart = addFood(cart, { id: 'tagliatelle', name: 'Tagliatelle al ragù', priceCents: 800 });
  t.equal(quantityOf(cart, 'tagliatelle'), 3, 'two in menus, one on its own');
  t.same(
    shortages(cart, (foodId) => (foodId === 'tagliatelle' ? 2 : null)),
    [{ foodId: 'tagliatelle', name: 'Tagliatelle', requested: 3, left: 2 }],
    'named as the first line that wants it names it',
  );
  const leftTwo = (foodId: string) => (foodId === 'tagliatelle' ? 3 : null);
  t.notOk(canAddToLine(cart, cart.lines[0]!, leftTwo), 'a third menu would want a fourth tagliatelle: + is off');
  t.ok(
    canAddToLine(cart, cart.lines[0]!, () => null),
    'nothing counted: + is on',
  );
});
