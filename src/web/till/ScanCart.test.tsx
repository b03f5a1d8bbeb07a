import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import { encodeCart } from '../shared/cart-code.js';
import { texts, TextsContext } from '../shared/locale.js';
import { type Cart, EMPTY_CART } from './cart.js';
import { ScanCart } from './ScanCart.js';

// Scan a cart in words (docs/menu-page.md): a line whose choices the till cannot take is named with its food and
// why, beside the lines loaded, in the till's language.

t.afterEach(() => cleanup());

const option = (id: string, name: string, available = true) => ({ id, name, priceDelta: 0, available, foodId: null });
const steak = {
  id: 'clz9k2m3n000000000000steak1',
  name: 'Tagliata',
  priceCents: 1400,
  choices: [
    {
      id: 'g1',
      name: 'Contorno',
      min: 0,
      max: 1,
      options: [
        option('clz9k2m3n00000000000000pata1', 'patate'),
        option('clz9k2m3n00000000000000fung1', 'funghi', false),
      ],
    },
  ],
};

for (const [locale, said] of [
  [
    'en',
    "Cart loaded: 1 line, at the till's prices. Not loaded, choose again with the customer: " +
      '2 × Tagliata (funghi: not available), 1 × Tagliata (a choice no longer offered: GONE77).',
  ],
  [
    'it',
    'Carrello caricato: 1 riga, ai prezzi della cassa. Non caricati, da scegliere di nuovo con il cliente: ' +
      '2 × Tagliata (funghi: non disponibile), 1 × Tagliata (una scelta non più offerta: GONE77).',
  ],
] as const) {
  t.test(`${locale}: an option off and one gone are named, the rest is loaded`, async (t) => {
    let loaded: Cart | null = null;
    render(
      <TextsContext.Provider value={texts(locale)}>
        <ScanCart cart={EMPTY_CART} foods={[steak]} onLoad={(cart) => (loaded = cart)} />
      </TextsContext.Provider>,
    );
    const code = encodeCart([
      { foodId: steak.id, quantity: 1, optionIds: ['clz9k2m3n00000000000000pata1'] },
      { foodId: steak.id, quantity: 2, optionIds: ['clz9k2m3n00000000000000fung1'] },
      { foodId: steak.id, quantity: 1, optionIds: ['clz9k2m3n0000000000000gone77'] },
    ]);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: code } });
    fireEvent.submit(screen.getByRole('textbox').closest('form') as HTMLFormElement);
    t.equal(screen.getByRole('alert').textContent, said);
    t.same(
      (loaded as Cart | null)?.lines.map((line) => [line.quantity, line.choices?.map((choice) => choice.name)]),
      [[1, ['patate']]],
    );
  });
}
