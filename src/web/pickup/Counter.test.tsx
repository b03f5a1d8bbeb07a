import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import type { PickupOrder } from '../../api/pickup.js';
import { texts, TextsContext } from '../shared/locale.js';
import { Counter, type CounterProps } from './Counter.js';

// The pickup counter's screen as the volunteer uses it: tiles oldest first named by number, code and customer; a tap
// hands one out; an undo per hand-out; the field the scanner types into keeps the focus and Enter sends it.

t.afterEach(() => cleanup());

const order = (id: number, code: string, customer: string): PickupOrder => ({
  id,
  ticketNumber: id,
  displayCode: code,
  customer,
  since: '2026-11-21T19:00:00.000Z',
  stations: [],
});

function draw(overrides: Partial<CounterProps> = {}, locale: 'en' | 'it' = 'en') {
  const calls: string[] = [];
  const props: CounterProps = {
    ready: [order(3, 'K7P', 'Rossi'), order(5, 'A2B', 'Bianchi')],
    loaded: true,
    connection: 'live',
    message: null,
    undos: [],
    onHandOut: (o) => calls.push(`out ${o.displayCode}`),
    onUndo: (o) => calls.push(`undo ${o.displayCode}`),
    onScan: (text) => calls.push(`scan ${text}`),
    ...overrides,
  };
  const view = render(
    <TextsContext.Provider value={texts(locale)}>
      <Counter {...props} />
    </TextsContext.Provider>,
  );
  return { calls, view };
}

t.test('ready orders as tiles, in the order given (oldest first), a tap hands one out', async (t) => {
  const { calls } = draw();
  const tiles = screen.getAllByRole('button', { name: /^\d+ [A-Z0-9]{3} / });
  t.same(
    tiles.map((tile) => tile.getAttribute('aria-label')),
    ['3 K7P Rossi', '5 A2B Bianchi'],
  );
  fireEvent.click(screen.getByRole('button', { name: '5 A2B Bianchi' }));
  t.same(calls, ['out A2B']);
  t.equal(screen.getByRole('heading', { name: /Ready to collect/ }).textContent, 'Ready to collect 2');
});

t.test('the scan field has the focus, Enter sends what the scanner typed, and the field is emptied', async (t) => {
  const { calls } = draw();
  const field = screen.getByRole('textbox', { name: 'Code or scan' }) as HTMLInputElement;
  t.equal(document.activeElement, field, 'focused from the start');
  fireEvent.change(field, { target: { value: 'K7P' } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
  t.same(calls, ['scan K7P']);
  t.equal(field.value, '');
  t.equal(document.activeElement, field, 'still focused for the next customer');
});

t.test('a key typed elsewhere lands in the field', async (t) => {
  draw();
  const field = screen.getByRole('textbox', { name: 'Code or scan' });
  (document.activeElement as HTMLElement | null)?.blur();
  screen.getByRole('button', { name: '3 K7P Rossi' }).focus();
  fireEvent.keyDown(screen.getByRole('button', { name: '3 K7P Rossi' }), { key: 'K' });
  t.equal(document.activeElement, field);
});

t.test('each hand-out of the last seconds has its undo; the last verdict is announced', async (t) => {
  const { calls } = draw({
    undos: [{ order: order(3, 'K7P', 'Rossi'), until: Date.now() + 10_000 }],
    message: { text: 'not ready: Bar 1 of 2 done', tone: 'refused', serial: 1 },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Undo K7P' }));
  t.same(calls, ['undo K7P']);
  t.equal(screen.getByRole('status').textContent, 'not ready: Bar 1 of 2 done');
});

t.test('in Italian, and with nothing ready', async (t) => {
  draw({ ready: [] }, 'it');
  t.ok(screen.getByRole('textbox', { name: 'Codice o scansione' }));
  t.ok(screen.getByText(/Niente di pronto/));
  t.same(screen.queryAllByRole('button', { name: /^\d+ / }), []);
});
