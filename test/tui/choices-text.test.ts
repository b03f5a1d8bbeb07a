import t from 'tap';
import { choicesText, readChoicesText } from '../../src/tui/choices-text.js';

// The console's one-line form of a food's choices: written from the groups, read back to the same groups, and a
// clear word for what cannot be read.

const foods = [
  { id: 'f-t', name: 'Tagliatelle al ragù' },
  { id: 'f-s', name: 'Salsiccia e polenta' },
];

t.test('groups are written on one line and read back the same', async (t) => {
  const groups = [
    {
      id: 'g1',
      name: 'Cottura',
      min: 1,
      max: 1,
      options: [
        { id: 'a', name: 'al sangue', priceDelta: 0, foodId: null, available: true },
        { id: 'b', name: 'ben cotta', priceDelta: 0, foodId: null, available: true },
      ],
    },
    {
      id: 'g2',
      name: 'Extra',
      min: 0,
      max: 2,
      options: [
        { id: 'c', name: 'patate', priceDelta: 150, foodId: null, available: true },
        { id: 'd', name: 'senza pane', priceDelta: -50, foodId: null, available: false },
        { id: 'e', name: 'Tagliatelle al ragù', priceDelta: 0, foodId: 'f-t', available: true },
        { id: 'f', name: 'Secondo', priceDelta: 200, foodId: 'f-s', available: true },
      ],
    },
  ];
  const text = choicesText('it', groups, foods);
  t.equal(
    text,
    'Cottura [1-1]: al sangue, ben cotta; Extra [0-2]: patate +1,50, senza pane -0,50 (off), @Tagliatelle al ragù, ' +
      'Secondo @Salsiccia e polenta +2,00',
  );
  const read = readChoicesText(text, foods);
  t.same(
    'groups' in read ? read.groups : read,
    groups.map(({ id: _id, options, ...group }) => ({
      ...group,
      options: options.map(({ id: _o, ...option }) => option),
    })),
  );
  t.same(readChoicesText('', foods), { groups: [] }, 'empty: no choices');
  t.same(readChoicesText('Salse: maionese', foods), {
    groups: [
      { name: 'Salse', min: 0, max: 1, options: [{ name: 'maionese', priceDelta: 0, foodId: null, available: true }] },
    ],
  });
});

t.test('what cannot be read is said in words', async (t) => {
  t.match(readChoicesText('Cottura al sangue', foods), { error: /Group \[min-max\]: option/ });
  t.match(readChoicesText('Primo: @Cassoeula', foods), { error: /no food is called "Cassoeula"/ });
  t.match(readChoicesText('Extra: patate +tanto', foods), { error: /not an amount/ });
});
