import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import { minutesWaiting, WaitingList, type WaitingOrder } from './WaitingList.js';

t.afterEach(() => cleanup());

const now = Date.parse('2026-11-21T19:30:00Z');
const order = (id: number, code: string, minutesAgo: number): WaitingOrder => ({
  id,
  displayCode: code,
  ticketNumber: id,
  customer: `Customer ${code}`,
  table: '-',
  confirmedAt: new Date(now - minutesAgo * 60_000).toISOString(),
});

t.test('the paid orders without a table, oldest first, each a button that opens it', async (t) => {
  const picked: number[] = [];
  render(
    <WaitingList
      orders={[order(3, 'C3C', 1), order(1, 'A1A', 12), order(2, 'B2B', 5)]}
      now={now}
      onPick={(chosen) => picked.push(chosen.id)}
    />,
  );
  const buttons = screen.getAllByRole('button');
  t.same(
    buttons.map((button) => button.textContent),
    ['A1ACustomer A1A12 min', 'B2BCustomer B2B5 min', 'C3CCustomer C3C1 min'],
  );
  fireEvent.click(buttons[1]!);
  t.same(picked, [2]);
});

t.test('an empty list says so', async (t) => {
  render(<WaitingList orders={[]} now={now} onPick={() => undefined} />);
  t.ok(screen.getByText('Every paid order has a table.'));
  t.equal(minutesWaiting({ confirmedAt: null }, now), 0);
});
