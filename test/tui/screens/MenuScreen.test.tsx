import t from 'tap';
import { MenuScreen } from '../../../src/tui/screens/MenuScreen.js';
import { waitFor } from '../../helpers/wait.js';
import { serve, show } from './harness.js';

t.test(
  'Menu: a category and a food added, a refusal beside its field in Italian, the price edited, sold out the right way round',
  async (t) => {
    const { app, client } = await serve(t);
    const captured: boolean[] = [];
    const { type, shows } = show(
      t,
      <MenuScreen client={client} width={80} height={20} active onCapture={(on) => captured.push(on)} />,
      'it',
    );
    await shows('the empty menu', (s) => s.includes('Menù: piatti per categoria') && s.includes('ancora niente'));
    await type('a');
    await shows('no category yet', (s) => s.includes('prima aggiungi una categoria'));
    await type('c');
    await shows('the categories', (s) => s.includes('Menù: categorie'));
    await type('a');
    await shows('the category form', (s) => s.includes('Nuova categoria'));
    await type('Pizze\u0013');
    await shows('the category', (s) => /Pizze\s+1\s+della cassa\s+sì/.test(s));
    await type('f');
    await shows('the foods', (s) => s.includes('Menù: piatti'));
    await type('a');
    await shows('the food form', (s) => s.includes('Nuovo piatto'));
    await type('\t7,505\u0013');
    let text = await shows('the price refused beside it', (s) => s.includes('✗'));
    t.match(text, /› Prezzo\s+7,505\s+✗ non è un importo: scrivi 4,50/, 'said before asking the server');
    await type('\u007f\u0013');
    text = await shows('the name refused by the server beside it', (s) => /› Nome\s+✗/.test(s));
    t.match(text, /› Nome\s+✗ non può essere vuoto/, 'the server\'s "must not be empty", in Italian');
    t.match(text, /Prezzo\s+7,50$/m, 'what was typed stays');
    await type('Margherita\u0013');
    text = await shows('the food', (s) => /Margherita\s+Pizze\s+7,50/.test(s));
    t.match(text, /\[x\] disponibile/);
    const [food] = await client.foods();
    t.match(food, { name: 'Margherita', price: 750, available: true, category: { name: 'Pizze' } });
    await type('e');
    await shows('the edit form', (s) => s.includes('Piatto: Margherita'));
    await type('\u001b[B\u007f\u007f\u007f\u007f8\u0013');
    await shows('the new price', (s) => /Margherita\s+Pizze\s+8,00/.test(s));
    t.match(await client.get('/v1/foods', food!.id), { price: 800 }, 'cents, as the typed client hands money');
    await type(' ');
    text = await shows('sold out', (s) => s.includes('Margherita esaurito') && s.includes('ESAURITO'));
    t.match(text, /\[ \] ESAURITO/, 'an empty box: not on sale');
    t.equal((await client.get('/v1/foods', food!.id)).available, false);
    await type('x');
    await shows('the question', (s) => s.includes('Eliminare Margherita? s sì, n no'));
    await type('s');
    await shows('deleted', (s) => s.includes('eliminato: Margherita'));
    t.equal((await client.foods()).length, 0);
    t.ok(captured.includes(true) && captured.at(-1) === false, 'forms and questions took the keys, and gave them back');
    void app;
  },
);

t.test('Menu: u and d move a food inside its category; allergens typed in words; tokens on a category', async (t) => {
  const { client } = await serve(t);
  const pizze = await client.create('/v1/categories', { name: 'Pizze', position: 1 });
  const drinks = await client.create('/v1/categories', { name: 'Bevande', position: 2 });
  for (const name of ['Margherita', 'Diavola', 'Capricciosa'])
    await client.create('/v1/foods', { name, price: 700, categoryId: pizze.id, available: true });
  await client.create('/v1/foods', { name: 'Birra', price: 400, categoryId: drinks.id, available: true });
  const { type, shows } = show(t, <MenuScreen client={client} width={100} height={20} active onCapture={() => {}} />);
  const order = (s: string) =>
    s
      .split('\n')
      .map((line) => /^[ ›] (\w+)/.exec(line)?.[1])
      .filter((name) => name && ['Margherita', 'Diavola', 'Capricciosa', 'Birra'].includes(name));
  let text = await shows('the foods by name', (s) => s.includes('Capricciosa') && s.includes('u/d up/down'));
  t.same(order(text), ['Capricciosa', 'Diavola', 'Margherita', 'Birra']);
  await type('\u001b[B\u001b[B'); // the cursor on Margherita
  await type('u');
  text = await shows('Margherita one up', (s) => order(s).join() === 'Capricciosa,Margherita,Diavola,Birra');
  t.match(text, /› Margherita/, 'the cursor follows the food');
  await type('u');
  await shows('Margherita first', (s) => order(s).join() === 'Margherita,Capricciosa,Diavola,Birra');
  await type('u');
  await type('\u001b[B\u001b[B\u001b[B');
  await type('d');
  text = await shows(
    'the cursor on Birra, the only drink: d moves nothing',
    (s) => /› Birra/.test(s) && order(s).join() === 'Margherita,Capricciosa,Diavola,Birra',
  );
  await waitFor('the positions saved', async () => {
    const foods = await client.foods();
    return foods.map((food) => food.name).join() === 'Margherita,Capricciosa,Diavola,Birra';
  });

  await type('\u001b[A\u001b[A\u001b[A'); // Margherita
  await type('e');
  await shows('the edit form', (s) => s.includes('Food: Margherita') && s.includes('Allergens'));
  await type('\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B');
  await type('latte, glutine, pork\u0013');
  await shows('the unknown word beside the field', (s) => /Allergens\s+.*✗ not one of the 14 allergens: pork/.test(s));
  await type('\u007f\u007f\u007f\u007f\u007f\u007f\u0013');
  text = await shows('the marks in the list', (s) => /Margherita.*GL MI/.test(s));
  t.match(
    (await client.foods()).find((food) => food.name === 'Margherita'),
    { allergens: ['GLUTEN', 'MILK'] },
  );

  await type('c');
  await shows('the categories', (s) => s.includes('Menu: categories'));
  await type('\u001b[B');
  await type('e');
  await shows('the category form', (s) => s.includes('Category: Bevande') && s.includes('One token per unit'));
  await type('\t\t\t\t ');
  await type('\u0013');
  await shows('tokens on', (s) => /Bevande\s+2\s+.*yes\s+yes/.test(s));
  t.match(await client.get('/v1/categories', drinks.id), { ticketPerUnit: true });
});

