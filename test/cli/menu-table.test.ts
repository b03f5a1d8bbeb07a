import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv, writeCsv } from '../../src/cli/menu/csv.js';
import { describeProblem, parsePrice, placeServerProblem, readMenu } from '../../src/cli/menu/menu-table.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// Spreadsheets as committees save them: the reader takes Excel's Italian CSV (BOM, `;`, decimal comma, quoted cells
// over two lines) and a plain English one alike, and says what is wrong at its line and column.

const fixture = (name: string) => readFileSync(join(PACKAGE_ROOT, 'test/fixtures/menu', name), 'utf8');

t.test("Excel's Italian CSV: BOM, semicolons, decimal comma, quotes and a cell over two lines", async (t) => {
  const table = parseCsv(fixture('excel-it.csv'));
  t.equal(table.delimiter, ';');
  t.same(table.rows[0]?.slice(0, 3), ['categoria', 'nome', 'prezzo'], 'the BOM is not part of the first title');
  t.same(table.lines, [1, 2, 3, 4, 6], 'a row after a cell over two lines starts on its own line');
  const menu = readMenu(table, 'it');
  t.same(menu.problems, []);
  t.same(menu.ignored, [], 'allergens and position are read');
  t.same(menu.foods, [
    {
      category: 'Primi',
      name: 'Tagliatelle al ragù',
      price: 800,
      description: 'Pasta fresca',
      printer: 'Cucina',
      stock: null,
      position: 1,
      allergens: ['GLUTEN', 'EGGS'],
    },
    {
      category: 'Primi',
      name: 'Polenta e funghi',
      price: 850,
      description: 'Porcini; "di bosco"',
      printer: 'Cucina',
      stock: 40,
      position: 2,
      allergens: [],
    },
    {
      category: 'Bevande',
      name: 'Birra alla spina 0,4 l',
      price: 400,
      description: 'Bionda alla spina',
      printer: 'Bar',
      stock: null,
      position: 3,
      allergens: [],
    },
    {
      category: 'Dolci',
      name: 'Tiramisù',
      price: 400,
      description: 'Fatto in casa',
      printer: null,
      stock: 12,
      position: 4,
      allergens: ['EGGS', 'MILK'],
    },
  ]);
});

t.test('allergens in Italian or English, codes too; positions; a bad cell said at its line and column', async (t) => {
  const menu = readMenu(
    parseCsv(
      'category,name,price,allergens,position\n' +
        'Pesce,Fritto misto,9,"Molluscs, crostacei; GLUTEN / frutta a guscio",-2\n' +
        'Pesce,Baccalà,8,fish,\n' +
        'Pesce,Sarde,8,"pesce, pork",x\n',
    ),
    'en',
  );
  t.same(menu.foods, [
    {
      category: 'Pesce',
      name: 'Fritto misto',
      price: 900,
      position: -2,
      allergens: ['GLUTEN', 'CRUSTACEANS', 'NUTS', 'MOLLUSCS'],
    },
    { category: 'Pesce', name: 'Baccalà', price: 800, position: 0, allergens: ['FISH'] },
  ]);
  t.same(
    menu.problems.map((problem) => describeProblem('en', problem)),
    [
      'line 4, column position (E): must be a whole number such as 10 (found "x")',
      'line 4, column allergens (D): unknown allergen "pork" (write them as in pos foods --help, separated by commas)',
    ],
  );
});

t.test(
  'a plain English CSV: commas, decimal point, no BOM; columns left out are not sent (kept as they are)',
  async (t) => {
    const menu = readMenu(parseCsv(fixture('plain-en.csv')), 'en');
    t.same(menu.problems, []);
    t.same(menu.foods, [
      {
        category: 'Primi',
        name: 'Tagliatelle al ragù',
        price: 850,
        description: 'Pasta fresca',
        printer: 'Cucina',
        stock: null,
      },
      { category: 'Bevande', name: 'Acqua', price: 100, description: '', printer: null, stock: null },
    ]);
    const short = readMenu(parseCsv('name,price,category\nAcqua,1,Bevande\n'), 'en');
    t.same(
      short.foods,
      [{ category: 'Bevande', name: 'Acqua', price: 100 }],
      'any column order; no description, printer or stock sent',
    );
  },
);

t.test('bad cells: every problem at its line and column, in the venue language', async (t) => {
  const menu = readMenu(parseCsv(fixture('bad-cells.csv')), 'it');
  t.same(
    menu.problems.map((problem) => describeProblem('it', problem)),
    [
      'riga 2, colonna prezzo (C): deve essere un importo come 7,50 (trovato "8,0,0")',
      'riga 3, colonna nome (B): non deve essere vuota',
      'riga 4, colonna porzioni (E): deve essere un numero intero di porzioni, o vuota se non si contano (trovato "tanti")',
    ],
  );
  const english = readMenu(parseCsv(fixture('bad-cells.csv')), 'en');
  t.match(describeProblem('en', english.problems[0]!), /^line 2, column prezzo \(C\): must be an amount such as 7\.50/);
});

t.test('a file that is not a menu: the header says what is missing', async (t) => {
  const menu = readMenu(parseCsv(fixture('bad-header.csv')), 'it');
  t.same(
    menu.problems.map((problem) => describeProblem('it', problem)),
    [
      'riga 1, colonna piatto (B): colonna sconosciuta "piatto"',
      'riga 1, colonna costo (C): colonna sconosciuta "costo"',
      'riga 1: manca la colonna "nome"',
      'riga 1: manca la colonna "prezzo"',
    ],
  );
  t.match(
    describeProblem('en', readMenu(parseCsv('a,b\n1,2\n'), 'en').problems[0]!),
    /first line must name the columns: category, name, price/,
  );
  t.match(
    describeProblem('en', readMenu(parseCsv('name,price,category\n'), 'en').problems[0]!),
    /no foods below the first line/,
  );
});

t.test('prices as people type them, and as Excel stores them', async (t) => {
  t.same(
    ['7,50', '7.5', '7', '€ 7,50', '7,50 €', 0, 7.5, 12.25].map(parsePrice),
    [750, 750, 700, 750, 750, 0, 750, 1225],
  );
  t.same(['7,505', '-1', 'sette', '1.234,50', -1, 7.505].map(parsePrice), [null, null, null, null, null, null]);
});

t.test('what writeCsv writes, parseCsv reads back the same', async (t) => {
  const rows = [
    ['categoria', 'nome'],
    ['Primi', 'Pasta; "fresca"'],
    ['Dolci', 'Torta\nalla frutta'],
  ];
  for (const delimiter of [';', ','] as const) {
    const text = writeCsv(rows, delimiter);
    t.ok(text.startsWith('\uFEFF') && text.includes('\r\n'), 'BOM and CRLF, as Excel writes');
    t.same(parseCsv(text).rows, rows, `with ${delimiter}`);
  }
});

t.test('an .xlsx (made once with write-excel-file): prices are numbers, empty cells are empty', async (t) => {
  const { readSheet } = await import('../../src/cli/menu/spreadsheet.js');
  const menu = readMenu(await readSheet(join(PACKAGE_ROOT, 'test/fixtures/menu/menu.xlsx'), 'xlsx'), 'it');
  t.same(menu.problems, []);
  t.same(menu.foods, [
    {
      category: 'Primi',
      name: 'Tagliatelle al ragù',
      price: 800,
      description: 'Pasta fresca',
      printer: 'Cucina',
      stock: null,
    },
    { category: 'Primi', name: 'Polenta e funghi', price: 850, description: 'Porcini', printer: 'Cucina', stock: 40 },
    { category: 'Bevande', name: 'Birra alla spina 0,4 l', price: 400, description: '', printer: 'Bar', stock: null },
    { category: 'Dolci', name: 'Tiramisù', price: 400, description: 'Fatto in casa', printer: null, stock: 12 },
  ]);
});

t.test("the server's refusal of a row is said by its detail code, at the row's line and column", async (t) => {
  const menu = readMenu(parseCsv(fixture('bad-printer.csv')), 'it');
  t.same(menu.problems, []);
  // Messages no one would match: only the codes (and `other`) tell what to say.
  const printer = placeServerProblem(menu, 'it', {
    path: 'body.foods.0.printer',
    message: 'the printer is not known here',
    code: 'unknown-printer',
  });
  t.match(
    printer && describeProblem('it', printer),
    /riga 2, colonna stampante \(D\): non esiste la stampante "Forno"/,
  );
  const twice = placeServerProblem(menu, 'it', {
    path: 'body.foods.2.name',
    message: 'a food seen before',
    code: 'duplicate-food',
    other: 0,
  });
  t.match(twice && describeProblem('it', twice), /riga 4, colonna nome \(B\): questo piatto è già alla riga 2/);
  const unknown = placeServerProblem(menu, 'it', { path: 'body.foods.1.name', message: 'newer words', code: 'x-y' });
  t.equal(unknown?.problem, 'newer words', "a code this CLI does not know keeps the server's words");
});
