import '../shared/test-dom.js';
import { cleanup, render, screen } from '@testing-library/react';
import t from 'tap';
import { texts, TextsContext } from '../shared/locale.js';
import type { Shown } from './board.js';
import { Strip } from './Strip.js';

// The "still to collect" strip as the TV draws it: its heading in the venue's language, the oldest first, and when
// full the youngest of it counted in the last place.

t.afterEach(() => cleanup());

const orders = (count: number): Shown[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, ticketNumber: i + 1, displayCode: `K${i + 1}P`, at: i }));
const ids = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLLIElement>('li[data-id]')].map((li) => Number(li.dataset['id']));

t.test('every aged order when they fit, oldest first, with its number and code', async (t) => {
  const { container } = render(
    <TextsContext.Provider value={texts('it')}>
      <Strip orders={orders(3)} width={1800} font={50} gap={13} />
    </TextsContext.Provider>,
  );
  t.ok(screen.getByRole('heading', { name: 'Da ritirare' }));
  t.same(ids(container), [1, 2, 3]);
  t.equal(container.querySelector('li[data-id="1"]')?.textContent, '1K1P');
  t.equal(container.querySelector('li.more'), null);
  t.equal((container.querySelector('aside') as HTMLElement).style.getPropertyValue('--strip-font'), '50px');
});

t.test('a full strip: the oldest stay, the rest are counted', async (t) => {
  // 50 px type, entries 180 px wide and 13 apart: 5 places in 1000 px.
  const { container } = render(
    <TextsContext.Provider value={texts('en')}>
      <Strip orders={orders(9)} width={1000} font={50} gap={13} />
    </TextsContext.Provider>,
  );
  t.ok(screen.getByRole('heading', { name: 'Still to collect' }));
  t.same(ids(container), [1, 2, 3, 4], 'the four who waited longest');
  t.equal(container.querySelector('li.more')?.textContent, '+5');
});

t.test('upright, two lines', async (t) => {
  const { container } = render(<Strip orders={orders(9)} width={360} font={41} gap={10} rows={2} />);
  t.same(ids(container), [1, 2, 3], 'two places a line on a phone: three numbers and the count');
  t.equal(container.querySelector('li.more')?.textContent, '+6');
});
