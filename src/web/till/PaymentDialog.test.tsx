import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import { PaymentDialog } from './PaymentDialog.js';

// A refused order changed and paid again: the cash already handed over counts, a card payment is refunded.

t.afterEach(() => cleanup());

const cash = { method: 'CASH' as const, totalCents: 2600, receivedCents: 3000 };

t.test('a plain cash payment: the change of what is handed over', async (t) => {
  let received: number | null | undefined;
  render(
    <PaymentDialog
      method="CASH"
      totalCents={1900}
      onBack={() => undefined}
      onConfirm={(value) => (received = value)}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: '€20.00' }));
  t.equal(screen.getByRole('status', { name: 'Change' }).textContent, 'Change €1.00');
  fireEvent.click(screen.getByRole('button', { name: 'Confirm cash payment' }));
  t.equal(received, 2000);
});

t.test('a changed order costing more: only the difference is collected', async (t) => {
  let received: number | null | undefined;
  render(
    <PaymentDialog
      method="CASH"
      totalCents={2900}
      paid={cash}
      onBack={() => undefined}
      onConfirm={(value) => (received = value)}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Cash' });
  t.match(dialog.textContent, /Already paid €26\.00/);
  t.match(dialog.textContent, /Still due €3\.00/);
  t.ok(screen.getByRole('button', { name: /Exact.*€3\.00/ }), 'the quick amounts are for the €3.00 still due');
  fireEvent.click(screen.getByRole('button', { name: '€5.00' }));
  t.equal(screen.getByRole('status', { name: 'Change' }).textContent, 'Change €2.00');
  fireEvent.click(screen.getByRole('button', { name: 'Confirm cash payment' }));
  t.equal(received, 500, 'what was handed over now');
});

t.test('a changed order costing less: the difference goes back, nothing to type', async (t) => {
  let received: number | null | undefined;
  render(
    <PaymentDialog
      method="CASH"
      totalCents={2100}
      paid={cash}
      onBack={() => undefined}
      onConfirm={(value) => (received = value)}
    />,
  );
  t.equal(screen.getByRole('status', { name: 'Change' }).textContent, 'Change €5.00', 'give back €5.00');
  t.equal(screen.queryByRole('group', { name: 'Keypad' }), null);
  fireEvent.click(screen.getByRole('button', { name: 'Confirm cash payment' }));
  t.equal(received, 0);
});

t.test('paid by card before: refund it on the terminal, take the new total', async (t) => {
  render(
    <PaymentDialog
      method="CARD"
      totalCents={2100}
      paid={{ method: 'CARD', totalCents: 2600, receivedCents: null }}
      onBack={() => undefined}
      onConfirm={() => undefined}
    />,
  );
  t.match(
    screen.getByRole('dialog', { name: 'Card' }).textContent,
    /Refund €26\.00 on the card terminal, then take the new total\./,
  );
  t.match(screen.getByRole('dialog', { name: 'Card' }).textContent, /Take €21\.00 by card/);
});
