import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import { type RefundChoice, RefundDialog } from './RefundDialog.js';

// The refund dialog as a cashier uses it: pick units with the steppers, the money to give back shown large by the
// server's rule (the discount shared over the lines), the reason required before the refund goes.

t.afterEach(() => cleanup());

const item = (id: string, name: string, quantity: number, total: number, refundedQuantity = 0) => ({
  id,
  quantity,
  notes: '',
  unitPrice: 0,
  unitSurcharge: 0,
  total,
  refundedQuantity,
  food: { id: `f-${id}`, name, description: '', price: 0, available: true, ingredients: [] },
  role: null,
  choices: [],
});

// 2 Margherita (15.00) + 3 Birra (13.00) − 1.00 discount = 27.00, paid in cash.
const order = (paymentMethod: 'CASH' | 'CARD', refundedQuantity = 0, refunded = 0) => ({
  id: 42,
  displayCode: 'K7P',
  table: '12',
  customer: 'Rossi',
  subTotal: 2800,
  createdAt: '2026-11-21T19:04:05.123Z',
  confirmedAt: '2026-11-21T19:04:05.123Z',
  completedAt: null,
  categorizedItems: [
    { category: { id: 'p', name: 'Pizze' }, items: [item('a', 'Margherita', 2, 1500, refundedQuantity)] },
    { category: { id: 'b', name: 'Bevande' }, items: [item('b', 'Birra', 3, 1300)] },
  ],
  status: 'CONFIRMED' as const,
  ticketNumber: 17,
  paymentMethod,
  discount: 100,
  surcharge: 100,
  total: 2700,
  userId: null,
  cashRegisterId: null,
  updatedAt: '2026-11-21T19:04:05.123Z',
  stations: [],
  discountReason: null,
  refunded,
  covers: 0,
  service: 'TABLE' as const,
});

t.test('one pizza: €7.23 back in cash (its share of the discounted total), once a reason is given', async (t) => {
  let chosen: RefundChoice | null = null;
  render(<RefundDialog order={order('CASH')} onBack={() => undefined} onConfirm={(c) => (chosen = c)} />);
  const refund = screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement;
  t.equal(screen.getByRole('status', { name: 'To give back' }).textContent, 'Choose what to refund');
  t.ok(refund.disabled, 'nothing chosen yet');
  fireEvent.click(screen.getByRole('button', { name: 'One more Margherita' }));
  t.equal(screen.getByRole('status', { name: 'To give back' }).textContent, 'Give back €7.23 in cash');
  t.equal(screen.getByLabelText('Units of Margherita to refund').textContent, '1 / 2');
  t.ok(refund.disabled, 'no reason yet');
  fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: ' bruciata ' } });
  t.notOk(refund.disabled);
  fireEvent.click(refund);
  t.same(chosen, { items: [{ id: 'a', quantity: 1 }], reason: 'bruciata' });
});

t.test('the steppers stay within what is left; a card payment goes back on the card', async (t) => {
  render(<RefundDialog order={order('CARD', 1, 723)} onBack={() => undefined} onConfirm={() => undefined} />);
  const more = screen.getByRole('button', { name: 'One more Margherita' }) as HTMLButtonElement;
  fireEvent.click(more);
  t.ok(more.disabled, 'one pizza was left to refund');
  t.equal(screen.getByLabelText('Units of Margherita to refund').textContent, '1 / 1');
  fireEvent.click(screen.getByRole('button', { name: 'One more Birra' }));
  t.equal(
    screen.getByRole('status', { name: 'To give back' }).textContent,
    'Give back €11.41 on the card',
    '7.23 + 4.18',
  );
  fireEvent.click(screen.getByRole('button', { name: 'One less Birra' }));
  t.equal(screen.getByRole('status', { name: 'To give back' }).textContent, 'Give back €7.23 on the card');
});

t.test('Escape and Back leave without refunding', async (t) => {
  let back = 0;
  render(<RefundDialog order={order('CASH')} onBack={() => back++} onConfirm={() => t.fail('no refund')} />);
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  fireEvent.keyDown(screen.getByRole('dialog', { name: 'Refund' }), { key: 'Escape' });
  t.equal(back, 2);
});
