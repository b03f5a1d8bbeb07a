import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import t from 'tap';
import { Keypad, pressKey, TABLE_DIGITS } from './Keypad.js';

t.afterEach(() => cleanup());

function Harness() {
  const [value, setValue] = useState('');
  return <Keypad value={value} onChange={setValue} />;
}

t.test('digits append, the back key takes one off, a leading zero is replaced, at most four digits', async (t) => {
  t.equal(pressKey('', '1'), '1');
  t.equal(pressKey('1', '2'), '12');
  t.equal(pressKey('12', 'back'), '1');
  t.equal(pressKey('', 'back'), '');
  t.equal(pressKey('0', '7'), '7', 'no table 07');
  t.equal(pressKey('1234', '5'), '1234', `no more than ${TABLE_DIGITS} digits`);
  t.equal(pressKey('12', 'x'), '12', 'anything else changes nothing');
});

t.test('tapped as a waiter does: the table shows large, by its name', async (t) => {
  render(<Harness />);
  const shown = screen.getByRole('status', { name: 'Table' });
  t.equal(shown.textContent, '–', 'nothing typed yet');
  fireEvent.click(screen.getByRole('button', { name: '1' }));
  fireEvent.click(screen.getByRole('button', { name: '4' }));
  t.equal(shown.textContent, '14');
  fireEvent.click(screen.getByRole('button', { name: 'Delete the last digit' }));
  t.equal(shown.textContent, '1');
  t.equal(screen.getAllByRole('button').length, 11, 'ten digits and the back key');
});
