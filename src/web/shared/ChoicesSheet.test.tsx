import './test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import type { ChoiceGroup } from '../../api/catalog.js';
import { texts, TextsContext } from './locale.js';
import type { CartChoice } from '../till/cart.js';
import { ChoicesSheet } from './ChoicesSheet.js';

// The sheet a food with choices opens: required groups marked, each option's price change, "Add" off until every
// group has its minimum, a group of one behaving as a radio, a sold-out course not choosable.

t.afterEach(() => cleanup());

const option = (id: string, name: string, priceDelta = 0, foodId: string | null = null, available = true) => ({
  id,
  name,
  priceDelta,
  foodId,
  available,
});
const steak: { id: string; name: string; priceCents: number; choices: ChoiceGroup[] } = {
  id: 'steak',
  name: 'Tagliata',
  priceCents: 1400,
  choices: [
    { id: 'g1', name: 'Cottura', min: 1, max: 1, options: [option('a', 'al sangue'), option('b', 'ben cotta')] },
    {
      id: 'g2',
      name: 'Contorno',
      min: 0,
      max: 2,
      options: [option('c', 'patate', 150), option('d', 'senza pane', -50), option('e', 'funghi', 200, null, false)],
    },
  ],
};

t.test('a steak: cooking required, sides with their price change, Add names the unit price', async (t) => {
  let added: CartChoice[] | null = null;
  render(<ChoicesSheet food={steak} orderable={() => true} onBack={() => undefined} onAdd={(c) => (added = c)} />);
  const dialog = screen.getByRole('dialog', { name: 'Tagliata: choose' });
  t.match(dialog.textContent, /Cottura · required · choose 1/);
  t.match(dialog.textContent, /Contorno · up to 2/);
  t.notMatch(dialog.textContent, /Contorno · required/, 'an optional group is not marked');
  const add = () => screen.getByRole('button', { name: /^Add · / });
  t.equal(add().textContent, 'Add · €14.00');
  t.ok((add() as HTMLButtonElement).disabled, 'no cooking chosen yet: Add is off');
  t.ok(screen.getByRole('button', { name: 'patate +€1.50' }), 'the price change on the option');
  t.ok(screen.getByRole('button', { name: 'senza pane −€0.50' }));
  t.ok((screen.getByRole('button', { name: /funghi/ }) as HTMLButtonElement).disabled, 'switched off');

  fireEvent.click(screen.getByRole('button', { name: 'al sangue' }));
  fireEvent.click(screen.getByRole('button', { name: 'ben cotta' }));
  t.equal(
    screen.getByRole('button', { name: 'al sangue' }).getAttribute('aria-pressed'),
    'false',
    'one of one: a radio',
  );
  t.equal(screen.getByRole('button', { name: 'ben cotta' }).getAttribute('aria-pressed'), 'true');
  fireEvent.click(screen.getByRole('button', { name: 'patate +€1.50' }));
  fireEvent.click(screen.getByRole('button', { name: 'senza pane −€0.50' }));
  t.equal(add().textContent, 'Add · €15.00', '14 + 1.50 − 0.50');
  t.notOk((add() as HTMLButtonElement).disabled);
  fireEvent.click(add());
  t.same(
    (added ?? []).map((choice: CartChoice) => [choice.id, choice.priceDeltaCents]),
    [
      ['b', 0],
      ['c', 150],
      ['d', -50],
    ],
    'in the menu’s order',
  );
});

t.test('a set menu: a sold-out course cannot be chosen; Escape goes back; Italian words', async (t) => {
  let back = false;
  const menu = {
    id: 'menu',
    name: 'Menu Pellegrino',
    priceCents: 1800,
    choices: [
      {
        id: 'p',
        name: 'Primo',
        min: 1,
        max: 1,
        options: [option('t', 'Tagliatelle', 0, 'f-t'), option('g', 'Gnocchi', 0, 'f-g')],
      },
    ],
  };
  render(
    <TextsContext.Provider value={texts('it')}>
      <ChoicesSheet
        food={menu}
        orderable={(foodId) => foodId !== 'f-g'}
        onBack={() => (back = true)}
        onAdd={() => undefined}
      />
    </TextsContext.Provider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Menu Pellegrino: scegli' });
  t.match(dialog.textContent, /Primo · obbligatorio · scegline 1/);
  t.ok((screen.getByRole('button', { name: /Gnocchi/ }) as HTMLButtonElement).disabled, 'its food is sold out');
  t.ok((screen.getByRole('button', { name: /^Aggiungi/ }) as HTMLButtonElement).disabled);
  fireEvent.click(screen.getByRole('button', { name: 'Tagliatelle' }));
  t.notOk((screen.getByRole('button', { name: /^Aggiungi/ }) as HTMLButtonElement).disabled);
  fireEvent.keyDown(dialog, { key: 'Escape' });
  t.ok(back, 'Escape is the way back');
});
