import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import t from 'tap';
import { decodeCart, refOf } from '../shared/cart-code.js';
import { rememberLocale } from '../shared/page-locale.js';
import { App } from './App.js';
import { EMBEDDED_ID } from './menu-data.js';

// The customers' menu page (docs/menu-page.md) as a customer uses it: allergens as marks with a legend (not colour
// alone), a food with choices opens its sheet (required groups enforced, each price change shown, the line priced
// with them), the cart code carries the chosen options; in English and Italian.

const id = (tail: string) => `cmwmenu00000000000000${tail}`;
const option = (tail: string, name: string, priceDelta = 0, available = true) => ({
  id: id(tail),
  name,
  priceDelta,
  available,
});
/** As the wire (and `pos menu-page`'s embedded copy) has it: prices in euros. */
const WIRE_MENU = {
  venue: 'Sagra del Fungo',
  generatedAt: '2026-11-21T18:00:00.000Z',
  categories: [
    {
      name: 'Secondi',
      foods: [
        {
          id: id('steak1'),
          name: 'Tagliata di manzo',
          description: '',
          price: 14,
          portionsLeft: null,
          allergens: ['MUSTARD'],
          choices: [
            {
              id: id('grpck1'),
              name: 'Cottura',
              min: 1,
              max: 1,
              options: [option('optas1', 'al sangue'), option('optbc1', 'ben cotta')],
            },
            {
              id: id('grpcn1'),
              name: 'Contorno',
              min: 0,
              max: 1,
              options: [
                option('optpt1', 'patate', 1.5),
                option('optsc1', 'senza contorno', -2),
                option('optfu1', 'funghi', 2, false),
              ],
            },
          ],
        },
        {
          id: id('pizza1'),
          name: 'Margherita',
          description: 'pomodoro e mozzarella',
          price: 7.5,
          portionsLeft: 1,
          allergens: ['GLUTEN', 'MILK'],
          choices: [],
        },
      ],
    },
  ],
};

function withMenu() {
  document.getElementById(EMBEDDED_ID)?.remove();
  const element = document.createElement('script');
  element.id = EMBEDDED_ID;
  element.setAttribute('type', 'application/json');
  element.textContent = JSON.stringify(WIRE_MENU);
  document.body.append(element);
}

t.afterEach(() => cleanup());

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const code = () => screen.getByRole('status', { name: /The code, if the QR cannot be read|Il codice/ }).textContent;

t.test('allergens as marks with a legend; a steak with its choices makes a line priced with them', async (t) => {
  rememberLocale('en');
  withMenu();
  render(<App />);
  const pizza = button('Add Margherita').closest('li') as HTMLElement;
  t.equal(within(pizza).getByText('Allergens: Cereals containing gluten, Milk').className, 'visually-hidden');
  t.same(
    [...pizza.querySelectorAll('.allergen-mark')].map((mark) => mark.textContent),
    ['GL', 'MI'],
    'marks, in letters',
  );
  const legend = screen.getByRole('region', { name: 'Allergens' });
  t.same(
    [...legend.querySelectorAll('dl > div')].map((row) => row.textContent),
    ['GLCereals containing gluten', 'MIMilk', 'MUMustard'],
    'the legend says what every mark shown means, in the EU order',
  );

  fireEvent.click(button('Add Tagliata di manzo'));
  const sheet = screen.getByRole('dialog', { name: 'Tagliata di manzo: choose' });
  t.match(sheet.textContent, /Cottura · required · choose 1/);
  t.ok((button(/^Add · /) as HTMLButtonElement).disabled, 'the cooking is required: Add is off');
  t.ok((within(sheet).getByRole('button', { name: /funghi/ }) as HTMLButtonElement).disabled, 'switched off');
  fireEvent.click(button('ben cotta'));
  fireEvent.click(button('senza contorno −€2.00'));
  t.equal(button(/^Add · /).textContent, 'Add · €12.00', 'the unit price with the price change');
  fireEvent.click(button(/^Add · /));
  t.equal(screen.queryByRole('dialog'), null, 'the sheet closes');
  const line = button('One more Tagliata di manzo (ben cotta, senza contorno)').closest('li') as HTMLElement;
  t.match(line.textContent, /1 × Tagliata di manzo/);
  t.match(line.textContent, /ben cotta · senza contorno\s−€2\.00/);
  t.match(line.textContent, /€12\.00/);

  // The same choices again add to the line; other choices make a line of their own.
  fireEvent.click(button('Add Tagliata di manzo'));
  fireEvent.click(button('ben cotta'));
  fireEvent.click(button('senza contorno −€2.00'));
  fireEvent.click(button(/^Add · /));
  fireEvent.click(button('Add Tagliata di manzo'));
  fireEvent.click(button('al sangue'));
  fireEvent.click(button('patate +€1.50'));
  fireEvent.click(button(/^Add · /));
  fireEvent.click(button('Add Margherita'));
  t.match(line.textContent, /2 × Tagliata di manzo.*€24\.00/);
  t.match(screen.getByText('Total').closest('p')?.textContent, /€47\.00/, '2 × 12 + 15.50 + 7.50');
  t.equal(
    code(),
    `POS1:STEAK1*2/OPTBC1/OPTSC1+STEAK1/OPTAS1/OPTPT1+PIZZA1`,
    'the code carries each line with its options',
  );
  t.same(decodeCart(code() ?? '')?.[1], { food: refOf(id('steak1')), quantity: 1, options: ['OPTAS1', 'OPTPT1'] });

  fireEvent.click(button('One less Tagliata di manzo (al sangue, patate)'));
  t.equal(code(), 'POS1:STEAK1*2/OPTBC1/OPTSC1+PIZZA1', 'the line with those choices goes, the other stays');
});

t.test('in Italian: the marks, the legend, the sheet and the line', async (t) => {
  rememberLocale('it');
  withMenu();
  render(<App />);
  const pizza = button('Aggiungi Margherita').closest('li') as HTMLElement;
  t.same(
    [...pizza.querySelectorAll('.allergen-mark')].map((mark) => mark.textContent),
    ['GL', 'LA'],
  );
  t.ok(screen.getByRole('region', { name: 'Allergeni' }));
  t.equal(within(pizza).getByText(/^ne rest/).textContent, 'ne resta 1', 'one portion left, in the singular');
  fireEvent.click(button('Aggiungi Tagliata di manzo'));
  const sheet = screen.getByRole('dialog', { name: 'Tagliata di manzo: scegli' });
  t.match(sheet.textContent, /Cottura · obbligatorio · scegline 1/);
  fireEvent.click(button('al sangue'));
  fireEvent.click(button(/^senza contorno −/));
  t.match(button(/^Aggiungi · /).textContent, /^Aggiungi · €\s12,00$/);
  fireEvent.click(button(/^Aggiungi · /));
  const line = button('Uno in più: Tagliata di manzo (al sangue, senza contorno)').closest('li') as HTMLElement;
  t.ok(button('Uno in meno: Tagliata di manzo (al sangue, senza contorno)'), 'not "Un Tagliata in meno"');
  t.match(line.textContent, /1 × Tagliata di manzo/);
  t.match(screen.getByText('Totale').closest('p')?.textContent, /12,00/);
  t.ok(screen.getByText('Da scegliere: Cottura, Contorno'), 'a food with choices says so before its sheet opens');
});
