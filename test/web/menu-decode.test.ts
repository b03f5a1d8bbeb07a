import t, { type Test } from 'tap';
import { PublicMenu } from '../../src/api/public-menu.js';
import { decodeMenu } from '../../src/web/menu/menu-decode.js';

// The menu page reads the menu without zod (src/web/menu/menu-decode.ts): it must take and refuse exactly what the
// schema does, and give the same menu in cents. Every field of a wire menu is changed in turn to values of other
// kinds, odd numbers and nothing at all, and both readers are asked.

const WIRE = {
  venue: 'Sagra del Fungo',
  generatedAt: '2026-11-21T18:00:00.000Z',
  categories: [
    {
      name: 'Secondi',
      foods: [
        {
          id: 'cmwmenu00000000000000steak1',
          name: 'Tagliata di manzo',
          description: 'con rucola',
          price: 14.5,
          portionsLeft: null,
          allergens: ['MUSTARD', 'CELERY'],
          choices: [
            {
              id: 'cmwmenu00000000000000grpck1',
              name: 'Cottura',
              min: 1,
              max: 1,
              options: [
                { id: 'cmwmenu00000000000000rare01', name: 'Al sangue', priceDelta: 0, available: true },
                { id: 'cmwmenu00000000000000well01', name: 'Ben cotta', priceDelta: -0.5, available: false },
              ],
            },
          ],
        },
        {
          id: 'cmwmenu00000000000000fries1',
          name: 'Patatine',
          description: '',
          price: 3,
          portionsLeft: 12,
          allergens: [],
          choices: [],
        },
      ],
    },
  ],
};

const ODD: unknown[] = [
  undefined,
  null,
  '',
  '1',
  0,
  -0,
  1,
  -3,
  1.5,
  7.005,
  0.1 + 0.2,
  1e21,
  2 ** 53,
  Number.NaN,
  true,
  [],
  {},
  'GLUTEN',
];

function same(t: Test, value: unknown, what: string) {
  const schema = PublicMenu.safeParse(value);
  t.same(decodeMenu(value), schema.success ? schema.data : null, what);
}

/** Every path to a value in the menu, objects and arrays included. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [at];
  const inner = Object.entries(value).flatMap(([key, item]) =>
    paths(item, [...at, Array.isArray(value) ? Number(key) : key]),
  );
  return at.length === 0 ? inner : [at, ...inner];
}

function changed(path: Array<string | number>, odd: unknown): unknown {
  const copy = structuredClone(WIRE) as unknown as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (odd === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = odd;
  return copy;
}

t.test('a menu from the wire: the same menu in cents', async (t) => {
  const menu = decodeMenu(WIRE);
  t.equal(menu?.categories[0]?.foods[0]?.price, 1450, 'prices in cents');
  t.equal(menu?.categories[0]?.foods[0]?.choices[0]?.options[1]?.priceDelta, -50);
  same(t, WIRE, 'as the schema reads it');
});

t.test('every field changed to an odd value: taken or refused as the schema does', async (t) => {
  const all = paths(WIRE);
  t.ok(all.length >= 40, `${all.length} places`);
  let refused = 0;
  for (const path of all) {
    for (const odd of ODD) {
      const menu = changed(path, odd);
      same(t, menu, `${path.join('.')} = ${JSON.stringify(odd) ?? 'nothing'}`);
      if (decodeMenu(menu) === null) refused++;
    }
  }
  t.ok(refused > all.length * 10, `most odd values are refused (${refused})`);
});

t.test('fields the schema does not know are left out; what is not an object is refused', async (t) => {
  const extra = { ...WIRE, secret: 'x', categories: [{ ...WIRE.categories[0], id: 'c1' }] };
  same(t, extra, 'extra fields');
  t.notOk(JSON.stringify(decodeMenu(extra)).includes('secret'));
  for (const value of [null, 'menu', 3, [], [WIRE]]) same(t, value, JSON.stringify(value));
});
