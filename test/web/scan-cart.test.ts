import t from 'tap';
import { encodeCart } from '../../src/web/shared/cart-code.js';
import { EMPTY_CART } from '../../src/web/till/cart.js';
import { loadScannedCart } from '../../src/web/till/scan-cart.js';

// The till loads a customer's cart code (docs/menu-page.md): its own foods at its own prices; a food it does not
// know any more is listed, never silently dropped.

const foods = [
  { id: 'clz9k2m3n0000000000margh1', name: 'Margherita', priceCents: 800 },
  { id: 'clz9k2m3n0000000000birra2', name: 'Birra', priceCents: 450 },
];

t.test('the lines at the till prices, a food gone listed, quantities added to a line already there', async (t) => {
  const code = encodeCart([
    { foodId: foods[0]!.id, quantity: 2 },
    { foodId: 'clz9k2m3n00000000000gone99', quantity: 3 },
    { foodId: foods[1]!.id, quantity: 1 },
  ]);
  const first = loadScannedCart(EMPTY_CART, code, foods);
  t.ok(first);
  t.same(
    first!.cart.lines.map((line) => [line.name, line.quantity, line.unitPriceCents]),
    [
      ['Margherita', 2, 800],
      ['Birra', 1, 450],
    ],
  );
  t.equal(first!.loaded, 2);
  t.same(first!.missing, [{ food: 'GONE99', quantity: 3, options: [] }], 'the gone food is named by its reference');
  const again = loadScannedCart(first!.cart, code, foods);
  t.same(
    again!.cart.lines.map((line) => line.quantity),
    [4, 2],
    'scanned twice: the same lines, more of each',
  );
  t.equal(loadScannedCart(EMPTY_CART, 'K7P', foods), null, 'a receipt code is not a cart');
});
