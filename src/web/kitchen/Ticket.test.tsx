import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import type { StationOrder } from '../../api/stations.js';
import { Ticket } from './Board.js';

// A station's card: a line's plain choices under it (read out in its name), a set menu's course as a line of its
// own, each struck on its own though both share their order line's id; and, as on paper, how many places to lay or
// that the order leaves in a bag.

t.afterEach(() => cleanup());

const order: StationOrder = {
  id: 1,
  displayCode: 'K7P',
  ticketNumber: 12,
  table: '4',
  customer: 'Rossi',
  confirmedAt: '2026-11-21T19:00:00.000Z',
  status: 'CONFIRMED',
  stationStatus: 'WAITING',
  doneAt: null,
  items: [
    {
      id: 'i1',
      foodId: 'steak',
      name: 'Tagliata di manzo',
      quantity: 1,
      notes: '',
      optionId: null,
      choices: [
        { id: 'o1', group: 'Cottura', name: 'ben cotta', priceDelta: 0, foodId: null },
        { id: 'o2', group: 'Extra', name: 'Salsiccia', priceDelta: 0, foodId: 'salsiccia' },
      ],
    },
    {
      id: 'i1',
      foodId: 'salsiccia',
      name: 'Salsiccia — Tagliata di manzo',
      quantity: 1,
      notes: '',
      optionId: 'o2',
      choices: [],
    },
  ],
  covers: 0,
  service: 'TABLE',
};

t.test('a line shows its plain choices; a course is its own line, struck on its own', async (t) => {
  const struck = new Set<string>();
  const { rerender } = render(
    <Ticket
      order={order}
      minutes={3}
      level=""
      struck={struck}
      onToggle={(key) => struck.add(key)}
      onDone={() => undefined}
    />,
  );
  const steak = screen.getByRole('button', { name: '1× Tagliata di manzo, ben cotta' });
  t.match(steak.textContent, /· ben cotta/);
  t.notMatch(steak.textContent, /Salsiccia/, 'a component is not listed under its line');
  fireEvent.click(screen.getByRole('button', { name: '1× Salsiccia — Tagliata di manzo' }));
  rerender(
    <Ticket
      order={order}
      minutes={3}
      level=""
      struck={struck}
      onToggle={(key) => struck.add(key)}
      onDone={() => undefined}
    />,
  );
  t.equal(
    screen.getByRole('button', { name: '1× Salsiccia — Tagliata di manzo' }).getAttribute('aria-pressed'),
    'true',
  );
  t.equal(steak.getAttribute('aria-pressed'), 'false', 'the line itself is not struck with its course');
});

const served = (covers: number, service: 'TABLE' | 'TAKEAWAY'): StationOrder => ({
  id: 1,
  displayCode: 'K7P',
  ticketNumber: 12,
  table: '5',
  customer: 'Rossi',
  confirmedAt: '2026-11-21T19:00:00.000Z',
  status: 'CONFIRMED',
  stationStatus: 'WAITING',
  doneAt: null,
  items: [{ id: 'i1', foodId: 'f1', name: 'Salsiccia', quantity: 2, notes: '', optionId: null, choices: [] }],
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
  t.equal(card(served(4, 'TABLE')).querySelector('.ticket-service')?.textContent, 'COVERS 4');
  cleanup();
  t.equal(card(served(0, 'TAKEAWAY')).querySelector('.ticket-service')?.textContent, 'TAKEAWAY');
  cleanup();
  t.equal(card(served(0, 'TABLE')).querySelector('.ticket-service'), null);
  t.ok(screen.getByRole('button', { name: '2× Salsiccia' }));
});
