import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import { DoneScreen } from './DoneScreen.js';
import type { OutboxEntry } from './outbox.js';

t.afterEach(() => cleanup());

const sending: OutboxEntry = {
  key: 'till-0123456789abcdef0123456789abcdef',
  createdAt: '2026-11-21T19:00:00.000Z',
  userId: null,
  username: 'anna',
  body: {
    customer: 'Doppio',
    table: '',
    orderItems: [{ foodId: 'margherita', quantity: 1 }],
    confirm: { paymentMethod: 'CARD' },
  },
  names: {},
  totalCents: 700,
  state: 'sending',
  attempts: 1,
};

function screenWithCounter() {
  let news = 0;
  render(
    <DoneScreen
      entry={sending}
      changeGiven={null}
      onNew={() => news++}
      onRetry={() => undefined}
      onEdit={() => undefined}
    />,
  );
  return { button: screen.getByRole('button', { name: 'New order' }), news: () => news };
}

t.test('the second tap of a double tap on Confirm does not take the number away', async (t) => {
  const { button, news } = screenWithCounter();
  fireEvent.click(button, { detail: 2 });
  t.equal(news(), 0, 'the number stays for the customer');
});

t.test('one tap, or Enter, starts the next order', async (t) => {
  const tapped = screenWithCounter();
  fireEvent.click(tapped.button, { detail: 1 });
  t.equal(tapped.news(), 1);
  cleanup();
  const keyed = screenWithCounter();
  fireEvent.click(keyed.button, { detail: 0 });
  t.equal(keyed.news(), 1, 'a click from the keyboard counts no taps');
});
