import type { TestApp } from './app.js';

// A menu with choices, made through the API as an admin makes it: a steak with its cooking (required) and a side
// (optional, one lowers the price), a pizza with toppings, and the "Menu Pellegrino", a set menu whose first and
// second course are other foods of the menu (components) cooked at their own stations.

export interface ChoicesMenu {
  printers: { grill: string; pasta: string; till: string };
  categories: { secondi: string; primi: string; menus: string; pizze: string };
  register: string;
  tagliata: string;
  pizza: string;
  tagliatelle: string;
  salsiccia: string;
  pellegrino: string;
  /** Option ids by name. */
  options: Record<string, string>;
  /** Group ids by name. */
  groups: Record<string, string>;
}

type Post = (url: string, body: unknown) => Promise<Record<string, any>>;

/** Into a test app (through inject). */
export async function choicesMenu(app: TestApp, counts: { tagliatelle?: number | null } = {}): Promise<ChoicesMenu> {
  return choicesMenuVia(async (url, body) => {
    const response = await app.request({ method: 'POST', url, body });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  }, counts);
}

/** Through any admin's POST (a real server's `adminApi`); printers at `printerPort` (9: nowhere). */
export async function choicesMenuVia(
  post: Post,
  counts: { tagliatelle?: number | null } = {},
  printerPort = 9,
): Promise<ChoicesMenu> {
  const printer = async (name: string) =>
    (await post('/v1/printers', { name, ip: '127.0.0.1', port: printerPort, description: '' })).id as string;
  const printers = { grill: await printer('Griglia'), pasta: await printer('Pasta'), till: await printer('Cassa') };
  const category = async (name: string, printerId: string | null) =>
    (await post('/v1/categories', { name, printerId })).id as string;
  const categories = {
    secondi: await category('Secondi', printers.grill),
    primi: await category('Primi', printers.pasta),
    menus: await category('Menu', null),
    pizze: await category('Pizze', printers.grill),
  };
  const register = (await post('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printers.till }))
    .id as string;
  const food = async (name: string, price: number, categoryId: string, extra: Record<string, unknown> = {}) =>
    post('/v1/foods', { name, price, categoryId, available: true, ...extra });
  const tagliatelle = (
    await food('Tagliatelle al ragù', 8, categories.primi, {
      stock: counts.tagliatelle === undefined ? null : counts.tagliatelle,
    })
  ).id as string;
  const salsiccia = (await food('Salsiccia e polenta', 9, categories.secondi)).id as string;
  const tagliata = await food('Tagliata di manzo', 14, categories.secondi, {
    choices: [
      {
        name: 'Cottura',
        min: 1,
        max: 1,
        options: [{ name: 'al sangue' }, { name: 'media' }, { name: 'ben cotta' }],
      },
      {
        name: 'Contorno',
        min: 0,
        max: 1,
        options: [
          { name: 'patate', priceDelta: 1.5 },
          { name: 'senza contorno', priceDelta: -2 },
          { name: 'funghi', priceDelta: 2, available: false },
        ],
      },
    ],
  });
  const pizza = await food('Margherita', 7.5, categories.pizze, {
    choices: [
      {
        name: 'Aggiunte',
        min: 0,
        max: 2,
        options: [
          { name: '+ bufala', priceDelta: 2 },
          { name: '+ acciughe', priceDelta: 1 },
          { name: '+ olive', priceDelta: 0.5 },
        ],
      },
    ],
  });
  const pellegrino = await food('Menu Pellegrino', 18, categories.menus, {
    choices: [
      { name: 'Primo', min: 1, max: 1, options: [{ name: 'Tagliatelle', foodId: tagliatelle }] },
      { name: 'Secondo', min: 1, max: 1, options: [{ name: 'Salsiccia', foodId: salsiccia }] },
    ],
  });
  const options: Record<string, string> = {};
  const groups: Record<string, string> = {};
  for (const made of [tagliata, pizza, pellegrino]) {
    for (const group of made.choices) {
      groups[group.name] = group.id;
      for (const option of group.options) options[option.name] = option.id;
    }
  }
  return {
    printers,
    categories,
    register,
    tagliata: tagliata.id,
    pizza: pizza.id,
    tagliatelle,
    salsiccia,
    pellegrino: pellegrino.id,
    options,
    groups,
  };
}
