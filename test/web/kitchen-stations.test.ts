import t from 'tap';
import { kitchenStations } from '../../src/web/kitchen/stations.js';

// The station picker offers the printers kitchen tickets go to, by the tickets' own routing.

const printers = [
  { id: 'p-grill', name: 'Griglia' },
  { id: 'p-bar', name: 'Bar' },
  { id: 'p-cassa', name: 'Cassa' },
  { id: 'p-fry', name: 'Friggitrice' },
];
const categories = [
  { id: 'c-grill', printerId: 'p-grill' },
  { id: 'c-drinks', printerId: 'p-bar' },
  { id: 'c-sweets', printerId: null },
];
const registers = [{ defaultPrinterId: 'p-cassa' }];

t.test('a receipt-only printer is no station', async (t) => {
  const foods = [
    { categoryId: 'c-grill', printerId: null },
    { categoryId: 'c-drinks', printerId: null },
    { categoryId: 'c-sweets', printerId: 'p-fry' },
  ];
  t.same(
    kitchenStations(printers, categories, foods, registers).map((s) => s.name),
    ['Griglia', 'Bar', 'Friggitrice'],
  );
});

t.test('the register printer is a station when items fall through to it', async (t) => {
  const foods = [{ categoryId: 'c-sweets', printerId: null }];
  t.same(
    kitchenStations(printers, categories, foods, registers).map((s) => s.name),
    ['Griglia', 'Bar', 'Cassa'],
  );
});

t.test('nothing routed: no stations', async (t) => {
  t.same(kitchenStations(printers, [], [], registers), []);
});
