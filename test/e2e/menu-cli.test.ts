import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/app.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// `pos menu import/export` against the real server of an Italian venue: a dry run, the import, an export that
// imports back with nothing changed (CSV and .xlsx), and bad files refused whole with the line and column.

const fixture = (name: string) => join(PACKAGE_ROOT, 'test/fixtures/menu', name);

t.test('import, export, import again: nothing changes; bad files change nothing and say where', async (t) => {
  const dataDir = tempDir(t);
  const out = tempDir(t);
  await startRealServer(t, dataDir, ['--locale', 'it']);
  const pos = posInProcess(t, dataDir);
  const fail = async (args: string[]) => {
    const result = await runPosInProcess([...args, '--data-dir', dataDir]);
    t.equal(result.code, 1, `pos ${args.join(' ')} fails`);
    return result.stderr;
  };
  await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1']);
  await pos(['printers', 'add', '--name', 'Bar', '--ip', '127.0.0.1']);

  const dry = await pos(['menu', 'import', fixture('excel-it.csv'), '--dry-run']);
  t.match(dry, /Aggiunti \(4\):\n  \+ Tagliatelle al ragù \(Primi\)/);
  t.notMatch(dry, /ignorata/, 'allergens and positions are read, not ignored');
  t.match(dry, /Prova: non è cambiato nulla/);
  t.same(JSON.parse(await pos(['foods', 'list', '--json'])), [], 'the dry run added nothing');

  t.match(await pos(['menu', 'import', fixture('excel-it.csv')]), /Il menu è importato/);
  const foods = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{
    name: string;
    price: number;
    stock: number | null;
    position: number;
    allergens: string[];
  }>;
  t.match(
    foods.find((food) => food.name === 'Tagliatelle al ragù'),
    { position: 1, allergens: ['GLUTEN', 'EGGS'] },
    'allergeni and posizione carried in',
  );
  t.equal(foods.length, 4);
  t.match(
    foods.find((food) => food.name === 'Polenta e funghi'),
    { price: 8.5, stock: 40 },
  );

  for (const file of ['menu.csv', 'menu.xlsx']) {
    await pos(['menu', 'export', join(out, file)]);
    const again = JSON.parse(await pos(['menu', 'import', join(out, file), '--json'])) as {
      added: unknown[];
      changed: unknown[];
      unchanged: string[];
    };
    t.same(
      [again.added.length, again.changed.length, again.unchanged.length],
      [0, 0, 4],
      `export then import of ${file} changes nothing`,
    );
  }
  const csv = readFileSync(join(out, 'menu.csv'), 'utf8');
  t.ok(
    csv.startsWith('\uFEFFcategoria;nome;prezzo;descrizione;stampante;porzioni;allergeni;posizione\r\n'),
    'Italian Excel CSV: BOM, ;, Italian headers',
  );
  t.match(csv, /Primi;Polenta e funghi;8,50;/, 'decimal comma');
  t.match(
    csv,
    /Tagliatelle al ragù;8,00;Pasta fresca;Cucina;;glutine, uova;1\r\n/,
    'allergens in Italian, the position',
  );

  const before = await pos(['foods', 'list', '--json']);
  t.match(
    await fail(['menu', 'import', fixture('bad-cells.csv')]),
    /riga 2, colonna prezzo \(C\): deve essere un importo come 7,50 \(trovato "8,0,0"\)/,
  );
  t.match(await fail(['menu', 'import', fixture('bad-header.csv')]), /riga 1: manca la colonna "nome"/);
  const printer = await fail(['menu', 'import', fixture('bad-printer.csv')]);
  t.match(printer, /riga 2, colonna stampante \(D\): non esiste la stampante "Forno"/);
  t.match(printer, /riga 4, colonna nome \(B\): questo piatto è già alla riga 2/);
  t.match(await fail(['menu', 'import', join(out, 'menu.ods')]), /salvalo come \.csv o \.xlsx/);
  t.equal(await pos(['foods', 'list', '--json']), before, 'the refused files changed nothing');
});
