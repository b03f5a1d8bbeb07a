import '../shared/test-dom.js';
import { cleanup, render } from '@testing-library/react';
import t from 'tap';
import { preparingOrder, readyOrder, type Shown } from './board.js';
import { Column } from './Column.js';

// The TV's tile rules as the column draws them, at the sizes of a 1920×1080 TV (the ready column about 1100 × 780 px).

t.afterEach(() => cleanup());

const orders = (count: number): Shown[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, ticketNumber: i + 1, displayCode: `K${i + 1}`, at: 1000 + i }));
const area = { width: 1100, height: 780 };
const tiles = (container: HTMLElement) => [...container.querySelectorAll<HTMLLIElement>('li[data-id]')];
const visible = (container: HTMLElement) =>
  tiles(container)
    .filter((tile) => tile.style.display !== 'none')
    .map((tile) => Number(tile.dataset['id']));

t.test('few orders: every one has a tile, as big as the column allows', async (t) => {
  const { container } = render(
    <Column id="ready" orders={readyOrder(orders(3))} newest={3} area={area} screenHeight={1080} minFont={113} />,
  );
  t.same(visible(container), [3, 2, 1], 'newest first');
  t.equal(container.querySelector('li.more'), null, 'nothing to count');
  t.ok(
    parseFloat((container.querySelector('ol') as HTMLElement).style.getPropertyValue('--font')) >= 180,
    'large numbers',
  );
  t.equal(container.querySelector('li.newest')?.getAttribute('data-id'), '3', 'the number just called is highlighted');
});

t.test('a rush in "Ready": the oldest keep their tiles, the hidden ones are counted', async (t) => {
  const { container } = render(
    <Column id="ready" orders={readyOrder(orders(39))} newest={39} area={area} screenHeight={1080} minFont={113} />,
  );
  const shown = visible(container);
  t.ok(shown.includes(1) && shown.includes(2), `the two who waited longest (${shown.join(' ')})`);
  t.ok(shown.includes(39), 'the newest');
  const more = Number(/^\+(\d+) more$/.exec(container.querySelector('li.more')?.textContent ?? '')?.[1]);
  t.equal(shown.length + more, 39, 'every order shown or counted');
  t.equal(tiles(container).length, 39, 'hidden tiles stay in the list, not displayed');
  t.ok(
    parseFloat((container.querySelector('ol') as HTMLElement).style.getPropertyValue('--font')) >= 113,
    'never below the readable size',
  );
});

t.test('a rush in "Preparing": the next ones out are shown', async (t) => {
  const { container } = render(
    <Column
      id="preparing"
      orders={preparingOrder(orders(39))}
      newest={null}
      area={{ width: 700, height: 780 }}
      screenHeight={1080}
      minFont={81}
    />,
  );
  const shown = visible(container);
  t.equal(shown[0], 1, 'the oldest first');
  t.same(
    shown,
    [...shown].sort((a, b) => a - b),
  );
  t.ok(container.querySelector('li.more'));
});
