import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import t from 'tap';
import { type Cart, EMPTY_CART, NO_ROLES, orderBody, type RoleFoods } from './cart.js';
import { CartPanel } from './CartPanel.js';

// Covers and takeaway as the cashier uses them: the steppers and the switch change the order's lines and total, and
// the order goes out with covers − children paid.

t.afterEach(() => cleanup());

const roles: RoleFoods = {
  cover: { id: 'cover', name: 'Coperto', priceCents: 150 },
  takeawayFee: { id: 'fee', name: 'Contenitore', priceCents: 50 },
};
const pizza: Cart = {
  ...EMPTY_CART,
  lines: [
    { id: 'l1', foodId: 'pizza', name: 'Margherita', unitPriceCents: 750, quantity: 2, notes: '', surchargeCents: 0 },
  ],
};

function Panel({ start, with: venueRoles, seen }: { start: Cart; with: RoleFoods; seen: (cart: Cart) => void }) {
  const [cart, setCart] = useState(start);
  seen(cart);
  return (
    <CartPanel
      cart={cart}
      askTable
      roles={venueRoles}
      leftOf={() => null}
      onChange={setCart}
      onPay={() => undefined}
      onClear={() => undefined}
    />
  );
}

const total = () => screen.getByTestId('total').textContent;
const payment = { method: 'CASH' as const, userId: null, cashRegisterId: null };

t.test('a table of 4 with 2 children pays 2 covers; the order says covers 4 with a cover line of 2', async (t) => {
  let cart = pizza;
  render(<Panel start={pizza} with={roles} seen={(c) => (cart = c)} />);
  t.equal(total(), '€15.00', 'no covers yet');
  const more = screen.getByRole('button', { name: 'Covers: one more' });
  for (let i = 0; i < 4; i++) fireEvent.click(more);
  t.equal(screen.getByRole('group', { name: 'Covers' }).textContent, 'Covers−4+');
  t.equal(total(), '€21.00', '4 covers at €1.50');
  const child = screen.getByRole('button', { name: 'Children (free): one more' });
  fireEvent.click(child);
  fireEvent.click(child);
  t.equal(total(), '€18.00', 'two children eat free');
  t.match(screen.getByRole('list').textContent, /2Coperto€3\.00/, 'the cover line shows on the order');
  const body = orderBody(cart, payment, roles);
  t.equal(body.covers, 4);
  t.equal(body.service, undefined, 'a table, the default');
  t.same(body.orderItems.at(-1), { foodId: 'cover', quantity: 2 });
});

t.test('takeaway: the covers go, the fee is priced, and the server appends its line', async (t) => {
  let cart = pizza;
  render(
    <Panel
      start={{ ...pizza, service: { covers: 3, children: 1, takeaway: false } }}
      with={roles}
      seen={(c) => (cart = c)}
    />,
  );
  const takeaway = screen.getByRole('switch', { name: 'Takeaway' });
  t.equal(takeaway.getAttribute('aria-checked'), 'false');
  fireEvent.click(takeaway);
  t.equal(takeaway.getAttribute('aria-checked'), 'true');
  t.notOk(screen.queryByRole('group', { name: 'Covers' }), 'no covers to ask');
  t.equal(total(), '€15.50', 'the takeaway fee');
  const body = orderBody(cart, payment, roles);
  t.equal(body.service, 'TAKEAWAY');
  t.equal(body.covers, undefined);
  t.same(
    body.orderItems.map((item) => item.foodId),
    ['pizza'],
    'the fee line is the server’s to add',
  );
});

t.test('a venue without a cover or a takeaway fee asks neither', async (t) => {
  render(<Panel start={pizza} with={NO_ROLES} seen={() => undefined} />);
  t.notOk(screen.queryByRole('switch'));
  t.notOk(screen.queryByRole('group', { name: 'Covers' }));
  t.equal(total(), '€15.00');
});