t.test('Menu: a food made the cover charge from its form; a second cover refused in words', async (t) => {
  const { client } = await serve(t);
  const category = await client.create('/v1/categories', { name: 'Servizio' });
  await client.create('/v1/foods', { name: 'Coperto', price: 150, categoryId: category.id, available: true });
  await client.create('/v1/foods', {
    name: 'Pane',
    price: 100,
    categoryId: category.id,
    available: true,
    role: 'COVER',
  });
  const { type, shows } = show(
    t,
    <MenuScreen client={client} width={80} height={24} active onCapture={() => {}} />,
    'it',
  );
  await shows('the foods', (s) => s.includes('Coperto') && s.includes('Pane'));
  await type('e');
  let text = await shows('the edit form', (s) => s.includes('Piatto: Coperto'));
  t.match(text, /Ruolo\s+‹ piatto ›/, 'an ordinary food');
  // Down to the last field, then one step right: the cover.
  await type('\u001b[B'.repeat(9));
  await type('\u001b[C');
  text = await shows('the role chosen', (s) => s.includes('‹ coperto, a persona ›'));
  await type('\u0013');
  text = await shows('refused: Pane is the cover', (s) => s.includes('Un altro piatto ha già quel ruolo'));
  const pane = (await client.foods()).find((food) => food.name === 'Pane');
  await client.patch('/v1/foods', pane!.id, { role: null });
  await type('\u0013');
  await shows('saved', (s) => s.includes('salvato: Coperto') || s.includes('Menù: piatti'));
  const coperto = (await client.foods()).find((food) => food.name === 'Coperto');
  t.equal(coperto?.role, 'COVER');
});

t.test(
  'Menu: a food’s choices edited on one line of its form, ids kept, a line that cannot be read said beside it',
  async (t) => {
    const { app, client } = await serve(t);
    const category = (await app.request({ method: 'POST', url: '/v1/categories', body: { name: 'Secondi' } })).json();
    const made = await app.request({
      method: 'POST',
      url: '/v1/foods',
      body: {
        name: 'Tagliata',
        price: 14,
        categoryId: category.id,
        available: true,
        choices: [{ name: 'Cottura', min: 1, max: 1, options: [{ name: 'al sangue' }, { name: 'ben cotta' }] }],
      },
    });
    const before = made.json().choices[0];
    const { type, shows } = show(
      t,
      <MenuScreen client={client} width={110} height={24} active onCapture={() => undefined} />,
      'en',
    );
    await shows('the food', (s) => s.includes('Tagliata'));
    await type('e');
    await shows('its choices in the form', (s) => s.includes('Cottura [1-1]: al sangue, ben cotta'));
    await type('\u001b[B'.repeat(10));
    await type(', media; Contorno: patate +1,50, @Cassoeula\u0013');
    // The refusal ("no food is called …") is beside the field, cut to the screen's width.
    await shows('refused beside the field', (s) => /› Choices .*✗/.test(s));
    t.same((await client.get('/v1/foods', made.json().id)).choices, made.json().choices, 'nothing sent');
    await type('\u007f'.repeat(', @Cassoeula'.length));
    await type('\u0013');
    await shows('saved: the list again', (s) => s.includes('Menu: foods by category'));
    const after = (await client.get('/v1/foods', made.json().id)).choices;
    t.same(
      after.map((group) => [group.name, group.min, group.max, group.options.map((o) => [o.name, o.priceDelta])]),
      [
        [
          'Cottura',
          1,
          1,
          [
            ['al sangue', 0],
            ['ben cotta', 0],
            ['media', 0],
          ],
        ],
        ['Contorno', 0, 1, [['patate', 150]]],
      ],
    );
    t.equal(after[0]?.id, before.id, 'the group keeps its id');
    t.equal(after[0]?.options[1]?.id, before.options[1].id, 'an option keeps its id');
  },
);

t.test('Menu at 80 columns, every column shown: the names and the prices whole, the rest cut', async (t) => {
  const { client } = await serve(t);
  const secondi = await client.create('/v1/categories', { name: 'Secondi', position: 1 });
  await client.create('/v1/foods', {
    name: 'Piadina crudo e squacquerone',
    price: 1100,
    categoryId: secondi.id,
    available: true,
    stock: 3,
    allergens: ['GLUTEN', 'MILK', 'CRUSTACEANS'],
  });
  const { shows } = show(t, <MenuScreen client={client} width={80} height={12} active onCapture={() => {}} />, 'it');
  const text = await shows('the food', (s) => s.includes('Piadina'));
  t.match(text, /Piadina crudo e squacquerone +Secon\S* +11,00 /, 'name and price whole');
  t.match(text, /Rimas… +Aller/, 'the last columns are on screen');
  t.match(text, /11,00 +della… +\[x\] d… +3 +GL CR…/, 'their cells cut, not left out');
  t.ok(
    text.split('\n').every((line) => line.length <= 79),
    `nothing past the edge:\n${text}`,
  );
});
