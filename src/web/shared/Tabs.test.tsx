import './test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import t from 'tap';
import { Tabs, tabAfterKey } from './Tabs.js';

t.afterEach(() => cleanup());

function Categories({ start = 'pizze' }: { start?: string }) {
  const [chosen, setChosen] = useState(start);
  const tabs = ['pizze', 'bevande', 'dolci'].map((id) => ({ id, label: id[0]!.toUpperCase() + id.slice(1) }));
  return (
    <>
      <Tabs label="Categories" tabs={tabs} selected={chosen} onSelect={setChosen} />
      <p>shown: {chosen}</p>
    </>
  );
}

t.test('a tablist with one tab stop: the chosen tab', async (t) => {
  render(<Categories />);
  t.ok(screen.getByRole('tablist', { name: 'Categories' }));
  const tabs = screen.getAllByRole('tab');
  t.same(
    tabs.map((tab) => tab.getAttribute('aria-selected')),
    ['true', 'false', 'false'],
  );
  t.same(
    tabs.map((tab) => tab.tabIndex),
    [0, -1, -1],
    'roving tabindex: Tab leaves the row in one step',
  );
});

t.test('the arrow keys move along the row and choose; Home and End; it wraps round', async (t) => {
  render(<Categories />);
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Pizze' }), { key: 'ArrowRight' });
  t.equal(document.activeElement, screen.getByRole('tab', { name: 'Bevande' }), 'the focus moves');
  t.equal(screen.getByRole('tab', { name: 'Bevande' }).getAttribute('aria-selected'), 'true', 'and chooses');
  t.ok(screen.getByText('shown: bevande'));
  fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
  t.equal(document.activeElement, screen.getByRole('tab', { name: 'Dolci' }));
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
  t.equal(document.activeElement, screen.getByRole('tab', { name: 'Pizze' }), 'round to the first');
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
  t.equal(document.activeElement, screen.getByRole('tab', { name: 'Dolci' }), 'and back to the last');
  fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
  t.same(
    screen.getAllByRole('tab').map((tab) => tab.tabIndex),
    [0, -1, -1],
  );
  fireEvent.click(screen.getByRole('tab', { name: 'Dolci' }));
  t.ok(screen.getByText('shown: dolci'), 'a tap still chooses');
});

t.test('the rule alone', async (t) => {
  t.equal(tabAfterKey(0, 3, 'ArrowRight'), 1);
  t.equal(tabAfterKey(0, 3, 'ArrowLeft'), 2);
  t.equal(tabAfterKey(1, 3, 'Home'), 0);
  t.equal(tabAfterKey(1, 3, 'End'), 2);
  t.equal(tabAfterKey(1, 3, 'a'), null);
  t.equal(tabAfterKey(0, 0, 'ArrowRight'), null);
});
