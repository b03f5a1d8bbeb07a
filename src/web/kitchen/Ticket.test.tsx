import '../shared/test-dom.js';
import { cleanup, render, screen } from '@testing-library/react';
import t from 'tap';
import type { StationOrder } from './board.js';
import { Ticket } from './Board.js';

// A station's card says, as the paper does, how many places to lay or that the order leaves in a bag.

t.afterEach(() => cleanup());

const order = (covers: number, service: 'TABLE' | 'TAKEAWAY'): StationOrder => ({
  id: 1,
  displayCode: 'K7P',
  ticketNumber: 12,
  table: '5',
  customer: 'Rossi',
  confirmedAt: '2026-11-21T19:00:00.000Z',
  status: 'CONFIRMED',
  stationStatus: 'WAITING',
  doneAt: null,
  items: [{ id: 'i1', foodId: 'f1', name: 'Salsiccia', quantity: 2, notes: '' }],
  covers,
  service,
});

const card = (stationOrder: StationOrder) =>
  render(
    <Ticket
      order={stationOrder}
      minutes={3}
      level=""
      struck={new Set()}
      onToggle={() => undefined}
      onDone={() => undefined}
    />,
  ).container;

t.test('COVERS 4 on a table with covers, TAKEAWAY on a takeaway, nothing when covers were not asked', async (t) => {
  t.equal(card(order(4, 'TABLE')).querySelector('.ticket-service')?.textContent, 'COVERS 4');
  cleanup();
  t.equal(card(order(0, 'TAKEAWAY')).querySelector('.ticket-service')?.textContent, 'TAKEAWAY');
  cleanup();
  t.equal(card(order(0, 'TABLE')).querySelector('.ticket-service'), null);
  t.ok(screen.getByRole('button', { name: '2× Salsiccia' }));
});
