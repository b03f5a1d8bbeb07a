import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import t from 'tap';
import { CodeField, normalCode, type WaiterOrder } from './Seat.js';

t.afterEach(() => cleanup());

const order: WaiterOrder = { id: 7, displayCode: 'K7P', ticketNumber: 3, customer: 'Rossi', table: '-' };

t.test('a scanned code (typed, then Enter) finds the order; case and spaces do not matter', async (t) => {
  const asked: string[] = [];
  const found: number[] = [];
  render(
    <CodeField
      lookUp={async (code) => {
        asked.push(code);
        return code === 'K7P' ? order : null;
      }}
      onFound={(chosen) => found.push(chosen.id)}
    />,
  );
  const field = screen.getByLabelText('Order code');
  t.equal(document.activeElement, field, 'focused for the scanner');
  fireEvent.change(field, { target: { value: ' k7p\n' } });
  fireEvent.submit(field);
  await waitFor(() => {
    if (found.length === 0) throw new Error('not found yet');
  });
  t.same(found, [7]);
  t.same(asked, ['K7P']);
  t.equal((field as HTMLInputElement).value, '', 'ready for the next scan');
  fireEvent.change(field, { target: { value: 'zzz' } });
  fireEvent.submit(field);
  t.equal((await screen.findByRole('alert')).textContent, 'No paid order has the code ZZZ.');
  t.equal(normalCode(' a b c '), 'ABC');
});
