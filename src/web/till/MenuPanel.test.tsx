import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import t from 'tap';
import { texts, TextsContext } from '../shared/locale.js';
import { MenuPanel } from './MenuPanel.js';
import type { Menu, MenuFood } from './use-menu.js';

// What the till's menu promises: only the register's categories, foods in the menu's order, allergens as marks with
// a legend that says what each mark means (words, not colours).

t.afterEach(() => cleanup());

const food = (id: string, name: string, categoryId: string, extra: Partial<MenuFood> = {}): MenuFood => ({
  id,
  name,
  priceCents: 500,
  available: true,
  categoryId,
  portionsLeft: null,
  position: 0,
  allergens: [],
  ...extra,
});

// As menuFrom leaves it: categories by position, foods in the API's order (category, food position, name).
const menu: Menu = {
  categories: [
    { id: 'pizze', name: 'Pizze', position: 1, available: true },
    { id: 'bevande', name: 'Bevande', position: 2, available: true },
  ],
  foods: [
    food('m', 'Margherita', 'pizze', { allergens: ['GLUTEN', 'MILK'] }),
    food('d', 'Diavola', 'pizze', { position: 1, allergens: ['GLUTEN'] }),
    food('s', 'Spritz', 'bevande', { position: -1, allergens: ['SULPHITES'] }),
    food('a', 'Acqua', 'bevande'),
  ],
  savedAt: '2026-11-21T18:00:00.000Z',
};

t.test('a bar register sees only the drinks, in the set order', async (t) => {
  render(<MenuPanel menu={menu} categoryIds={['bevande']} inOrder={() => 0} onAdd={() => undefined} />);
  t.same(
    screen.getAllByRole('tab').map((tab) => tab.textContent),
    ['Bevande'],
    'no tab of another category',
  );
  const panel = screen.getByRole('tabpanel', { name: 'Bevande' });
  t.same(
    within(panel)
      .getAllByRole('button')
      .map((button) => button.querySelector('.food-name')?.textContent),
    ['Spritz', 'Acqua'],
  );
});

t.test('every register sees every category when it has no list', async (t) => {
  render(<MenuPanel menu={menu} inOrder={() => 0} onAdd={() => undefined} />);
  t.same(
    screen.getAllByRole('tab').map((tab) => tab.textContent),
    ['Pizze', 'Bevande'],
  );
  t.same(
    screen
      .getAllByRole('button', { name: /^(Margherita|Diavola)/ })
      .map((b) => b.querySelector('.food-name')?.textContent),
    ['Margherita', 'Diavola'],
    'the menu order, not the alphabet',
  );
});

t.test('allergens: marks on the food, full names for a screen reader, a legend of the marks shown', async (t) => {
  let added: MenuFood | null = null;
  render(<MenuPanel menu={menu} inOrder={() => 0} onAdd={(food) => (added = food)} />);
  const margherita = screen.getByRole('button', { name: /^Margherita/ });
  t.match(margherita.textContent, /GLMI$/, 'the marks GL and MI on the button');
  t.match(
    margherita.querySelector('.visually-hidden')?.textContent,
    'Allergens: Cereals containing gluten, Milk',
    'what a screen reader says instead of the marks',
  );
  t.same(
    [...margherita.querySelectorAll('.allergen-mark')].map((mark) => mark.getAttribute('aria-hidden')),
    ['true', 'true'],
  );
  const legend = screen.getByRole('region', { name: 'Allergens' });
  t.same(
    [...legend.querySelectorAll('dl > div')].map((row) => row.textContent),
    ['GLCereals containing gluten', 'MIMilk'],
    'each mark of this category with its name, in the EU order',
  );
  fireEvent.click(margherita);
  t.equal(added, menu.foods[0], 'a tap still adds the food');
  fireEvent.click(screen.getByRole('tab', { name: 'Bevande' }));
  t.same(
    [...screen.getByRole('region', { name: 'Allergens' }).querySelectorAll('dt')].map((mark) => mark.textContent),
    ['SU'],
    'the legend follows the category shown',
  );
});

t.test('in Italian: the Italian marks and words', async (t) => {
  render(
    <TextsContext.Provider value={texts('it')}>
      <MenuPanel menu={menu} inOrder={() => 0} onAdd={() => undefined} />
    </TextsContext.Provider>,
  );
  const legend = screen.getByRole('region', { name: 'Allergeni' });
  t.same(
    [...legend.querySelectorAll('dl > div')].map((row) => row.textContent),
    ['GLCereali contenenti glutine', 'LALatte'],
  );
});

t.test('no allergen in the category: no legend', async (t) => {
  const plain: Menu = { ...menu, foods: [food('a', 'Acqua', 'bevande')] };
  render(<MenuPanel menu={plain} inOrder={() => 0} onAdd={() => undefined} />);
  t.equal(screen.queryByRole('region', { name: 'Allergens' }), null);
});
