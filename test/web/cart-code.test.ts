import QRCode from 'qrcode';
import t from 'tap';
import { CART_PREFIX, decodeCart, encodeCart, refersTo, refOf } from '../../src/web/shared/cart-code.js';

// The cart code of the menu page (docs/menu-page.md): written by the page, read by the till, small enough for a
// QR code a USB scanner reads.

const id = (n: number) => `c0000000${String(n).padStart(4, '0')}abcdefgh${String(n).padStart(4, 'x')}`;

t.test('written and read back: quantity 1 left out, options kept, case and spaces do not matter', async (t) => {
  const code = encodeCart([
    { foodId: 'clz9k2m3n000000000000k3x9qz', quantity: 2 },
    { foodId: 'clz9k2m3n0000000000000ab12c', quantity: 1, optionIds: ['cabc00000000000000000opt001'] },
  ]);
  t.equal(code, 'POS1:K3X9QZ*2+0AB12C/OPT001');
  t.same(decodeCart(`  ${code.toLowerCase()}\n`), [
    { food: 'K3X9QZ', quantity: 2, options: [] },
    { food: '0AB12C', quantity: 1, options: ['OPT001'] },
  ]);
  t.ok(refersTo('k3x9qz', 'clz9k2m3n000000000000k3x9qz'));
  t.notOk(refersTo('K3X9Q', 'clz9k2m3n000000000000k3x9qz'), 'a short reference names nothing');
  t.equal(refOf('clz9k2m3n000000000000k3x9qz'), 'K3X9QZ');
});

t.test('anything else is not a cart: another prefix, a later version, bad lines, absurd quantities', async (t) => {
  for (const text of [
    '',
    'K7P',
    'POS1:',
    'POS2:K3X9QZ',
    'POS1:K3X9QZ*0',
    'POS1:K3X9QZ*100',
    'POS1:K3X9',
    'POS1:K3X9QZ++AB12CD',
    'POS1:K3X9QZ*2*3',
    `POS1:${Array.from({ length: 101 }, () => 'K3X9QZ').join('+')}`,
  ]) {
    t.equal(decodeCart(text), null, JSON.stringify(text.slice(0, 30)));
  }
});

t.test('a 10-line order fits a small QR code (measured with the library the page draws with)', async (t) => {
  const plain = encodeCart(Array.from({ length: 10 }, (_, n) => ({ foodId: id(n), quantity: n + 1 })));
  const withChoices = encodeCart(
    Array.from({ length: 10 }, (_, n) => ({ foodId: id(n), quantity: 2, optionIds: [id(n + 20), id(n + 40)] })),
  );
  t.ok(plain.startsWith(CART_PREFIX));
  const sizeOf = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).version;
  t.comment(`10 lines: ${plain.length} characters, QR version ${sizeOf(plain)}`);
  t.comment(`10 lines, 2 choices each: ${withChoices.length} characters, QR version ${sizeOf(withChoices)}`);
  t.ok(sizeOf(plain) <= 5, '10 lines: version 5 (37×37 modules) or smaller');
  t.ok(sizeOf(withChoices) <= 10, '10 lines with 2 choices each: version 10 (57×57) or smaller');
  t.equal(decodeCart(withChoices)?.length, 10);
});
