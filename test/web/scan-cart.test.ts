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

t.test(
  'lines with choices: the till options and prices, split as taps are; an option gone or off is listed',
  async (t) => {
    const option = (id: string, name: string, priceDelta = 0, available = true, foodId: string | null = null) => ({
      id,
      name,
      priceDelta,
      available,
      foodId,
    });
    const pasta = { id: 'clz9k2m3n000000000000pasta1', name: 'Tagliatelle', priceCents: 800 };
    const steak = {
      id: 'clz9k2m3n000000000000steak1',
      name: 'Tagliata',
      priceCents: 1400,
      choices: [
        {
          id: 'g1',
          name: 'Cottura',
          min: 1,
          max: 1,
          options: [
            option('clz9k2m3n00000000000000sang1', 'al sangue'),
            option('clz9k2m3n00000000000000bene1', 'ben cotta'),
          ],
        },
        {
          id: 'g2',
          name: 'Contorno',
          min: 0,
          max: 1,
          options: [
            option('clz9k2m3n00000000000000pata1', 'patate', 150),
            option('clz9k2m3n00000000000000senz1', 'senza contorno', -200),
            option('clz9k2m3n00000000000000fung1', 'funghi', 200, false),
          ],
        },
      ],
    };
    const menu = {
      id: 'clz9k2m3n0000000000000menu1',
      name: 'Menu Pellegrino',
      priceCents: 1800,
      choices: [
        {
          id: 'g3',
          name: 'Primo',
          min: 1,
          max: 1,
          options: [option('clz9k2m3n00000000000000prim1', 'Tagliatelle', 0, true, pasta.id)],
        },
      ],
    };
    const till = [...foods, pasta, steak, menu];
    const ids = (...names: string[]) =>
      names.map(
        (name) =>
          [...steak.choices, ...menu.choices].flatMap((group) => group.options).find((o) => o.name === name)!.id,
      );
    // Options given out of the menu's order: the till keeps them in its own order, as its sheet does.
    const code = encodeCart([
      { foodId: steak.id, quantity: 2, optionIds: ids('senza contorno', 'ben cotta') },
      { foodId: steak.id, quantity: 1, optionIds: ids('al sangue') },
      { foodId: menu.id, quantity: 1, optionIds: ids('Tagliatelle') },
      { foodId: steak.id, quantity: 1, optionIds: ids('ben cotta', 'senza contorno') },
      { foodId: steak.id, quantity: 1, optionIds: ids('ben cotta', 'funghi') },
      { foodId: steak.id, quantity: 3, optionIds: [...ids('ben cotta'), 'clz9k2m3n0000000000000gone77'] },
      { foodId: steak.id, quantity: 1, optionIds: ids('patate') },
      { foodId: foods[1]!.id, quantity: 1 },
    ]);
    const scanned = loadScannedCart(EMPTY_CART, code, till);
    t.ok(scanned);
    t.same(
      scanned!.cart.lines.map((line) => [
        line.name,
        line.quantity,
        line.unitPriceCents,
        (line.choices ?? []).map((choice) => choice.name),
      ]),
      [
        ['Tagliata', 3, 1200, ['ben cotta', 'senza contorno']],
        ['Tagliata', 1, 1400, ['al sangue']],
        ['Menu Pellegrino', 1, 1800, ['Tagliatelle']],
        ['Birra', 1, 450, []],
      ],
      'one line per food and choices, the same choices added up, priced by the till',
    );
    t.equal(scanned!.cart.lines[2]!.choices![0]!.foodId, pasta.id, "the course is the till's own food");
    t.equal(scanned!.loaded, 5);
    t.same(
      scanned!.rechoose.map(({ line, food, problem }) => [line.quantity, food, problem]),
      [
        [1, 'Tagliata', { kind: 'off', option: 'funghi' }],
        [3, 'Tagliata', { kind: 'gone', ref: 'GONE77' }],
        [1, 'Tagliata', { kind: 'bounds' }],
      ],
      'an option off, one gone, a required group without its choice: listed, not loaded',
    );
    const again = loadScannedCart(
      scanned!.cart,
      encodeCart([{ foodId: steak.id, quantity: 1, optionIds: ids('al sangue') }]),
      till,
    );
    t.equal(again!.cart.lines[1]!.quantity, 2, 'a second scan adds to the line with the same choices');
  },
);
